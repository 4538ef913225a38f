/**
 * Which managers filed each of the latest quarters, read through the ordinary query interface.
 * From the embedded service's filer aggregates, counts: how many filed each quarter (an empty
 * filing too) and how many of them filed the quarter before, whatever the number of filers; the
 * names only of the quarter shown and the one before it, for the managers without a filing. From
 * the vendor, a quarter's filer names from its rows, bounded; one query per quarter. From them
 * the views tell how complete a quarter is and which one to open.
 */
import {
  queryOptions,
  skipToken,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { isDataQualityDemo } from '#contract/demo-filers';
import { fetchAllRows, fetchQueryResult } from '../../../lib/api/query-api.ts';
import {
  QUARTERS_LOOKED_AT,
  askedQuarters,
  countedCoverage,
  filingCounts,
  latestCompleteOf,
  missingManagers,
} from '../analytics/coverage.ts';
import type { FilingCounts, QuarterCoverage } from '../analytics/coverage.ts';
import { previousQuarterEnd, quarterEnds } from '../analytics/quarters.ts';
import { periodSpanOptions } from './across-managers-queries.ts';
import { defaultSource, periodFilingsOptions } from './aggregate-queries.ts';
import type { ViewSource } from './aggregate-queries.ts';
import type { FiledQuarter, RunQuery } from './aggregate-reads.ts';
import { periodFilings, plantedFilings, withoutPlanted } from './filing-counts.ts';
import type { PeriodFilings } from './filing-counts.ts';
import { firstFiled, quartersOutward } from '../analytics/nearest-quarters.ts';

const run: RunQuery = (body, signal) => fetchQueryResult(body, signal);

/** The most rows read to list one quarter's filers: a demo quarter is ~3,000. */
const FILER_ROWS = 25_000;
const PAGE = 5000;
const FIVE_MINUTES = 5 * 60_000;

/** The managers among names (a set): the planted data-quality filer is no manager a quarter waits for. */
function managers(names: readonly unknown[]): ReadonlySet<string> {
  return new Set(
    names.filter((name): name is string => typeof name === 'string' && !isDataQualityDemo(name)),
  );
}

/** The managers of a quarter's filings (`periodFilingsOptions`' answer). */
const managersOf = (filings: readonly (FiledQuarter & { readonly filer: string })[]) =>
  managers(filings.map((filing) => filing.filer));

/** The managers with a row of `period` (a set; empty when none filed), as the vendor serves them. */
function rowFilersOptions(period: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'quarter-filers', period, 'rows'],
    queryFn:
      period === null
        ? skipToken
        : async ({ signal }): Promise<ReadonlySet<string>> => {
            const rows = await fetchAllRows(
              {
                module: '13f_holdings',
                filters: {
                  fields: ['companyname'],
                  filter: [{ periodofreport: { $equals: period } }],
                  order_by: 'companyname:ASC',
                },
              },
              { signal, pageSize: PAGE, limit: FILER_ROWS, total: FILER_ROWS },
            );
            return managers(rows.map((row) => row.companyname));
          },
    staleTime: FIVE_MINUTES,
  });
}

/** How many filings `period` has, and how many of them the quarter before, from the aggregates. */
function filingCountsOptions(period: string) {
  return queryOptions({
    queryKey: ['thirteen-f', 'aggregates', 'filing-counts', period],
    queryFn: ({ signal }) => periodFilings(run, period, signal),
    staleTime: FIVE_MINUTES,
  });
}

/** The planted data-quality filer's filings, which no coverage counts. */
const plantedOptions = queryOptions({
  queryKey: ['thirteen-f', 'aggregates', 'planted-filings'],
  queryFn: ({ signal }) => plantedFilings(run, signal),
  staleTime: FIVE_MINUTES,
});

