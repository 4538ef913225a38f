import { Box } from '@mantine/core';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import {
  formatCount,
  formatUsd,
  formatUsdCompact,
  formatWeight,
} from '../../../components/charts/chart-format.ts';
import { useChartWidth } from '../../../components/charts/use-chart-width.ts';
import type { NewPosition, RankedSecurity } from '../analytics/across-managers.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';

const BAR_ROW = 24;
/** A new position's label may take two lines (security · manager): its row has room for them. */
const NEW_BAR_ROW = 32;
const LABEL_WIDTH = 190;
const LABEL_FONT = 11;
/** A tooltip names at most this many managers; the data table names them all. */
const TOOLTIP_NAMES = 12;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** The managers' names, cut short for a tooltip; '' when only their count is known. */
function namesLine(managers: readonly string[]): string {
  const shown = managers.slice(0, TOOLTIP_NAMES).join(', ');
  const more = managers.length - TOOLTIP_NAMES;
  return more > 0 ? `${shown} and ${String(more)} more` : shown;
}

/** Where only the count is known (too many to name from the aggregates). */
const NOT_NAMED = 'not listed: too many to read their rows here';

/** The ranking in a sentence: the leader and the two after it. */
function rankedSummary(bars: readonly RankedSecurity[], verb: string): string {
  const [first] = bars;
  return first
    ? `${first.label} leads: ${plural(first.count, 'manager')} ${verb} it` +
        (bars.length > 1
          ? `; then ${bars
              .slice(1, 3)
              .map((bar) => `${bar.label} (${formatCount(bar.count)})`)
              .join(' and ')}.`
          : '.')
    : `No security was ${verb === 'hold' ? 'held' : verb} by these managers this quarter.`;
}

/**
 * Securities ranked by how many managers did something with them this quarter (bought, sold,
 * held): one bar each, its managers named on hover and in the data table; a click opens the
 * security's view.
 */
export function RankedSecuritiesChart({
  title,
  verb,
  notes,
  entries,
  color,
  valueColumn,
  onOpen,
}: {
  title: string;
  /** What the managers did, for the sentence: "bought", "sold", "hold". */
  verb: string;
  notes: readonly string[];
  entries: readonly RankedSecurity[];
  color: string;
  /** The data table's name for the managers' combined value, or null where it means nothing. */
  valueColumn: string | null;
  onOpen: (entry: RankedSecurity) => void;
}) {
  const { ref, width } = useChartWidth();
  const bars = entries;
  const summary = rankedSummary(bars, verb);
  return (
    <ChartFrame
      title={title}
      notes={[...notes, 'Click a bar to open that security across managers.']}
      summary={summary}
      legend={[{ label: 'Managers', color }]}
      table={{
        columns: [
          'Security',
          'CUSIP',
          'Managers',
          ...(valueColumn ? [valueColumn] : []),
          'Managers (names)',
        ],
        rows: bars.map((bar) => [
          bar.label,
          bar.cusip,
          bar.count,
          ...(valueColumn ? [formatUsd(bar.value)] : []),
          bar.managers.length > 0 || bar.count === 0 ? bar.managers.join('; ') : NOT_NAMED,
        ]),
      }}
    >
      <Box ref={ref}>
        {width !== undefined && width > 0 && bars.length > 0 && (
          <HorizontalBars
            data={bars}
            width={width}
            rowHeight={BAR_ROW}
            axisHeight={32}
            category={{ dataKey: 'label', width: LABEL_WIDTH, fontSize: LABEL_FONT }}
            // Counts of managers: whole ticks only (1, 2, 3, never 0.5 shown as 1).
            valueAxis={{
              tickFormatter: (value: number) => formatCount(value),
              allowDecimals: false,
            }}
            series={[{ dataKey: 'count', name: 'Managers', fill: color }]}
            valueLabels={(value) => formatCount(value)}
            tooltip={{
              describe: (bar) => ({
                title: bar.label,
                lines: [
                  bar.managers.length > 0
                    ? `${plural(bar.count, 'manager')}: ${namesLine(bar.managers)}`
                    : plural(bar.count, 'manager'),
                  ...(valueColumn ? [`${valueColumn}: ${formatUsd(bar.value)}`] : []),
                ],
              }),
            }}
            onSelect={onOpen}
          />
        )}
      </Box>
    </ChartFrame>
  );
}

/** A bar's label at most this long: the axis has room for one line; the tooltip says it all. */
const LABEL_CHARACTERS = 34;

function shortLabel(text: string): string {
  return text.length <= LABEL_CHARACTERS
    ? text
    : `${text.slice(0, LABEL_CHARACTERS - 1).trimEnd()}…`;
}

/** A new position's bar: "Security · Manager", cut to one line. */
interface NewBar extends NewPosition {
  readonly name: string;
  readonly length: number;
}

/**
 * The quarter's largest new positions, by value or by weight in the opening manager's
 * portfolio; a click opens the security's view.
 */
export function NewPositionsChart({
  by,
  entries,
  color,
  onOpen,
}: {
  by: 'value' | 'weight';
  entries: readonly NewPosition[];
  color: string;
  onOpen: (entry: NewPosition) => void;
}) {
  const { ref, width } = useChartWidth();
  const bars: NewBar[] = entries.map((entry) => ({
    ...entry,
    name: shortLabel(`${entry.label} · ${entry.filer}`),
    length: (by === 'value' ? entry.value : entry.weight) ?? 0,
  }));
  const figure = (bar: NewPosition) =>
    by === 'value' ? formatUsd(bar.value) : formatWeight(bar.weight);
  const [first] = bars;
  const title =
    by === 'value' ? 'Largest new positions by value' : 'Largest new positions by weight';
  return (
    <ChartFrame
      title={title}
      notes={[
        by === 'value'
          ? 'Positions a manager opened this quarter (status NEW), by their value.'
          : 'Positions a manager opened this quarter (status NEW), by their share of that manager’s portfolio.',
        'Click a bar to open that security across managers.',
      ]}
      summary={
        first
          ? `The largest: ${first.filer} opened ${first.label} at ${figure(first)}.`
          : 'No manager opened a position this quarter.'
      }
      legend={[{ label: by === 'value' ? 'Value (USD)' : 'Weight', color }]}
      table={{
        columns: ['Manager', 'Security', 'Value (USD)', 'Weight in its portfolio'],
        rows: bars.map((bar) => [
          bar.filer,
          bar.label,
          formatUsd(bar.value),
          formatWeight(bar.weight),
        ]),
      }}
    >
      <Box ref={ref}>
        {width !== undefined && width > 0 && bars.length > 0 && (
          <HorizontalBars
            data={bars}
            width={width}
            rowHeight={NEW_BAR_ROW}
            axisHeight={32}
            category={{ dataKey: 'name', width: LABEL_WIDTH + 60, fontSize: LABEL_FONT }}
            valueAxis={{
              tickFormatter: (value: number) =>
                by === 'value' ? formatUsdCompact(value) : `${formatCount(value)}%`,
            }}
            series={[{ dataKey: 'length', name: by === 'value' ? 'Value' : 'Weight', fill: color }]}
            valueLabels={(value) =>
              by === 'value' ? formatUsdCompact(value) : formatWeight(value)
            }
            tooltip={{
              describe: (bar) => ({
                title: bar.label,
                lines: [
                  `Opened by ${bar.filer}`,
                  `Value ${formatUsd(bar.value)}`,
                  `Weight ${formatWeight(bar.weight)}`,
                ],
              }),
            }}
            onSelect={onOpen}
          />
        )}
      </Box>
    </ChartFrame>
  );
}
