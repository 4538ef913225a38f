import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { RowFilter } from '../../../lib/url-state/row-filter.ts';
import { filerHistoryOptions, holdersOptions } from '../api/context-queries.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { ChartSettings } from '../../../lib/url-state/workspace-view.ts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import { textSetting } from '../../../components/charts/chart-settings.ts';
import type { ChartSettingsProps } from '../../../components/charts/chart-settings.ts';
import {
  formatCount,
  formatUsd,
  formatUsdCompact,
} from '../../../components/charts/chart-format.ts';
import { PRIMARY } from '../../../components/charts/colors.ts';
import { downsampleLttb, maxPointsForWidth } from '../../../components/charts/downsample.ts';
import { issuerHistory, toPositions, totalsByPeriod } from '../analytics/analytics.ts';
import { HoldersChart } from './holders-chart.tsx';
import { HoldingHistoryChart } from './holding-history-chart.tsx';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/** The chosen period's bar, or the filer's own bar among the holders: darker. */
const CHOSEN = '#0b3d75';
const dayIndex = (period: string) => Date.parse(`${period}T00:00:00Z`) / 86_400_000;

type PeriodTotal = ReturnType<typeof totalsByPeriod>[number];

/**
 * The holding charted across periods, as a Position.security (a CUSIP's shares, or one option
 * on it): the one picked, else the result's largest.
 */
function chosenHolding(scope: ThirteenFScope, settings: ChartSettings): string | null {
  const largest = [...scope.inResult].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))[0];
  return textSetting(settings, 'holding') ?? largest?.security ?? null;
}

/**
 * Every filing of the filer, fetched: its total value per period, and the holding's periods
 * (downsampled to what the width can show).
 */
function useFilerHistory(scope: ThirteenFScope, cusip: string | null, width: number) {
  const history = useQuery(filerHistoryOptions(scope.known ? scope.filer : null));
  const historyPositions = useMemo(
    () => (history.data ? toPositions(history.data) : []),
    [history.data],
  );
  const totals = useMemo(
    () => totalsByPeriod(historyPositions).filter((entry) => entry.filer === scope.filer),
    [historyPositions, scope.filer],
  );
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
  return { history, totals, points };
}

/**
 * Every filer holding the holding in the period, fetched by its CUSIP: the 15 largest, this
 * filer darker. Only the same kind is charted: the shares' holders, or the same option's.
 */
function useHolderBars(scope: ThirteenFScope, holding: string | null) {
  const cusip = holding?.split(' ')[0] ?? null;
  const holders = useQuery(holdersOptions(cusip, scope.known ? scope.period : null));
  const bars = useMemo(
    () =>
      (holders.data ? toPositions(holders.data) : [])
        .filter(
          (position) =>
            (position.value ?? 0) > 0 && position.security.toUpperCase() === holding?.toUpperCase(),
        )
        .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
        .slice(0, 15)
        .map((position) => ({
          ...position,
          fill: position.filer === scope.filer ? CHOSEN : PRIMARY,
        })),
    [holders.data, scope.filer, holding],
  );
  return { bars, pending: holders.isPending };
}

/** The filer's total value by period; a click charts that period. */
function PeriodTotalsChart({
  scope,
  totals,
  pending,
  width,
}: {
  scope: ThirteenFScope;
  totals: readonly PeriodTotal[];
  pending: boolean;
  width: number;
}) {
  return (
    <ChartFrame
      title={`Total value by period — ${scope.filer}`}
      notes={[
        pending
          ? 'Loading the filer’s filings…'
          : `Every filing of ${scope.filer} in the data (${formatCount(totals.length)} periods), fetched for this chart. Click a period to chart it.`,
        'Total value is the long value: share positions only, options (puts and calls) left out, as in the weights.',
      ]}
      summary={
        totals.length > 0
          ? `From ${formatUsd(totals[0]?.total ?? null)} at ${formatDay(totals[0]?.period ?? '')} to ${formatUsd(totals.at(-1)?.total ?? null)} at ${formatDay(totals.at(-1)?.period ?? '')}.`
          : 'No filings to chart.'
      }
      table={{
        columns: ['Period', 'Total value (USD)', 'Positions'],
        rows: totals.map((entry) => [
          formatDay(entry.period),
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
          fill: entry.period === scope.period ? CHOSEN : PRIMARY,
        }))}
        margin={{ left: 16, right: 16, top: 8, bottom: 8 }}
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="period" tickFormatter={(period: string) => formatDay(period)} />
        <YAxis tickFormatter={(value: number) => formatUsdCompact(value)} width={72} />
        <Tooltip
          labelFormatter={(period: unknown) =>
            typeof period === 'string' ? formatDay(period) : ''
          }
          formatter={(value) => [formatUsd(Number(value)), 'Total value']}
        />
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
  );
}

/** A filer's total value by period, and one issuer across periods and across filers. */
export function HistoryChart({
  scope,
  width,
  onFilter,
  chosen,
  settings,
  onSettingsChange,
}: {
  scope: ThirteenFScope;
  width: number;
  onFilter: (filter: RowFilter) => void;
  chosen?: RowFilter | undefined;
} & ChartSettingsProps) {
  const cusip = chosenHolding(scope, settings);
  const { history, totals, points } = useFilerHistory(scope, cusip, width);
  const holders = useHolderBars(scope, cusip);

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
  const issuer = scope.inResult.find((position) => position.security === cusip);
  const label = issuer?.label ?? cusip ?? '';
  return (
    <>
      <PeriodTotalsChart scope={scope} totals={totals} pending={history.isPending} width={width} />
      <HoldingHistoryChart
        scope={scope}
        cusip={cusip}
        label={label}
        points={points}
        width={width}
        onSettingsChange={onSettingsChange}
      />
      <HoldersChart
        scope={scope}
        label={label}
        bars={holders.bars}
        pending={holders.pending}
        width={width}
        onFilter={onFilter}
        chosen={chosen}
      />
    </>
  );
}