/** The managers that filed `period` by name (undefined while unread; null: not asked). */
function useManagerNames(period: string | null, source: ViewSource) {
  const aggregates = source === 'aggregates';
  const { data: filed } = useQuery({
    ...periodFilingsOptions(aggregates ? period : null),
    select: managersOf,
  });
  const { data: named } = useQuery(rowFilersOptions(aggregates ? null : period));
  return aggregates ? filed : named;
}

/** Today's UTC day, 'YYYY-MM-DD': whether a quarter's deadline has passed. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A query's state as `useQueries` hands it to `combine`. */
interface Read<T> {
  readonly data?: T | undefined;
  readonly isError: boolean;
}

/** Each period's answer in `results` (in `asked`'s order), and whether any read failed. */
function byPeriod<T>(asked: readonly string[]) {
  return (results: readonly Read<T>[]) => ({
    known: new Map(
      results.flatMap((result, index) => {
        const period = asked[index];
        return period !== undefined && result.data !== undefined
          ? [[period, result.data] as const]
          : [];
      }),
    ),
    failed: results.some((result) => result.isError),
  });
}

/**
 * Each asked quarter's filing counts (undefined while unknown): from the aggregates' counts, or
 * from the managers named by the vendor's rows (theirs and the quarter before's).
 */
function useFilingCounts(asked: readonly string[], first: string | null, source: ViewSource) {
  const aggregates = source === 'aggregates';
  const countsCombine = useMemo(() => byPeriod<PeriodFilings>(asked), [asked]);
  const counted = useQueries({
    queries: aggregates ? asked.map(filingCountsOptions) : [],
    combine: countsCombine,
  });
  const { data: planted, isError: plantedFailed } = useQuery({
    ...plantedOptions,
    enabled: aggregates,
  });
  const namesCombine = useMemo(() => byPeriod<ReadonlySet<string>>(asked), [asked]);
  const named = useQueries({
    queries: aggregates ? [] : asked.map(rowFilersOptions),
    combine: namesCombine,
  });
  return useMemo(() => {
    // A quarter before the data's first has no filers; one not read yet is unknown.
    const none = (period: string) => first !== null && period < first;
    const countsOf = (period: string): FilingCounts | undefined => {
      const before = previousQuarterEnd(period);
      if (aggregates) {
        const raw = counted.known.get(period);
        const rawBefore = none(before) ? { filed: 0, stayed: 0 } : counted.known.get(before);
        if (raw === undefined || rawBefore === undefined || planted === undefined) return undefined;
        const filed = withoutPlanted(raw, period, planted);
        const earlier = withoutPlanted(rawBefore, before, planted);
        return { filed: filed.filed, before: earlier.filed, both: filed.stayed };
      }
      const filersOf = (of: string) => (none(of) ? new Set<string>() : named.known.get(of));
      const filed = filersOf(period);
      const earlier = filersOf(before);
      return filed && earlier ? filingCounts(filed, earlier) : undefined;
    };
    const failed = aggregates ? counted.failed || plantedFailed : named.failed;
    return { countsOf, failed };
  }, [aggregates, counted, planted, plantedFailed, named, first]);
}

/**
 * The coverage of the latest quarters of `periods` (latest first, as the pickers list them,
 * down to `first`, the data's first period), counted, and the latest complete one.
 * `coverageOf` is undefined for a quarter not looked at or not yet read.
 */
function useQuarterCoverage(
  periods: readonly string[],
  first: string | null,
  source: ViewSource,
  shown: string | undefined,
) {
  const asked = useMemo(() => askedQuarters(periods, first, shown), [periods, first, shown]);
  const { countsOf, failed } = useFilingCounts(asked, first, source);
  return useMemo(() => {
    const today = todayUtc();
    const looked = new Set(asked);
    const coverageOf = (period: string): QuarterCoverage | undefined => {
      const counts = looked.has(period) ? countsOf(period) : undefined;
      return counts && countedCoverage(period, counts, today);
    };
    const latest = periods.slice(0, QUARTERS_LOOKED_AT);
    return {
      complete: latestCompleteOf(latest, countsOf),
      coverageOf,
      countsOf,
      failed,
      first,
      source,
    };
  }, [asked, countsOf, failed, first, periods, source]);
}

