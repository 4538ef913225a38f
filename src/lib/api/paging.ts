import { offsetOf, withPage } from '#contract/request-body';
import type { NextOffset, ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '#contract/request-body';
import type { QueryResult } from './api-client.ts';
import { ResponseShapeError } from './api-errors.ts';

/** How far a multi-page load has come. */
interface PagingProgress {
  readonly loaded: number;
  /** The matching row count when known (from the count request). */
  readonly total: number | undefined;
}

/** Options of a multi-page load. */
export interface PagingOptions {
  readonly pageSize?: number;
  readonly total?: number | undefined;
  /** At most this many rows: the last page asks only for what is left. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: PagingProgress) => void;
}

/** A hard stop for a load, should an upstream keep sending new pages forever. */
const MAX_PAGES = 10_000;

/**
 * Where the page after one that started at `offset` starts, or undefined when there is none.
 * The service's own `next_offset` wins when it moves forward, and its `-1` ends the rows. When
 * it says nothing (the vendor's bare arrays), the count decides: more rows exist while
 * `offset` + the rows received stays below it. Without a count nothing says there is more.
 */
export function nextPageOffset(
  page: { readonly rows: readonly unknown[]; readonly nextOffset: NextOffset },
  offset: number,
  total: number | undefined,
): number | undefined {
  if (page.rows.length === 0 || page.nextOffset === 'end') return undefined;
  if (typeof page.nextOffset === 'number' && page.nextOffset > offset) return page.nextOffset;
  const after = offset + page.rows.length;
  return total !== undefined && after < total ? after : undefined;
}

/**
 * A page's fingerprint, to notice an upstream that ignores `offset` and sends its first page
 * again. Pages whose first and last rows are alike (one value repeated) could legitimately
 * repeat, so they get none; the count still bounds those loads.
 */
function fingerprint(rows: readonly ServiceRecord[]): string | undefined {
  const text = JSON.stringify(rows);
  return JSON.stringify(rows[0]) === JSON.stringify(rows.at(-1)) ? undefined : text;
}

/** Runs one query body (the API client's `query`). */
export type RunQuery = (body: QueryRequestBody, signal?: AbortSignal) => Promise<QueryResult>;

/**
 * Every row a body matches, page by page (`offset` + `max_num`), starting at the body's own
 * offset, until `nextPageOffset` finds no next page. Cancellable through `signal`; `onProgress`
 * after each page. An upstream that repeats a page instead of paging is an error, not an
 * endless load.
 */
export async function pageThrough(
  query: RunQuery,
  body: QueryRequestBody,
  options: PagingOptions = {},
): Promise<ServiceRecord[]> {
  const pageSize = options.pageSize ?? 5000;
  let offset = offsetOf(body);
  const rows: ServiceRecord[] = [];
  let previous: { offset: number; fingerprint: string | undefined } | undefined;
  const { limit } = options;
  for (let pages = 1; ; pages += 1) {
    const size = limit === undefined ? pageSize : Math.min(pageSize, limit - rows.length);
    const page = await query(withPage(body, offset, size), options.signal);
    if (page.kind !== 'rows') throw new Error('The service answered a page of rows with a count.');
    const print = fingerprint(page.rows);
    if (previous && print !== undefined && print === previous.fingerprint) {
      throw new ResponseShapeError(
        `The service sent the same rows for offset ${String(offset)} as for offset ${String(previous.offset)}: it does not page by offset, so only ${rows.length.toLocaleString()} rows could be loaded.`,
      );
    }
    rows.push(...page.rows);
    options.onProgress?.({ loaded: rows.length, total: options.total });
    if (limit !== undefined && rows.length >= limit) return rows.slice(0, limit);
    const next = nextPageOffset(page, offset, options.total);
    if (next === undefined) return rows;
    if (pages >= MAX_PAGES) {
      throw new ResponseShapeError(
        `The service kept sending pages: the load stopped after ${MAX_PAGES.toLocaleString()} pages (${rows.length.toLocaleString()} rows).`,
      );
    }
    previous = { offset, fingerprint: print };
    offset = next;
  }
}
