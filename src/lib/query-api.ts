import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody, QueryResult } from './api-client.ts';
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

/** The result of the submitted query; idle until a body is submitted. */
export function useQueryResult(body: QueryRequestBody | undefined) {
  return useQuery(queryResultOptions(body));
}

/** How many records a module holds: the workspace's first answer. */
export async function fetchModuleCount(module: ModuleId, signal?: AbortSignal): Promise<number> {
  const result = await client.query({ module, count_only: true }, signal);
  if (result.kind !== 'count') throw new Error('The service answered a count with rows.');
  return result.count;
}

/** The module-count query; its key names the module. */
export function moduleCountOptions(module: ModuleId) {
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

/** How far a multi-page load has come. */
export interface PagingProgress {
  readonly loaded: number;
  /** The matching row count when known (from the count request). */
  readonly total: number | undefined;
}

/**
 * Every row a body matches, page by page (`offset` + `max_num`), starting at the body's own
 * offset. Cancellable through `signal`; `onProgress` after each page.
 */
export async function fetchAllRows(
  body: QueryRequestBody,
  options: {
    readonly pageSize?: number;
    readonly total?: number;
    readonly signal?: AbortSignal;
    readonly onProgress?: (progress: PagingProgress) => void;
  } = {},
): Promise<ServiceRecord[]> {
  const pageSize = options.pageSize ?? 5000;
  const filters = (body.filters ?? {}) as Record<string, unknown>;
  let offset = Number(filters.offset ?? 0);
  const rows: ServiceRecord[] = [];
  for (;;) {
    const page = await client.query(
      { ...body, filters: { ...filters, max_num: String(pageSize), offset: String(offset) } },
      options.signal,
    );
    if (page.kind !== 'rows') throw new Error('The service answered a page of rows with a count.');
    rows.push(...page.rows);
    options.onProgress?.({ loaded: rows.length, total: options.total });
    if (page.rows.length < pageSize || page.nextOffset === null || page.nextOffset < 0) return rows;
    offset = page.nextOffset;
  }
}
