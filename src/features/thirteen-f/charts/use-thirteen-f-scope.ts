import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ServiceRecord } from '#contract/response';
import type { RowFilter, RowFilterCondition } from '../../../lib/url-state/row-filter.ts';
import { earlierFilingOptions, portfolioOptions, withPinnedScope } from '../api/context-queries.ts';
import { textSetting } from '../../../components/charts/chart-settings.ts';
import type { ChartSettingsProps } from '../../../components/charts/chart-settings.ts';
import { HEAVY_ROWS, useBackgroundValue } from '../../../components/charts/use-background-value.ts';
import { filersAndPeriods, previousQuarterEnd, toPositions } from '../analytics/analytics.ts';
import { dayOf } from '../analytics/positions.ts';
import type { Position } from '../analytics/analytics.ts';
import type { DataFlag } from '../analytics/flags.ts';

const NO_POSITIONS: Position[] = [];
const NO_CHOICES: ReturnType<typeof filersAndPeriods> = { filers: [], periods: [], pairs: [] };

/** The result's positions and the filers and periods they belong to. */
function prepare({
  rows,
  body,
}: {
  readonly rows: readonly ServiceRecord[];
  readonly body: Readonly<Record<string, unknown>>;
}) {
  const positions = toPositions(withPinnedScope(rows, body));
  return { positions, choices: filersAndPeriods(positions) };
}

/**
 * The result holds a filer's whole portfolio when its served weights add up to 100 %, or more
 * when options are among them (weighed against the long value, they add to the 100 % of the
 * shares). Rows without `name` cannot tell options from shares (see put-call.ts): then weights
 * above 100 % give options away, and the portfolio is fetched with `name` instead.
 */
export function isWholePortfolio(positions: readonly Position[], named: boolean): boolean {
  let total = 0;
  for (const position of positions) {
    if (position.weight === null) return false;
    total += position.weight;
  }
  return total > 99.95 && (named || total < 100.05);
}

/**
 * The pair with the most positions, the latest period on ties, then the one the result lists
 * first (its order is the query's: the largest holder of a security by value): what the result
 * is mostly about.
 */
export function mainPair<T extends { filer: string; period: string; positions: number }>(
  pairs: readonly T[],
  positions: readonly Position[],
): T | undefined {
  const first = new Map<string, number>();
  positions.forEach((position, index) => {
    const key = `${position.filer}\n${position.period}`;
    if (!first.has(key)) first.set(key, index);
  });
  const order = (pair: T) => first.get(`${pair.filer}\n${pair.period}`) ?? Number.MAX_SAFE_INTEGER;
  return [...pairs].sort(
    (a, b) =>
      b.positions - a.positions ||
      (a.period === b.period ? 0 : a.period < b.period ? 1 : -1) ||
      order(a) - order(b),
  )[0];
}

/**
 * The filer and period the 13F charts look at (chosen by the analyst when the result holds
 * several), that pair's positions in the result, and the context fetched for it: the whole
 * portfolio when the result is not all of it, and the previous quarter.
 */
export function useThirteenFScope(
  rows: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
  { settings, onSettingsChange }: ChartSettingsProps,
) {
  const input = useMemo(() => ({ rows, body }), [rows, body]);
  const prepared = useBackgroundValue(input, prepare, rows.length > HEAVY_ROWS);
  const positions = prepared?.positions ?? NO_POSITIONS;
  const choices = prepared?.choices ?? NO_CHOICES;
  const fallback = useMemo(() => mainPair(choices.pairs, positions), [choices, positions]);
  const chosen = {
    filer: textSetting(settings, 'filer') ?? fallback?.filer,
    period: textSetting(settings, 'period') ?? fallback?.period,
  };
  // A choice the rows do not hold (a link's, for other rows) gives way to the fallback.
  const valid = choices.pairs.some(
    (pair) => pair.filer === chosen.filer && pair.period === chosen.period,
  );
  const filer = (valid ? chosen.filer : fallback?.filer) ?? '';
  const period = (valid ? chosen.period : fallback?.period) ?? '';
  const inResult = useMemo(
    () => positions.filter((position) => position.filer === filer && position.period === period),
    [positions, filer, period],
  );
  const known = filer !== '' && period !== '';
  const whole = isWholePortfolio(inResult, rows[0] !== undefined && 'name' in rows[0]);
  const portfolio = useQuery(portfolioOptions(known && !whole ? filer : null, period));
  const previousPeriod = known ? previousQuarterEnd(period) : null;
  const previous = useQuery(portfolioOptions(known ? filer : null, previousPeriod));
  const earlier = useQuery(earlierFilingOptions(known ? filer : null, known ? period : null));
  const earlierText = earlier.data?.[0]?.periodofreport;
  const fullPortfolio = useMemo(
    () => (whole ? inResult : portfolio.data ? toPositions(portfolio.data) : undefined),
    [whole, inResult, portfolio.data],
  );
  const previousPositions = useMemo(
    () => (previous.data ? toPositions(previous.data) : undefined),
    [previous.data],
  );
  const sample = rows[0] ?? {};
  // A clicked bar narrows the table to this filer and period too when the rows say whose they are.
  const pairConditions: RowFilterCondition[] = [
    ...('companyname' in sample
      ? [{ field: 'companyname', op: 'in' as const, values: [filer] }]
      : []),
    ...('periodofreport' in sample
      ? [{ field: 'periodofreport', op: 'in' as const, values: [period] }]
      : []),
  ];
  return {
    /** True while a large result is still being aggregated (in a task of its own). */
    preparing: prepared === undefined,
    pairConditions,
    positions,
    choices,
    filer,
    period,
    known,
    choose: (next: { filer: string; period: string }) => {
      // Another filer or period has other holdings: the holding picked in History is dropped.
      onSettingsChange({ filer: next.filer, period: next.period, holding: '' });
    },
    /** This filer-period's positions in the result. */
    inResult,
    /** The whole portfolio: the result's positions when complete, else fetched (undefined while loading). */
    fullPortfolio,
    /** True when the whole portfolio had to be fetched. */
    fetchedPortfolio: !whole && known,
    portfolioError: portfolio.error,
    previousPeriod,
    previousPositions,
    previousPending: known && previous.isPending,
    previousRows: previous.data,
    /** The filer's latest period before this one (fetched), undefined when none or unknown. */
    earlierPeriod: (typeof earlierText === 'string' ? dayOf(earlierText) : null) ?? undefined,
  };
}

/** What `useThirteenFScope` returns. */
export type ThirteenFScope = ReturnType<typeof useThirteenFScope>;

/**
 * What each 13F chart is given: the scope, the flags by security (Position.security), its width, the table filter, and
 * the chart settings.
 */
export interface ThirteenFChartProps extends ChartSettingsProps {
  readonly scope: ThirteenFScope;
  readonly flags: ReadonlyMap<string, readonly DataFlag[]>;
  readonly width: number;
  readonly onFilter: (filter: RowFilter) => void;
  /** The filter a chart's bar put on the table, if any: that bar is marked. */
  readonly chosen?: RowFilter | undefined;
}
