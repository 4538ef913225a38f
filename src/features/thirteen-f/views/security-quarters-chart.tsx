import { Box } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../../lib/format/dates.ts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import { chosenShape } from '../../../components/charts/chosen-bar.tsx';
import {
  formatCount,
  formatUsd,
  formatUsdCompact,
} from '../../../components/charts/chart-format.ts';
import { PRIMARY } from '../../../components/charts/colors.ts';
import { STATUS_COLORS } from '../charts/status-colors.ts';
import { LegendLabel } from '../../../components/charts/legend-label.tsx';
import { useChartWidth } from '../../../components/charts/use-chart-width.ts';
import type { SecurityQuarter } from '../analytics/across-managers.ts';

/**
 * The data holds different managers in different quarters (a filer's filings start or end in
 * it): Apple's value held falls by nine tenths after Mar 31, 2025 because Berkshire's filings in
 * the demo end there, not because anyone sold.
 */
const COVERAGE_NOTE =
  'The managers in the data differ by quarter: a step can be a manager’s filings starting or ending in the data, not a trade.';

/** The three series, each with its colour: recharts draws black where a bar is given none. */
const SERIES = [
  { key: 'holders', label: 'Holders', color: PRIMARY },
  { key: 'buyers', label: 'Buyers (NEW or ADDED)', color: STATUS_COLORS.NEW },
  { key: 'sellers', label: 'Sellers (REDUCED or SOLD OUT)', color: STATUS_COLORS['SOLD OUT'] },
] as const;

/** The chart in a sentence: the quarter shown, then the quarter with the most holders. */
function summaryOf(name: string, quarters: readonly SecurityQuarter[], chosen: string): string {
  const shown = quarters.find((quarter) => quarter.period === chosen) ?? quarters.at(-1);
  if (!shown) return `No quarter of ${name} to chart.`;
  const most = [...quarters].sort((a, b) => b.holders - a.holders)[0] ?? shown;
  const count = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;
  return (
    `${name}: ${count(shown.holders, 'holder')} at ${formatDay(shown.period)}, with ` +
    `${count(shown.buyers, 'buyer')} and ${count(shown.sellers, 'seller')}; ` +
    `the most holders, ${formatCount(most.holders)}, at ${formatDay(most.period)}.`
  );
}

/** What both of a security's quarter charts draw. */
interface SecurityChartProps {
  readonly name: string;
  readonly quarters: readonly SecurityQuarter[];
  /** The quarter the view shows: the summary speaks of it first, its bars are outlined. */
  readonly chosen: string;
}

/** A tooltip's title: the quarter's day. */
const quarterLabel = (period: unknown) => (typeof period === 'string' ? formatDay(period) : '');

/** A security quarter by quarter: how many managers hold it, bought it and sold it. */
export function SecurityQuartersChart({ name, quarters, chosen }: SecurityChartProps) {
  const { ref, width } = useChartWidth();
  return (
    <ChartFrame
      title={`Holders, buyers and sellers by quarter — ${name}`}
      notes={[
        'Every filing of this CUSIP in the data, fetched for this view; a manager counts once per quarter for the shares and once per option it reports.',
        COVERAGE_NOTE,
      ]}
      summary={summaryOf(name, quarters, chosen)}
      legend={SERIES.map((series) => ({ label: series.label, color: series.color }))}
      table={{
        columns: ['Quarter', 'Holders', 'Buyers', 'Sellers', 'Shares held', 'Value held (USD)'],
        rows: quarters.map((quarter) => [
          formatDay(quarter.period),
          quarter.holders,
          quarter.buyers,
          quarter.sellers,
          formatCount(quarter.shares),
          formatUsd(quarter.value),
        ]),
      }}
    >
      <Box ref={ref}>
        {width !== undefined && width > 0 && (
          <BarChart
            width={width}
            height={260}
            data={[...quarters]}
            margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
          >
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="period" tickFormatter={(period: string) => formatDay(period)} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip labelFormatter={quarterLabel} />
            <Legend formatter={(value: string) => <LegendLabel text={value} />} />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.label}
                fill={series.color}
                isAnimationActive={false}
                // The quarter the tables show: outlined, the others faded.
                {...chosenShape(quarters, (quarter) => quarter.period === chosen)}
              />
            ))}
          </BarChart>
        )}
      </Box>
    </ChartFrame>
  );
}

/** The value the managers in the data held of a security, quarter by quarter, with the shares. */
export function SecurityValueChart({ name, quarters, chosen }: SecurityChartProps) {
  const { ref, width } = useChartWidth();
  const shown = quarters.find((quarter) => quarter.period === chosen) ?? quarters.at(-1);
  const most = [...quarters].sort((a, b) => b.value - a.value)[0];
  return (
    <ChartFrame
      title={`Value and shares held by quarter — ${name}`}
      notes={[
        'The sum over the managers holding it that quarter (shares only; options are in the table of holders). Values as filed: before 2023 in thousands, scaled.',
        COVERAGE_NOTE,
      ]}
      summary={
        shown && most
          ? `${name}: ${formatUsd(shown.value)} held (${formatCount(shown.shares)} shares) at ${formatDay(shown.period)}; the most, ${formatUsd(most.value)}, at ${formatDay(most.period)}.`
          : `No quarter of ${name} to chart.`
      }
      legend={[{ label: 'Value held (USD)', color: PRIMARY }]}
      table={{
        columns: ['Quarter', 'Value held (USD)', 'Shares held', 'Holders'],
        rows: quarters.map((quarter) => [
          formatDay(quarter.period),
          formatUsd(quarter.value),
          formatCount(quarter.shares),
          quarter.holders,
        ]),
      }}
    >
      <Box ref={ref}>
        {width !== undefined && width > 0 && (
          <BarChart
            width={width}
            height={220}
            data={[...quarters]}
            margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
          >
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="period" tickFormatter={(period: string) => formatDay(period)} />
            <YAxis width={64} tickFormatter={(value: number) => formatUsdCompact(value)} />
            <Tooltip
              labelFormatter={quarterLabel}
              formatter={(value: unknown, _name: unknown, item: { payload?: SecurityQuarter }) => [
                `${formatUsd(Number(value))} (${formatCount(item.payload?.shares ?? null)} shares)`,
                'Value held',
              ]}
            />
            <Bar
              dataKey="value"
              name="Value held (USD)"
              fill={PRIMARY}
              isAnimationActive={false}
              {...chosenShape(quarters, (quarter) => quarter.period === chosen)}
            />
          </BarChart>
        )}
      </Box>
    </ChartFrame>
  );
}