/** The latest quarters' coverage, as `useQuarterCoverage` gives it. */
export type QuartersCoverage = ReturnType<typeof useQuarterCoverage>;

/**
 * Every quarter end the data spans (latest first), their coverage, and the quarter a view opens
 * on: the latest complete one, or the latest with data when none of the latest is complete or
 * coverage could not be read; null until that is known. The quarter a view was asked for
 * (`shown`) is counted too, whichever it is.
 */
export function useOpeningQuarter(
  wanted = true,
  source: ViewSource = defaultSource(),
  shown?: string,
) {
  const span = useQuery({ ...periodSpanOptions(source), enabled: wanted });
  const periods = useMemo(
    () => (span.data ? quarterEnds(span.data.first, span.data.last) : []),
    [span.data],
  );
  const coverage = useQuarterCoverage(periods, span.data?.first ?? null, source, shown);
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

/**
 * The coverage of the quarter shown (`period`; undefined while unknown), with the managers
 * without a filing named once read: the quarter's filers and the quarter before's, by name,
 * read for this quarter alone and only when someone is missing.
 */
export function useShownCoverage(
  coverage: QuartersCoverage,
  period: string | null | undefined,
): QuarterCoverage | undefined {
  const counted = typeof period === 'string' ? coverage.coverageOf(period) : undefined;
  const wanted = counted !== undefined && counted.expected > counted.filed ? counted.period : null;
  const before = wanted === null ? null : previousQuarterEnd(wanted);
  const none = before === null || coverage.first === null || before < coverage.first;
  const filed = useManagerNames(wanted, coverage.source);
  const earlier = useManagerNames(none ? null : before, coverage.source);
  return useMemo(() => {
    const counts = counted && coverage.countsOf(counted.period);
    if (counted === undefined || counts === undefined) return counted;
    const today = todayUtc();
    if (wanted === null) return countedCoverage(counted.period, counts, today, []);
    const beforeNames = none ? new Set<string>() : earlier;
    if (filed === undefined || beforeNames === undefined) return counted;
    // Once read, the names count as they always did: filings and names differ only where two
    // filers share a name (one manager to the views).
    const named = filingCounts(filed, beforeNames);
    return countedCoverage(wanted, named, today, missingManagers(filed, beforeNames));
  }, [coverage, counted, wanted, none, filed, earlier]);
}

/**
 * The quarters nearest `period` that some manager filed (`periods`: the quarters the data
 * spans): the latest before it and the earliest after it, each when there is one; undefined
 * while they are looked for, and null when not `wanted`. Each way, the quarters are read
 * nearest first, one at a time, until one has a manager: a quarter only the planted
 * data-quality filer filed (the demo's first) has none, and a quarter whose coverage was never
 * read is no quarter with data until it is.
 */
export function useNearestFiledQuarters(
  period: string | null,
  periods: readonly string[],
  source: ViewSource,
  wanted: boolean,
): readonly string[] | null | undefined {
  const client = useQueryClient();
  const asked = wanted && period !== null && periods.length > 0;
  const { data } = useQuery({
    queryKey: ['thirteen-f', 'nearest-filed', period, periods, source],
    queryFn: asked
      ? async () => {
          const filed =
            source === 'aggregates'
              ? async (of: string) => {
                  const [counts, planted] = await Promise.all([
                    client.query(filingCountsOptions(of)),
                    client.query(plantedOptions),
                  ]);
                  return withoutPlanted(counts, of, planted).filed;
                }
              : async (of: string) => (await client.query(rowFilersOptions(of))).size;
          const { before, after } = quartersOutward(period, periods);
          const nearest = await Promise.all([firstFiled(before, filed), firstFiled(after, filed)]);
          return nearest.filter((end): end is string => end !== undefined);
        }
      : skipToken,
    staleTime: FIVE_MINUTES,
  });
  return wanted ? data : null;
}
