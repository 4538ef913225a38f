/**
 * The views' reads of the embedded service's 13F aggregates as TanStack queries (the reads
 * themselves: aggregate-reads.ts, quarter-aggregates.ts). A view reads them only where the
 * service serves them (`servesAggregates`), and rows as ever otherwise.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { servesAggregates } from '../../../lib/api/app-config.ts';
import { fetchQueryResult } from '../../../lib/api/query-api.ts';
import { filedQuarters, securityName, securityQuarters } from './aggregate-reads.ts';
import type { RunQuery } from './aggregate-reads.ts';
import { quarterFromAggregates } from './quarter-aggregates.ts';

const FIVE_MINUTES = 5 * 60_000;

/** Where a view across managers reads: the service's aggregates, or rows. */
export type ViewSource = 'aggregates' | 'rows';

/** The aggregates where the service serves them (the embedded one), else rows (the vendor). */
export function defaultSource(): ViewSource {
  return servesAggregates() ? 'aggregates' : 'rows';
}

const run: RunQuery = (body, signal) => fetchQueryResult(body, signal);

/** The quarter across every manager, `limit` of each list (null: no quarter yet). */
export function quarterAggregatesOptions(period: string | null, limit: number) {
  return queryOptions({
    queryKey: ['thirteen-f', 'aggregates', 'quarter', period, limit],
    queryFn:
      period !== null
        ? ({ signal }) => quarterFromAggregates(run, period, { limit, signal })
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** A security's quarters across managers, and its name as the view writes it. */
export function securityAggregatesOptions(cusip: string) {
  return queryOptions({
    queryKey: ['thirteen-f', 'aggregates', 'security', cusip],
    queryFn: async ({ signal }) => {
      const [quarters, name] = await Promise.all([
        securityQuarters(run, cusip, signal),
        securityName(run, cusip, signal),
      ]);
      return { quarters, name };
    },
    staleTime: FIVE_MINUTES,
  });
}

/** The filers that filed `period` (an empty filing too), each with its positions. */
export function periodFilingsOptions(period: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'aggregates', 'filed', period],
    queryFn:
      period !== null
        ? ({ signal }) => filedQuarters(run, [{ periodofreport: { $equals: period } }], signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** Every quarter `filer` filed, latest first (null: no filer picked). */
export function filerFilingsOptions(filer: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'aggregates', 'filer', filer],
    queryFn:
      filer !== null
        ? ({ signal }) => filedQuarters(run, [{ companyname: { $equals: filer } }], signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}
