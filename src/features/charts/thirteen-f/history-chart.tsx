import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RowFilter } from '../../../lib/row-filter.ts';
import { filerHistoryOptions, holdersOptions } from '../../../lib/thirteen-f-queries.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ChartFrame } from '../chart-frame.tsx';
import { textSetting } from '../chart-settings.ts';
import type { ChartSettingsProps } from '../chart-settings.ts';
import { LegendLabel } from '../legend-label.tsx';
import { formatCount, formatUsd, formatUsdCompact, formatWeight } from '../chart-format.ts';
import { PRIMARY } from '../colors.ts';
import { downsampleLttb, maxPointsForWidth } from '../downsample.ts';
import { issuerHistory, toPositions, totalsByPeriod } from './analytics.ts';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';

const SHARES = '#0072b2';
const WEIGHT = '#d55e00';
const dayIndex = (period: string) => Date.parse(`${period}T00:00:00Z`) / 86_400_000;

/** A filer's total value by period, and one issuer across periods and across filers. */
export function HistoryChart({
  scope,
  width,
  onFilter,
  settings,
  onSettingsChange,
}: {
  scope: ThirteenFScope;
  width: number;
  onFilter: (filter: RowFilter) => void;
} & ChartSettingsProps) {
  const history = useQuery(filerHistoryOptions(scope.known ? scope.filer : null));
  const historyPositions = useMemo(
    () => (history.data ? toPositions(history.data) : []),
    [history.data],
  );
  const totals = useMemo(
    () => totalsByPeriod(historyPositions).filter((entry) => entry.filer === scope.filer),
    [historyPositions, scope.filer],
  );
  const largest = [...scope.inResult].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))[0];
  const picked = textSetting(settings, 'holding');
  const cusip = picked ?? largest?.cusip ?? null;
  const issuer = scope.inResult.find((position) => position.cusip === cusip);
  const points = useMemo(() => {
    const all = cusip
      ? issuerHistory(historyPositions, cusip).filter((entry) => entry.filer === scope.filer)
      : [];
    return downsampleLttb(
      all,
      maxPointsForWidth(width),
      (entry) => dayIndex(entry.period),
      (entry) => entry.shares ?? 0,
    );
  }, [historyPositions, cusip, scope.filer, width]);
  const holders = useQuery(holdersOptions(cusip, scope.known ? scope.period : null));
  const holderBars = useMemo(
    () =>
      (holders.data ? toPositions(holders.data) : [])
        .filter((position) => (position.value ?? 0) > 0)
        .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
        .slice(0, 15)
        .map((position) => ({
          ...position,
          fill: position.filer === scope.filer ? '#0b3d75' : PRIMARY,
        })),
    [holders.data, scope.filer],
  );

  if (!scope.known) {
    return (
      <Text size="sm">
        History needs the filer and period: add companyname and periodofreport to the fields, or
        filter on them.
      </Text>
    );
  }
  if (history.isError)
    return <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
  const label = issuer?.label ?? cusip ?? '';
  return (
    <>
      <ChartFrame
        title={`Total value by period — ${scope.filer}`}
        notes={[
          history.isPending
            ? 'Loading the filer’s filings…'
            : `Every filing of ${scope.filer} in the data (${formatCount(totals.length)} periods), fetched for this chart. Click a period to chart it.`,
        ]}
        summary={
          totals.length > 0
            ? `From ${formatUsd(totals[0]?.total ?? null)} at ${totals[0]?.period ?? ''} to ${formatUsd(totals.at(-1)?.total ?? null)} at ${totals.at(-1)?.period ?? ''}.`
            : 'No filings to chart.'
        }
        table={{
          columns: ['Period', 'Total value (USD)', 'Positions'],
          rows: totals.map((entry) => [
            entry.period,
            formatUsd(entry.total),
            formatCount(entry.positions),
          ]),
        }}
      >
        <BarChart
          width={width}
          height={240}
          data={totals.map((entry) => ({
            ...entry,
            fill: entry.period === scope.period ? '#0b3d75' : PRIMARY,
          }))}
          margin={{ left: 16, right: 16, top: 8, bottom: 8 }}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="period" />
          <YAxis tickFormatter={(value: number) => formatUsdCompact(value)} width={72} />
          <Tooltip formatter={(value) => [formatUsd(Number(value)), 'Total value']} />
          <Bar
            dataKey="total"
            name="Total value"
            cursor="pointer"
            isAnimationActive={false}
            onClick={(_item, index) => {
              const entry = totals[index];
              if (entry) scope.choose({ filer: entry.filer, period: entry.period });
            }}
          />
        </BarChart>
      </ChartFrame>
      <ChartFrame
        title={`${label} across periods — ${scope.filer}`}
        controls={
          <Select
            size="xs"
            aria-label="Holding"
            searchable
            w={220}
            value={cusip}
            onChange={(holding) => {
              onSettingsChange({ holding: holding ?? '' });
            }}
            data={[...scope.inResult]
              .filter((position) => (position.value ?? 0) > 0 || (position.weight ?? 0) > 0)
              .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
              .map((position) => ({
                value: position.cusip,
                label: `${position.label} · ${position.issuer}`,
              }))}
          />
        }
        legend={[
          { label: 'Shares', color: SHARES },
          { label: 'Weight (%)', color: WEIGHT },
        ]}
        summary={
          points.length > 0
            ? `${label}: ${formatCount(points[0]?.shares ?? null)} shares at ${points[0]?.period ?? ''}, ${formatCount(points.at(-1)?.shares ?? null)} at ${points.at(-1)?.period ?? ''}; weight ${formatWeight(points.at(-1)?.weight ?? null)} at the end.`
            : 'No periods to chart.'
        }
        table={{
          columns: ['Period', 'Shares', 'Value (USD)', 'Weight'],
          rows: points.map((entry) => [
            entry.period,
            formatCount(entry.shares),
            formatUsd(entry.value),
            formatWeight(entry.weight),
          ]),
        }}
      >
        <LineChart
          width={width}
          height={240}
          data={points}
          margin={{ left: 16, right: 16, top: 8, bottom: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="period" />
          <YAxis
            yAxisId="shares"
            tickFormatter={(value: number) => formatCount(value)}
            width={96}
          />
          <YAxis yAxisId="weight" orientation="right" unit="%" width={56} />
          <Tooltip
            formatter={(value, name) =>
              name === 'Weight' ? formatWeight(Number(value)) : formatCount(Number(value))
            }
          />
          <Legend formatter={(value: string) => <LegendLabel text={value} />} />
          <Line
            yAxisId="shares"
            dataKey="shares"
            name="Shares"
            stroke={SHARES}
            isAnimationActive={false}
          />
          <Line
            yAxisId="weight"
            dataKey="weight"
            name="Weight"
            stroke={WEIGHT}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFrame>
      <ChartFrame
        title={`Who else holds ${label} — ${scope.period}`}
        notes={[
          holders.isPending
            ? 'Loading every filer’s position…'
            : 'Every filer in the data holding this CUSIP in this period, fetched for this chart (the 15 largest). Click a bar to show this filer’s rows.',
        ]}
        summary={
          holderBars[0]
            ? `${formatCount(holderBars.length)} filer${holderBars.length === 1 ? '' : 's'} shown; the largest holder is ${holderBars[0].filer} with ${formatUsd(holderBars[0].value)}.`
            : 'No holders to chart.'
        }
        table={{
          columns: ['Filer', 'Shares', 'Value (USD)', 'Weight in its portfolio'],
          rows: holderBars.map((position) => [
            position.filer,
            formatCount(position.shares),
            formatUsd(position.value),
            formatWeight(position.weight),
          ]),
        }}
      >
        <BarChart
          layout="vertical"
          width={width}
          height={holderBars.length * 24 + 40}
          data={holderBars}
          margin={{ left: 8, right: 24, top: 4, bottom: 4 }}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" tickFormatter={(value: number) => formatUsdCompact(value)} />
          <YAxis type="category" dataKey="filer" width={220} interval={0} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => [formatUsd(Number(value)), 'Value']} />
          <Bar
            dataKey="value"
            name="Value"
            cursor="pointer"
            isAnimationActive={false}
            onClick={(_item, index) => {
              const holder = holderBars[index];
              if (holder) {
                onFilter({
                  label: `${holder.filer} · ${label}`,
                  conditions: [
                    { field: 'companyname', op: 'in', values: [holder.filer] },
                    { field: 'cusip', op: 'in', values: [holder.cusip] },
                  ],
                });
              }
            }}
          />
        </BarChart>
      </ChartFrame>
    </>
  );
}
