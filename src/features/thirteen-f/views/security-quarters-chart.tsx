import { Box, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
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
import type { Counted, SecurityQuarter } from '../analytics/across-managers.ts';

/** A manager count: "1 holder", "33 holders". */
const holdersText = (n: number) => `${formatCount(n)} ${n === 1 ? 'holder' : 'holders'}`;

/** The managers' names, or how many when only their count is known ("3 holders"). */
const namesOrCount = ({ count, names }: Counted) =>
  names === null ? (count > 0 ? holdersText(count) : '') : names.join(', ');

/**
 * Where the managers in the data changed, quarter by quarter (latest first, at most four): the
 * data holds different managers in different quarters, so a step can be coverage, not a trade.
 */
function coverageChanges(quarters: readonly SecurityQuarter[]): string[] {
  const changes = quarters.slice(1).flatMap((quarter) => {
    const parts = [
      quarter.notFiled.count > 0
        ? `${holdersText(quarter.notFiled.count)} of the quarter before ha${quarter.notFiled.count === 1 ? 's' : 've'} no filing for it in the data (not yet filed, or no longer in the data), which is no sale`
        : '',
      quarter.newToData.count > 0
        ? `${holdersText(quarter.newToData.count)} new to the data (no report for the quarter before)`
        : '',
    ].filter(Boolean);
    return parts.length > 0 ? [`${formatDay(quarter.period)}: ${parts.join('; ')}.`] : [];
  });
  if (changes.length === 0)
    return ['The same managers report every quarter charted: each step is their trading.'];
  return [
    'Where the managers in the data changed (a step there can be coverage, not trading; "Same managers as the quarter before" counts like for like):',
    ...changes.reverse().slice(0, 4),
  ];
}

/** A quarter's tick: its day, starred where the managers in the data changed. */
function tickOf(quarters: readonly SecurityQuarter[]) {
  const changed = new Set(
    quarters
      .slice(1)
      .filter((quarter) => quarter.notFiled.count > 0 || quarter.newToData.count > 0)
      .map((quarter) => quarter.period),
  );
  return (period: string) => `${formatDay(period)}${changed.has(period) ? ' *' : ''}`;
}

/** The figures a chart draws: every holder, or like for like (`steady`). */
function drawn(quarters: readonly SecurityQuarter[], likeForLike: boolean): SecurityQuarter[] {
  return quarters.map((quarter) => (likeForLike ? { ...quarter, ...quarter.steady } : quarter));
}

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
  /** Count only the managers that reported the quarter before too (`SecurityQuarter.steady`). */
  readonly likeForLike: boolean;
  /** The quarters come from the service's aggregates, not from rows fetched for the view. */
  readonly aggregated?: boolean | undefined;
}

const LIKE_FOR_LIKE_NOTE =
  'Like for like: each quarter counts only the managers that reported the quarter before too.';

/** A tooltip's title: the quarter's day. */
const quarterLabel = (period: unknown) => (typeof period === 'string' ? formatDay(period) : '');

/** A security quarter by quarter: how many managers hold it, bought it and sold it. */
function SecurityQuartersChart({
  name,
  quarters: all,
  chosen,
  likeForLike,
  aggregated,
}: SecurityChartProps) {
  const { ref, width } = useChartWidth();
  const quarters = drawn(all, likeForLike);
  return (
    <ChartFrame
      title={`Holders, buyers and sellers by quarter — ${name}`}
      notes={[
        `Every filing of this CUSIP in the data, ${aggregated ? 'aggregated by the service' : 'fetched for this view'}; a manager counts once per quarter for its shares (options are in no count).`,
        ...(likeForLike ? [LIKE_FOR_LIKE_NOTE] : []),
        ...coverageChanges(all),
      ]}
      summary={summaryOf(name, quarters, chosen)}
      legend={SERIES.map((series) => ({ label: series.label, color: series.color }))}
      table={{
        columns: [
          'Quarter',
          'Holders',
          'Buyers',
          'Sellers',
          'Shares held',
          'Value held (USD)',
          'No filing (held the quarter before)',
          'New to the data',
        ],
        rows: quarters.map((quarter) => [
          formatDay(quarter.period),
          quarter.holders,
          quarter.buyers,
          quarter.sellers,
          formatCount(quarter.shares),
          formatUsd(quarter.value),
          namesOrCount(quarter.notFiled),
          namesOrCount(quarter.newToData),
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
            <XAxis dataKey="period" tickFormatter={tickOf(all)} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip labelFormatter={quarterLabel} />
            {/* In the bars' order, left to right; recharts sorts by name unless told. */}
            <Legend itemSorter={null} formatter={(value: string) => <LegendLabel text={value} />} />
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
function SecurityValueChart({ name, quarters: all, chosen, likeForLike }: SecurityChartProps) {
  const { ref, width } = useChartWidth();
  const quarters = drawn(all, likeForLike);
  const shown = quarters.find((quarter) => quarter.period === chosen) ?? quarters.at(-1);
  const most = [...quarters].sort((a, b) => b.value - a.value)[0];
  return (
    <ChartFrame
      title={`Value and shares held by quarter — ${name}`}
      notes={[
        'The sum over the managers holding it that quarter (shares only; options are in the table of holders). Values as filed: before 2023 in thousands, scaled.',
        ...(likeForLike ? [LIKE_FOR_LIKE_NOTE] : []),
        ...coverageChanges(all),
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
            <XAxis dataKey="period" tickFormatter={tickOf(all)} />
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

/**
 * Both quarter charts of a security, with the managers they count: every manager in the data
 * each quarter, or like for like (those that reported the quarter before too), so a change of
 * coverage can be told from trading.
 */
export function SecurityTrends(props: Omit<SecurityChartProps, 'likeForLike'>) {
  const [basis, setBasis] = useState<'all' | 'steady'>('all');
  const likeForLike = basis === 'steady';
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        aria-label="Managers counted"
        value={basis}
        onChange={(value) => {
          setBasis(value === 'steady' ? 'steady' : 'all');
        }}
        data={[
          { value: 'all', label: 'Every manager in the data' },
          { value: 'steady', label: 'Same managers as the quarter before' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <SecurityQuartersChart {...props} likeForLike={likeForLike} />
        <SecurityValueChart {...props} likeForLike={likeForLike} />
      </SimpleGrid>
    </Stack>
  );
}
