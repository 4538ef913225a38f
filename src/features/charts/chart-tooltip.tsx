import { Paper, Text } from '@mantine/core';

/** A chart tooltip: exact figures, one per line, and any data-quality flags. */
export function ChartTooltip({
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
