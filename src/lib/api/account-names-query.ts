import { queryOptions, skipToken } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { fetchAccountNames } from './account-names.ts';
import type { AccountNames } from './account-names.ts';
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

/** How long an export waits for account names before it writes the file without them. */
export const EXPORT_NAMES_WAIT_MS = 8000;

/** The names for an export, or why there are none: still loading when it stopped waiting, or failed. */
export type NamesForExport =
  | { readonly names: AccountNames; readonly missing?: undefined }
  | { readonly names?: undefined; readonly missing: 'slow' | 'failed' };

/**
 * The names of `ids` for an export: from the cache when the table has them (the same IDs, the
 * same query), else looked up, but waited for at most `waitMs`: a file is never held up by a slow
 * lookup. The lookup goes on after that, so the next export finds the names cached.
 */
export async function accountNamesForExport(
  queryClient: QueryClient,
  ids: readonly string[],
  with13F: boolean,
  waitMs = EXPORT_NAMES_WAIT_MS,
): Promise<NamesForExport> {
  const options = accountNamesOptions(ids, with13F);
  if (options.queryFn === skipToken) return { names: new Map() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopped = new Promise<NamesForExport>((resolve) => {
    timer = setTimeout(() => {
      resolve({ missing: 'slow' });
    }, waitMs);
  });
  const looked = queryClient.query(options).then(
    (names): NamesForExport => ({ names }),
    (): NamesForExport => ({ missing: 'failed' }),
  );
  try {
    return await Promise.race([looked, stopped]);
  } finally {
    clearTimeout(timer);
  }
}
