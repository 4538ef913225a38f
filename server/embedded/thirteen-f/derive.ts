import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import { ROW_ID_COLUMN, quoteIdentifier } from '../db/schema.ts';
import {
  DERIVED_ROWS,
  FILER_NAMES,
  WINDOW_TABLE,
  deriveSteps,
  derivedRows,
  holdingNameSql,
} from './derive-steps.ts';
import type { DeriveStep, RowIds } from './derive-steps.ts';

/** The derivation itself, hashed into the stamp a derived store carries (see `store.ts`). */
export const DERIVATION_SQL = [
  ...deriveSteps('in-period').map((step) => step.sql),
  ...deriveSteps('in-period', 'stored_holdings').map((step) => step.sql),
  DERIVED_ROWS,
].join(';\n');

/** `_row` and the catalog's fields of `13f_holdings`, in table order. */
export const HOLDINGS_FIELDS: readonly string[] = [
  ROW_ID_COLUMN,
  ...CATALOG['13f_holdings'].fields.map((field) => field.name),
];

/** `HOLDINGS_FIELDS`, quoted. */
export const HOLDINGS_COLUMNS = HOLDINGS_FIELDS.map(quoteIdentifier);

/** A period's place in the calendar, in quarters: consecutive quarters differ by one. */
export const QUARTER_INDEX = (date: string) => `(year(${date}) * 4 + quarter(${date}))`;

/**
 * A table of the filer-periods a derivation must write again (`cik`, `period`), made by the
 * caller; derive.ts adds the quarter after each (its changes and SOLD OUT rows compare with it).
 */
export const SCOPE_TABLE = 'thirteenf_work_scope';

/** The filer-periods a scoped derivation replaced (`cik`, `period`; see `replaceScopedRows`). */
export const CLEARED_TABLE = 'thirteenf_work_cleared';

/**
 * Chooses the filer-periods a derivation reads and writes (`WINDOW_TABLE`): every filer-period
 * of the filings, or those of `SCOPE_TABLE` and the quarter after each, reading the quarter
 * before each of those too. Returns the periods written (those of `SCOPE_TABLE` among them).
 */
