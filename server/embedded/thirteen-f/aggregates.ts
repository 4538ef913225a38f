/**
 * Derives the 13F aggregates (`13f_security_quarters`, `13f_filer_quarters`) from derived
 * holdings and the raw filings, for the embedded service to serve through the query interface
 * like any module (why: docs/decisions/13f-aggregates.md).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import type { ExtensionModuleId } from '#contract/catalog';
import { ROW_ID_COLUMN, quoteIdentifier } from '../db/schema.ts';
import { filerQuartersSql, quarterBefore, securityQuartersSql } from './aggregates-sql.ts';
import type { RowIds } from './derive-steps.ts';

/** Where `deriveThirteenFAggregates` reads and writes: table names, optionally qualified. */
export interface AggregateTables {
  /** Derived holdings: the columns of `13f_holdings` (its `_row`, `cik` and `putcall` among them). */
  readonly holdings: string;
  /** Raw filings: the columns of `thirteenf_filing`. */
  readonly filings: string;
  /** Raw information-table rows: the columns of `thirteenf_infotable`. */
  readonly infotable: string;
  /** Receives `13f_security_quarters` rows: `_row` and that module's fields (createModuleTable). */
  readonly securityTarget?: string;
  /** Receives `13f_filer_quarters` rows, likewise; none derived without it. */
  readonly filerTarget?: string;
  /** Only the filer rows of these filer-periods (a table of `cik` and `period`), else all. */
  readonly filerScope?: string;
  /**
   * Only these periods ('YYYY-MM-DD'), else every period of the holdings and filings. The caller
   * deletes the periods' rows from the targets first. A period's aggregates read the quarter
   * before too (holders without a filing, the previous period filed): after a quarter changes,
   * derive the quarter after it again as well.
   */
  readonly periods?: readonly string[];
}

/** A table name as SQL: each dot-separated part quoted (`filing_store.thirteenf_holdings`). */
function tableName(name: string): string {
  return name.split('.').map(quoteIdentifier).join('.');
}

/**
 * `periods` and the quarter before each as constants, a condition on `periodofreport` added to
 * the bound `wanted`: DuckDB reads a join to `wanted` by scanning every period's holdings, and a
 * constant list by skipping the other periods' row groups by their min/max (the store's holdings
 * are stored by period). Dates from the database, never a request's text; checked all the same.
 */
function periodBounds(periods: readonly string[] | undefined): string {
  if (periods === undefined || periods.length === 0) return '';
  const dates = periods.flatMap((period) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(period)) throw new Error(`Not a period: ${period}`);
    return [`DATE '${period}'`, quarterBefore(`DATE '${period}'`)];
  });
  // Led by a space: without periods the SQL is the text stamped on stores derived before.
  return ` AND periodofreport IN (${dates.join(', ')})`;
}

/** The `wanted(period)` CTE: the periods asked for, bound, or every period of `sources`. */
function wantedCte(periods: readonly string[] | undefined, sources: readonly string[]) {
  if (periods === undefined) {
    const all = sources.map((source) => `SELECT ${source}`).join(' UNION ');
    return { sql: `WITH wanted AS (SELECT * FROM (${all}) every(period))`, params: [] };
  }
  // An empty list wants nothing: a period no filing has.
  const values = periods.length === 0 ? ['0001-01-01'] : periods;
  const rows = values.map((_, index) => `(CAST($${String(index + 1)} AS DATE))`).join(', ');
  return { sql: `WITH wanted AS (SELECT * FROM (VALUES ${rows}) v(period))`, params: [...values] };
}

/**
 * Appends `select`'s rows (the module's fields, no `_row`) to `target`, numbering `_row` in
 * `order`, the default order of the module's answers: after the target's last row (`global`, the
 * tables a server derives at start), or from 0 within each period (`in-period`, the filing
 * store's, derived a few periods at a time: the served view adds each period's base).
 */
async function insertRows(
  connection: DuckDBConnection,
  module: ExtensionModuleId,
  target: string,
  wanted: { readonly sql: string; readonly params: readonly string[] },
  select: string,
  ordered: { readonly order: string; readonly rowIds: RowIds },
): Promise<void> {
  const columns = CATALOG[module].fields.map((field) => quoteIdentifier(field.name));
  const row = quoteIdentifier(ROW_ID_COLUMN);
  const rowId =
    ordered.rowIds === 'global'
      ? `(SELECT coalesce(max(${row}) + 1, 0) FROM ${target})
         + row_number() OVER (ORDER BY ${ordered.order}) - 1`
      : `row_number() OVER (PARTITION BY "periodofreport" ORDER BY ${ordered.order}) - 1`;
  await connection.run(
    `INSERT INTO ${target} (${row}, ${columns.join(', ')})
     ${wanted.sql}, derived AS (WITH ${select})
     SELECT CAST(${rowId} AS INTEGER), ${columns.join(', ')}
     FROM derived`,
    [...wanted.params],
  );
}

/** The default order of each module's answers (its `_row`). */
export const AGGREGATE_ORDER = {
  '13f_security_quarters': '"periodofreport" DESC, "value" DESC, "cusip"',
  '13f_filer_quarters': '"companyname", "cik", "periodofreport" DESC',
} as const satisfies Record<ExtensionModuleId, string>;

/**
 * Derives both aggregate modules into their targets with SQL, from `holdings` (the derived
 * `13f_holdings` rows) and the raw `filings` and `infotable`: every period of the data, or only
 * `periods` (see `AggregateTables`). `13f_security_quarters` counts every filer but the planted
 * data-quality one; `13f_filer_quarters` has a row for each filing counted for a period, an
 * empty one too. Run it inside the caller's transaction when the targets must change at once.
 */
export async function deriveThirteenFAggregates(
  connection: DuckDBConnection,
  tables: AggregateTables,
  rowIds: RowIds = 'global',
): Promise<void> {
  const holdings = tableName(tables.holdings);
  const filings = tableName(tables.filings);
  const wanted = wantedCte(tables.periods, [
    `DISTINCT periodofreport FROM ${holdings}`,
    `DISTINCT period_of_report FROM ${filings}`,
  ]);
  if (tables.securityTarget !== undefined)
    await insertRows(
      connection,
      '13f_security_quarters',
      tableName(tables.securityTarget),
      wanted,
      securityQuartersSql(holdings, periodBounds(tables.periods)),
      { order: AGGREGATE_ORDER['13f_security_quarters'], rowIds },
    );
  if (tables.filerTarget === undefined) return;
  await insertRows(
    connection,
    '13f_filer_quarters',
    tableName(tables.filerTarget),
    wanted,
    filerQuartersSql(
      holdings,
      filings,
      tableName(tables.infotable),
      tables.filerScope,
      periodBounds(tables.periods),
    ),
    { order: AGGREGATE_ORDER['13f_filer_quarters'], rowIds },
  );
}

/**
 * Derives the aggregates of the filers a starting server derives in memory (the demo's, with the
 * store's filings of them merged: load-data.ts) into the modules' own tables. A filing store
 * carries the aggregates of its other filers (store-aggregates.ts), which serving adds.
 */
export async function deriveLocalAggregates(connection: DuckDBConnection): Promise<void> {
  await deriveThirteenFAggregates(connection, {
    holdings: '13f_holdings',
    filings: 'thirteenf_filing',
    infotable: 'thirteenf_infotable',
    securityTarget: '13f_security_quarters',
    filerTarget: '13f_filer_quarters',
  });
}
