import type { ValidatedQuery } from '#contract/validate';
import type { Database } from './db/database.ts';
import { buildCountSql, buildSelectSql } from './db/sql.ts';

/** A list answer: the records and where the next page starts (`-1` at the end). */
export interface ListAnswer {
  readonly records: Record<string, unknown>[];
  readonly next_offset: number;
}

/** A count answer. */
export interface CountAnswer {
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

/** Runs a validated query; every identifier comes from the catalog, every value is bound. */
export async function runQuery(
  database: Database,
  query: ValidatedQuery,
  options: {
    readonly today: Date;
    readonly rowCap: number;
    /** Deadline of each statement; past it DuckDB is interrupted (`QueryTimeout`). */
    readonly timeoutMs: number;
  },
): Promise<ListAnswer | CountAnswer> {
  if (query.countOnly) {
    const [row] = await database.rows(buildCountSql(query, options.today), options);
    return { record_count: Number(row?.record_count ?? 0) };
  }
  if (query.maxNum !== undefined && query.maxNum > options.rowCap) {
    throw new RowCapExceeded(options.rowCap);
  }
  // An empty page has no next page: answering `offset + 0` would send a client round forever.
  if (query.maxNum === 0) return { records: [], next_offset: -1 };
  const pageSize = query.maxNum ?? options.rowCap;
  const rows = await database.rows(buildSelectSql(query, options.today, pageSize + 1), options);
  const hasMore = rows.length > pageSize;
  if (hasMore && query.maxNum === undefined) throw new RowCapExceeded(options.rowCap);
  const records = hasMore ? rows.slice(0, pageSize) : rows;
  return { records, next_offset: hasMore ? query.offset + pageSize : -1 };
}
