/**
 * Which managers filed each of the latest quarters, read through the ordinary query interface:
 * from the embedded service's filer aggregates (every filing, an empty one too, at any scale),
 * or from the vendor a quarter's filer names alone, bounded; one query per quarter. From them
 * the views tell how complete a quarter is and which one to open.
 */
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isDataQualityDemo } from '#contract/demo-filers';
import { fetchAllRows, fetchQueryResult } from '../../../lib/api/query-api.ts';
import { latestCompleteQuarter, quarterCoverage } from '../analytics/coverage.ts';
import type { QuarterCoverage } from '../analytics/coverage.ts';
import { previousQuarterEnd, quarterEnds } from '../analytics/quarters.ts';
import { periodSpanOptions } from './across-managers-queries.ts';
import { defaultSource } from './aggregate-queries.ts';
import type { ViewSource } from './aggregate-queries.ts';
import { filedQuarters } from './aggregate-reads.ts';
import type { RunQuery } from './aggregate-reads.ts';

const run: RunQuery = (body, signal) => fetchQueryResult(body, signal);

/** The most rows read to list one quarter's filers: a demo quarter is ~3,000. */
const FILER_ROWS = 25_000;
const PAGE = 5000;
const FIVE_MINUTES = 5 * 60_000;
/** How many of the latest quarters are looked at for the latest complete one. */
const QUARTERS_LOOKED_AT = 6;

/**
 * The managers with a filing for `period` (a set; empty when none filed): from the service's
 * filer aggregates where it has them (an empty filing counts as filed), else the managers with a
 * row of the quarter.
 */
function quarterFilersOptions(period: string, source: ViewSource) {
  return queryOptions({
    queryKey: ['thirteen-f', 'quarter-filers', period, source],
    queryFn: async ({ signal }): Promise<ReadonlySet<string>> => {
      const names =
        source === 'aggregates'
          ? (await filedQuarters(run, [{ periodofreport: { $equals: period } }], signal)).map(
              (quarter) => quarter.filer,
            )
          : (
              await fetchAllRows(
                {
                  module: '13f_holdings',
                  filters: {
                    fields: ['companyname'],
                    filter: [{ periodofreport: { $equals: period } }],
                    order_by: 'companyname:ASC',
                  },
                },
                { signal, pageSize: PAGE, limit: FILER_ROWS, total: FILER_ROWS },
              )
            ).map((row) => row.companyname);
      // The planted data-quality filer is no manager whose filing a quarter waits for.
      return new Set(
        names.filter(
          (name): name is string => typeof name === 'string' && !isDataQualityDemo(name),
        ),
      );
    },
    staleTime: FIVE_MINUTES,
  });
}

/** Today's UTC day, 'YYYY-MM-DD': whether a quarter's deadline has passed. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The quarters whose filers are read: the latest few and each one's quarter before. */
function askedQuarters(periods: readonly string[], first: string | null): string[] {
  const asked = new Set<string>();
  for (const period of periods.slice(0, QUARTERS_LOOKED_AT)) {
    asked.add(period);
    const before = previousQuarterEnd(period);
    if (first !== null && before >= first) asked.add(before);
  }
  return [...asked];
}

/**
 * The coverage of the latest quarters of `periods` (latest first, as the pickers list them,
 * down to `first`, the data's first period), and the latest complete one. `coverageOf` is
 * undefined for a quarter not looked at or not yet read.
 */
function useQuarterCoverage(periods: readonly string[], first: string | null, source: ViewSource) {
  const asked = useMemo(() => askedQuarters(periods, first), [periods, first]);
  const combine = useCallback(
    (results: readonly { data?: ReadonlySet<string> | undefined; isError: boolean }[]) => ({
      known: new Map(
        results.flatMap((result, index) => {
          const period = asked[index];
          return period !== undefined && result.data ? [[period, result.data] as const] : [];
        }),
      ),
      failed: results.some((result) => result.isError),
    }),
    [asked],
  );
  const { known, failed } = useQueries({
    queries: asked.map((period) => quarterFilersOptions(period, source)),
    combine,
  });
  return useMemo(() => {
    // A quarter before the data's first has no filers; one not read yet is unknown.
    const filersOf = (period: string) =>
      first !== null && period < first ? new Set<string>() : known.get(period);
    const today = todayUtc();
    const coverageOf = (period: string): QuarterCoverage | undefined => {
      const filed = filersOf(period);
      const before = filersOf(previousQuarterEnd(period));
      return filed && before ? quarterCoverage(period, filed, before, today) : undefined;
    };
    const latest = periods.slice(0, QUARTERS_LOOKED_AT);
    return { complete: latestCompleteQuarter(latest, filersOf), coverageOf, failed };
  }, [known, failed, first, periods]);
}

/** The latest quarters' coverage, as `useQuarterCoverage` gives it. */
export type QuartersCoverage = ReturnType<typeof useQuarterCoverage>;

/**
 * Every quarter end the data spans (latest first), their coverage, and the quarter a view opens
 * on: the latest complete one, or the latest with data when none of the latest is complete or
 * coverage could not be read; null until that is known.
 */
export function useOpeningQuarter(wanted = true, source: ViewSource = defaultSource()) {
  const span = useQuery({ ...periodSpanOptions(source), enabled: wanted });
  const periods = useMemo(
    () => (span.data ? quarterEnds(span.data.first, span.data.last) : []),
    [span.data],
  );
  const coverage = useQuarterCoverage(periods, span.data?.first ?? null, source);
  const latest = span.data?.last ?? null;
  const opening =
    coverage.complete === undefined && !coverage.failed ? null : (coverage.complete ?? latest);
  return { periods, opening, coverage };
}

/**
 * The latest complete quarter for the header's search (undefined while unknown), read once
 * `wanted` is true.
 */
export function useCompleteQuarter(wanted: boolean): string | null | undefined {
  return useOpeningQuarter(wanted).opening ?? undefined;
}
