import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchAccountNames } from './account-names.ts';
import { client } from './services.ts';

/**
 * The names of one result's account IDs (see account-names.ts): one lookup per set of IDs,
 * sorted, so the same page shown again is the same query, answered from the cache.
 */
export function accountNamesOptions(ids: readonly string[], with13F: boolean) {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: ['account-names', sorted, with13F],
    queryFn:
      sorted.length === 0
        ? skipToken
        : ({ signal }) =>
            fetchAccountNames((body, s) => client.query(body, s), sorted, with13F, signal),
    // Names change rarely: a page looked at again within minutes needs no new lookup.
    staleTime: 10 * 60_000,
  });
}