async function prepareWindow(connection: DuckDBConnection, scoped: boolean): Promise<string[]> {
  const filed = `SELECT DISTINCT cik, period_of_report AS period, ${QUARTER_INDEX('period_of_report')} AS q
    FROM thirteenf_filing`;
  await connection.run(
    scoped
      ? `CREATE OR REPLACE TEMP TABLE ${WINDOW_TABLE} AS
         WITH filed AS (${filed}),
         changed AS (SELECT DISTINCT cik, period, ${QUARTER_INDEX('period')} AS q FROM ${SCOPE_TABLE}),
         emitted AS (
           SELECT DISTINCT f.cik, f.period, f.q FROM filed f JOIN changed c
             ON c.cik = f.cik AND (f.period = c.period OR f.q = c.q + 1)
         )
         SELECT f.cik, f.period, bool_or(f.period = e.period) AS emit
         FROM filed f JOIN emitted e ON e.cik = f.cik AND (f.period = e.period OR f.q + 1 = e.q)
         GROUP BY f.cik, f.period`
      : `CREATE OR REPLACE TEMP TABLE ${WINDOW_TABLE} AS
         SELECT cik, period, true AS emit FROM (${filed})`,
  );
  // A filer-period a re-imported filing left changes its period even with nothing to emit.
  const left = scoped ? `UNION SELECT period FROM ${SCOPE_TABLE}` : '';
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT strftime(period, '%Y-%m-%d') AS period
     FROM (SELECT period FROM ${WINDOW_TABLE} WHERE emit ${left}) ORDER BY period`,
  );
  return reader.getRowObjects().map((row) => String(row.period));
}

/**
 * Runs `use` with the derived rows of the window's emitted periods readable as a query: builds
 * the steps' temporary tables first and drops them after. Run it inside a transaction: when a
 * step fails, the caller's ROLLBACK discards the tables (a DROP in an aborted transaction would
 * only hide the step's own error).
 */
async function withDerivedRows(
  connection: DuckDBConnection,
  rowIds: RowIds,
  use: (rows: string) => Promise<unknown>,
  stored?: string,
): Promise<void> {
  const steps = deriveSteps(rowIds, stored);
  for (const step of steps) await runStep(connection, step);
  await use(DERIVED_ROWS);
  for (const { table } of steps) await connection.run(`DROP TABLE ${table}`);
}

async function runStep(connection: DuckDBConnection, step: DeriveStep): Promise<void> {
  if (!step.perPeriod) {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${step.table} AS ${step.sql}`);
    return;
  }
  // An empty table of the right shape first (no period is NULL), then one period at a time.
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${step.table} AS ${step.sql}`, [null]);
  const periods = await connection.runAndReadAll(
    `SELECT DISTINCT period FROM ${WINDOW_TABLE} ORDER BY period`,
  );
  for (const [period] of periods.getRows()) {
    await connection.run(`INSERT INTO ${step.table} ${step.sql}`, [period ?? null]);
  }
}

/** Replaces every row of `13f_holdings` with what the raw filings say. */
export async function deriveHoldings(connection: DuckDBConnection): Promise<void> {
  const columns = HOLDINGS_COLUMNS.join(', ');
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run('DELETE FROM "13f_holdings"');
    await prepareWindow(connection, false);
    await withDerivedRows(connection, 'global', (rows) =>
      connection.run(`INSERT INTO "13f_holdings" (${columns}) SELECT ${columns} FROM (${rows})`),
    );
    await connection.run(`DROP TABLE ${WINDOW_TABLE}`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/** The derived rows of one or more periods, before they are written in each table's order. */
const WORK_ROWS = 'thirteenf_work_rows';

const selectRows = (rows: string) => `SELECT ${HOLDINGS_COLUMNS.join(', ')} FROM (${rows})`;

/** The two tables a store keeps its derived rows in (see `deriveHoldingsInto`). */
export interface HoldingsTables {
  readonly byCusip: string;
  readonly byFiler: string;
}

/**
 * Derives the filings in `connection`'s raw tables into two tables holding the same rows (the
 * columns of `13f_holdings`) in two orders, for the two ways analysts look at 13F data. Both
 * start with the period, which nearly every query names: DuckDB then skips the other periods'
 * row groups by their min/max. `byCusip` continues with CUSIP, so the holders of one security
 * sit in a few row groups; `byFiler` with the filer's name, so one filer's portfolio does. A
 * CUSIP or name filter compares `lower(…)`, which DuckDB cannot prune by min/max, but on rows
 * stored by that column each row group holds few distinct values, so their dictionary is small
 * and the comparison cheap: measured on 6M rows, one filer's top 50 took 189 ms on rows stored
 * by CUSIP and 12 ms on rows stored by filer, the holders of a CUSIP 16 ms and 157 ms the other
 * way round.
 *
 * With `scoped`, only the filer-periods of `SCOPE_TABLE` and the quarter after each are derived
 * again, replacing their rows in tables that already hold the rest (see `replaceScopedRows`);
 * without, both tables are made anew. Returns the periods written. Run it inside a transaction
 * (see `withDerivedRows`).
 */
export async function deriveHoldingsInto(
  connection: DuckDBConnection,
  tables: HoldingsTables,
  scoped: boolean,
): Promise<string[]> {
  const written = await prepareWindow(connection, scoped);
  const orders = [
    [quoteIdentifier(tables.byCusip), `ORDER BY "periodofreport", "cusip"`],
    [quoteIdentifier(tables.byFiler), `ORDER BY "periodofreport", "companyname", "cusip"`],
  ] as const;
  if (scoped) {
    // A scoped derivation reads the quarters before the ones it writes from their derived rows.
    const stored = quoteIdentifier(tables.byCusip);
    await withDerivedRows(
      connection,
      'in-period',
      (rows) => connection.run(`CREATE OR REPLACE TEMP TABLE ${WORK_ROWS} AS ${selectRows(rows)}`),
      stored,
    );
    await replaceScopedRows(connection, orders, written);
    await connection.run(`DROP TABLE ${WORK_ROWS}`);
  } else {
    await withDerivedRows(connection, 'in-period', () => writePeriods(connection, orders, written));
  }
  await connection.run(`DROP TABLE ${WINDOW_TABLE}`);
  return written;
}

/**
 * Writes each table anew, a period at a time, oldest first: both orders start with the period,
 * so the tables are the same as sorted whole, but each sort holds one quarter. Sorting 12
 * quarters of 3M rows at once spilled 36 GB and, at 768 MB, ran out of memory now and then.
 */
async function writePeriods(
  connection: DuckDBConnection,
  orders: readonly (readonly [string, string])[],
  periods: readonly string[],
): Promise<void> {
  // No period: the tables are made empty, of the rows' shape.
  const each = periods.length === 0 ? [null] : periods;
  for (const [index, period] of each.entries()) {
    await connection.run(
      `CREATE OR REPLACE TEMP TABLE ${WORK_ROWS} AS ${selectRows(derivedRows(true))}`,
      [period],
    );
    for (const [table, order] of orders)
      await connection.run(
        index === 0
          ? `CREATE OR REPLACE TABLE ${table} AS SELECT * FROM ${WORK_ROWS} ${order}`
          : `INSERT INTO ${table} SELECT * FROM ${WORK_ROWS} ${order}`,
      );
  }
  await connection.run(`DROP TABLE ${WORK_ROWS}`);
}

/**
 * Replaces the rows of the filer-periods derived again (and of those in `SCOPE_TABLE` that no
 * filing has any more) in both tables, whose other rows stay. `_row` numbers a period's rows by
 * filer name and CIK, so the filers' blocks of the periods written are laid out again over the
 * rows kept and the new ones, and a kept block that moved is renumbered in place: an UPDATE of
 * one column (10 ms for 340k rows), not a period derived again (seconds). New rows are appended
 * in the table's order, so a period's row groups stay apart from other periods'. Leaves
 * `CLEARED_TABLE`, the filer-periods replaced, for the aggregates; the caller drops it.
 */
async function replaceScopedRows(
  connection: DuckDBConnection,
  orders: readonly [readonly [string, string], ...(readonly [string, string])[]],
  written: readonly string[],
): Promise<void> {
  // Every table holds the same rows: the blocks are read from the first.
  const [[first]] = orders;
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${CLEARED_TABLE} AS
    SELECT cik, period FROM ${WINDOW_TABLE} WHERE emit UNION SELECT cik, period FROM ${SCOPE_TABLE}`);
  for (const [table] of orders) {
    await connection.run(`DELETE FROM ${table} t USING ${CLEARED_TABLE} c
      WHERE t."cik" = c.cik AND t."periodofreport" = c.period`);
    await renameFilers(connection, table);
  }
  await connection.run(`CREATE OR REPLACE TEMP TABLE thirteenf_work_blocks AS
    WITH blocks AS (
      SELECT "periodofreport" AS period, "cik" AS cik, any_value("companyname") AS filer,
        min("_row") AS first_row, count(*) AS n, false AS fresh
      FROM ${first} WHERE "periodofreport" IN (${sqlDates(written)}) GROUP BY ALL
      UNION ALL
      SELECT "periodofreport", "cik", any_value("companyname"), min("_row"), count(*), true
      FROM ${WORK_ROWS} GROUP BY ALL
    )
    SELECT period, cik, fresh, first_row,
      sum(n) OVER (PARTITION BY period ORDER BY filer, cik ROWS UNBOUNDED PRECEDING) - n AS laid
    FROM blocks`);
  for (const [table, order] of orders) {
    await connection.run(`UPDATE ${table} t SET "_row" = t."_row" - b.first_row + b.laid
      FROM thirteenf_work_blocks b
      WHERE NOT b.fresh AND b.first_row <> b.laid AND t."cik" = b.cik AND t."periodofreport" = b.period`);
    await connection.run(`INSERT INTO ${table} BY NAME
      SELECT r.* REPLACE (r."_row" - b.first_row + b.laid AS "_row")
      FROM ${WORK_ROWS} r JOIN thirteenf_work_blocks b
        ON b.fresh AND b.cik = r."cik" AND b.period = r."periodofreport" ${order}`);
  }
  await connection.run('DROP TABLE thirteenf_work_blocks');
}

/** Periods as SQL date literals, for an IN list (NULL for none). */
export function sqlDates(periods: readonly string[]): string {
  // Periods read from the database as YYYY-MM-DD, never a request's text.
  return periods.length === 0 ? 'NULL' : periods.map((period) => `DATE '${period}'`).join(', ');
}

/**
 * A filer's rows carry the name on its latest filing: a new filing under a new name renames its
 * rows in the periods not derived again too (their order within those periods stays as derived).
 */
async function renameFilers(connection: DuckDBConnection, table: string): Promise<void> {
  const name = holdingNameSql({
    filer: 'n.filer_name',
    period: 't."periodofreport"',
    ticker: 't."ticker"',
    cusip: 't."cusip"',
    putCall: 't."putcall"',
  });
  await connection.run(
    `UPDATE ${table} t SET "companyname" = n.filer_name, "name" = ${name}
     FROM (${FILER_NAMES}) n
     WHERE t."cik" = n.cik AND t."companyname" IS DISTINCT FROM n.filer_name`,
  );
}
