/**
 * The account page's reads as TanStack queries: one per section, each keyed by the account, so
 * the sections load in parallel, fail alone and come back from the cache on Back.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { QueryRequestBody } from '#contract/request-body';
import { servesAggregates } from '../../../lib/api/app-config.ts';
import { fetchQueryResult } from '../../../lib/api/query-api.ts';
import type { RunQuery } from '../../../lib/api/paging.ts';
import { readFilerMatches, readSection } from './account-reads.ts';
import {
  readQuarterChanges,
  readQuartersFromAggregates,
  readQuartersFromRows,
} from './thirteen-f-reads.ts';

const FIVE_MINUTES = 5 * 60_000;
const run: RunQuery = (body, signal) => fetchQueryResult(body, signal);

/** A section's rows: the body is the key, as for any query. */
export function sectionRowsOptions(section: string, body: QueryRequestBody | null) {
  return queryOptions({
    queryKey: ['account', section, body],
    queryFn: body === null ? skipToken : ({ signal }) => readSection(run, body, signal),
    staleTime: FIVE_MINUTES,
  });
}

/** The 13F filers matched to the account. */
export function filerMatchesOptions(accountId: string) {
  return queryOptions({
    queryKey: ['account', 'filers', accountId],
    queryFn: ({ signal }) => readFilerMatches(run, accountId, signal),
    staleTime: FIVE_MINUTES,
  });
}

/** A filer's quarters, from the aggregate where served, else from its rows. */
export function filerQuartersOptions(filer: string) {
  const source = servesAggregates() ? 'aggregates' : 'rows';
  return queryOptions({
    queryKey: ['account', 'filer-quarters', filer, source],
    queryFn: ({ signal }) =>
      source === 'aggregates'
        ? readQuartersFromAggregates(run, filer, signal)
        : readQuartersFromRows(run, filer, signal),
    staleTime: FIVE_MINUTES,
  });
}

/** The changed positions of a filer's quarter (null: no quarter yet). */
export function quarterChangesOptions(filer: string, period: string | null) {
  return queryOptions({
    queryKey: ['account', 'filer-changes', filer, period],
    queryFn:
      period === null ? skipToken : ({ signal }) => readQuarterChanges(run, filer, period, signal),
    staleTime: FIVE_MINUTES,
  });
}
