import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { countBodyFor } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { fetchAllRows, fetchQueryResult } from '../../../lib/api/query-api.ts';

/** From this many rows, a pull shows a progress bar (it takes seconds through the vendor). */
export const PROGRESS_FROM_ROWS = 50_000;
/**
 * The most rows an analysis view reads in one pull. Past it the view asks the analyst to narrow
 * the scope: 200,000 13F rows are about 60 MB of JSON and a few hundred milliseconds of
 * aggregation, the most a browser tab carries without stalling on a modest laptop.
 */
export const PULL_LIMIT_ROWS = 200_000;

const FIVE_MINUTES = 5 * 60_000;

/** Where a pull stands: what the view says while and after it reads. */
export type Pull =
  | { readonly state: 'counting' }
  /** Waiting for an answer that is no pull of rows (the service's aggregates). */
  | { readonly state: 'waiting' }
  | { readonly state: 'too-large'; readonly count: number }
  | { readonly state: 'reading'; readonly loaded: number; readonly total: number }
  | { readonly state: 'cancelled'; readonly loaded: number; readonly total: number }
  | { readonly state: 'failed'; readonly error: Error }
  | {
      readonly state: 'done';
      readonly rows: readonly ServiceRecord[];
      /** The requests it took: the count and each page. */
      readonly requests: number;
    };

const PAGE_SIZE = 5000;

function countOptions(body: QueryRequestBody | null) {
  return queryOptions({
    queryKey: ['pull', 'count', body],
    queryFn:
      body !== null
        ? async ({ signal }): Promise<number> => {
            const answer = await fetchQueryResult(countBodyFor(body), signal);
            if (answer.kind !== 'count') throw new Error('The service answered a count with rows.');
            return answer.count;
          }
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

const progressKey = (body: QueryRequestBody | null) => ['pull', 'progress', body] as const;

/**
 * Every row `body` matches, for an analysis view that aggregates them: counted first, read only
 * when at most PULL_LIMIT_ROWS, page by page with the rows read so far kept in the query cache
 * (for the progress bar), and cancellable. A cancelled pull stays cancelled (no refetch on focus)
 * until `retry`. `body` is the key: the same pull in two views is read once.
 */
export function useBoundedPull(body: QueryRequestBody | null) {
  const queryClient = useQueryClient();
  // Which pull was cancelled, by its body's text: a view may rebuild an equal body each render.
  const [cancelled, setCancelled] = useState<string | null>(null);
  const isCancelled = body !== null && cancelled === JSON.stringify(body);
  const counted = useQuery(countOptions(body));
  const total = counted.data;
  const readable = body !== null && total !== undefined && total <= PULL_LIMIT_ROWS;
  const rows = useQuery({
    queryKey: ['pull', 'rows', body, total],
    queryFn: readable
      ? ({ signal }): Promise<ServiceRecord[]> =>
          fetchAllRows(body, {
            signal,
            pageSize: PAGE_SIZE,
            total,
            onProgress: ({ loaded }) => {
              queryClient.setQueryData(progressKey(body), loaded);
            },
          })
      : skipToken,
    enabled: readable && !isCancelled,
    staleTime: FIVE_MINUTES,
  });
  const progress = useQuery<number>({ queryKey: progressKey(body), queryFn: skipToken });
  const loaded = progress.data ?? 0;

  const pull = ((): Pull => {
    if (counted.isError) return { state: 'failed', error: counted.error };
    if (total === undefined) return { state: 'counting' };
    if (total > PULL_LIMIT_ROWS) return { state: 'too-large', count: total };
    if (rows.isError) return { state: 'failed', error: rows.error };
    if (rows.data) {
      return {
        state: 'done',
        rows: rows.data,
        requests: 1 + Math.max(1, Math.ceil(rows.data.length / PAGE_SIZE)),
      };
    }
    if (isCancelled) return { state: 'cancelled', loaded, total };
    return { state: 'reading', loaded, total };
  })();

  return {
    pull,
    cancel: () => {
      if (body === null) return;
      setCancelled(JSON.stringify(body));
      void queryClient.cancelQueries({ queryKey: ['pull', 'rows', body] });
    },
    retry: () => {
      // Enabled again, the rows query reads from the start by itself.
      setCancelled(null);
      queryClient.setQueryData(progressKey(body), 0);
      if (counted.isError) void counted.refetch();
      else if (rows.isError) void rows.refetch();
    },
  };
}

/** "3,056 rows in 2 requests": what a view read, said under its title. */
export function fetchedSentence(pull: Extract<Pull, { state: 'done' }>): string {
  const rows = pull.rows.length;
  return `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'} read in ${String(pull.requests)} ${pull.requests === 1 ? 'request' : 'requests'}`;
}
