import { Paper, Text } from '@mantine/core';

/** A chart tooltip: exact figures, one per line, and any data-quality flags. */
function ChartTooltip({
  title,
  lines,
  flags = [],
}: {
  title: string;
  lines: readonly string[];
  flags?: readonly string[];
}) {
  return (
    <Paper shadow="sm" withBorder p="xs" maw={360}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="xs">
          {line}
        </Text>
      ))}
      {flags.map((flag) => (
        <Text key={flag} size="xs" c="orange.9">
          ⚠ {flag}
        </Text>
      ))}
    </Paper>
  );
}

/** What a bar's tooltip says. */
export interface TooltipContent {
  readonly title: string;
  readonly lines: readonly string[];
  readonly flags?: readonly string[];
}

/**
 * A recharts tooltip `content` for bars whose data carry everything to say: recharts passes the
 * hovered entry as `payload[0].payload`, and `describe` words it.
 */
export function BarTooltip<T>({
  active,
  payload,
  describe,
}: {
  active?: boolean;
  payload?: readonly { payload?: T }[];
  describe: (bar: T) => TooltipContent;
}) {
  const bar = payload?.[0]?.payload;
  if (!active || bar === undefined) return null;
  const content = describe(bar);
  return <ChartTooltip title={content.title} lines={content.lines} flags={content.flags ?? []} />;
}
