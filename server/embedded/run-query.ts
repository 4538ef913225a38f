import type { ValidatedQuery } from '#contract/validate';
import { blobBytes, type Database } from './db/database.ts';
import { buildCountSql, buildPageSql } from './db/sql.ts';

/** A count answer. */
interface CountAnswer {
  readonly record_count: number;
}

/** Raised when a query would return more rows than the configured cap allows at once. */
export class RowCapExceeded extends Error {
  constructor(readonly rowCap: number) {
    super(
      `this query matches more than ${rowCap} rows; page through them with filters.max_num (at most ${rowCap}) and filters.offset, or narrow the filter`,
    );
  }
}

/**
 * Runs a validated query and answers its JSON text; every identifier comes from the catalog,
 * every value is bound.
 */
export async function runQuery(
  database: Database,
  query: ValidatedQuery,
  options: {
    readonly today: Date;
    readonly rowCap: number;
    /** Deadline of each statement; past it DuckDB is interrupted (`QueryTimeout`). */
    readonly timeoutMs: number;
  },
): Promise<string | Buffer> {
  if (query.countOnly) {
    const [row] = await database.rows(buildCountSql(query, options.today), options);
    const answer: CountAnswer = { record_count: Number(row?.record_count ?? 0) };
    return JSON.stringify(answer);
  }
  if (query.maxNum !== undefined && query.maxNum > options.rowCap) {
    throw new RowCapExceeded(options.rowCap);
  }
  // Every row at once, when the rows are more than the cap: refused from a count that stops past
  // the cap, before the page's JSON is written (which took 500 ms and 300 MB for a refusal).
  if (query.maxNum === undefined) {
    const [row] = await database.rows(
      buildCountSql(query, options.today, options.rowCap + 1),
      options,
    );
    if (Number(row?.record_count ?? 0) > options.rowCap) throw new RowCapExceeded(options.rowCap);
  }
  // An empty page has no next page: answering `offset + 0` would send a client round forever.
  if (query.maxNum === 0) return listJson(Buffer.alloc(0), -1);
  const pageSize = query.maxNum ?? options.rowCap;
  const [page] = await database.rows(buildPageSql(query, options.today, pageSize), options);
  const hasMore = Number(page?.fetched ?? 0) > pageSize;
  if (hasMore && query.maxNum === undefined) throw new RowCapExceeded(options.rowCap);
  return listJson(blobBytes(page?.records), hasMore ? query.offset + pageSize : -1);
}

/**
 * A list answer, `{"records":[…],"next_offset":n}`, around records DuckDB wrote as JSON: the
 * bytes go out as they are, never parsed into objects and written again.
 */
function listJson(records: Uint8Array, nextOffset: number): Buffer {
  return Buffer.concat([
    Buffer.from('{"records":['),
    records,
    Buffer.from(`],"next_offset":${String(nextOffset)}}`),
  ]);
}
