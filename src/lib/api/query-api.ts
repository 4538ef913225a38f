import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { MODULE_IDS } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '#contract/request-body';
import type { QueryResult } from './api-client.ts';
import { pageThrough } from './paging.ts';
import { useOnceQuiet } from './use-once-quiet.ts';
import type { PagingOptions } from './paging.ts';
import { client } from './services.ts';

/** Runs a query body: rows or a count. */
export function fetchQueryResult(
  body: QueryRequestBody,
  signal?: AbortSignal,
): Promise<QueryResult> {
  return client.query(body, signal);
}

/**
 * A query run; the body is the key, so changing the query cancels the stale request (through
 * the signal) and an old answer can never land on a newer query.
 */
export function queryResultOptions(body: QueryRequestBody | undefined) {
  return queryOptions({
    queryKey: ['query', body ?? null],
    queryFn: body ? ({ signal }) => fetchQueryResult(body, signal) : skipToken,
  });
}

/** How many records a module holds: the workspace's first answer. */
async function fetchModuleCount(module: ModuleId, signal?: AbortSignal): Promise<number> {
  const result = await client.query({ module, count_only: true }, signal);
  if (result.kind !== 'count') throw new Error('The service answered a count with rows.');
  return result.count;
}

/** The module-count query; its key names the module. */
function moduleCountOptions(module: ModuleId) {
  return queryOptions({
    queryKey: ['module-count', module],
    queryFn: ({ signal }) => fetchModuleCount(module, signal),
    staleTime: 5 * 60_000,
  });
}

/** The record count of a module. */
export function useModuleCount(module: ModuleId) {
  return useQuery(moduleCountOptions(module));
}

/** Each module's record count, `undefined` while unknown (asked, refused or failed). */
export type ModuleCounts = Readonly<Partial<Record<ModuleId, number>>>;

/**
 * Every module's record count, asked together once after sign-in. The token answer names no
 * modules, so these counts are how the app learns what the account may open before the analyst
 * meets a refusal: a 403 among them marks the module (the client's `onForbidden`), and the
 * navigation, the home and the views across managers say so up front. Asked once the page's own
 * queries have settled (`useOnceQuiet`): the analyst waits for those, not for these. The same
 * cache entries as the workspace's own count, so opening a module asks nothing again.
 */
export function useModuleCounts(): ModuleCounts {
  const quiet = useOnceQuiet();
  return useQueries({
    queries: MODULE_IDS.map((module) => ({ ...moduleCountOptions(module), enabled: quiet })),
    combine: (results) =>
      Object.fromEntries(MODULE_IDS.map((module, at) => [module, results[at]?.data])),
  });
}

/**
 * Every row a body matches, page by page, starting at the body's own offset (see
 * `pageThrough`). Cancellable through `signal`; `onProgress` after each page.
 */
export function fetchAllRows(
  body: QueryRequestBody,
  options: PagingOptions = {},
): Promise<ServiceRecord[]> {
  return pageThrough((page, signal) => client.query(page, signal), body, options);
}
