import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import { ROW_ID_COLUMN, quoteIdentifier } from '../db/schema.ts';
import { DERIVED_ROWS, DERIVE_STEPS } from './derive-steps.ts';
import type { DeriveStep } from './derive-steps.ts';

/** The derivation itself, hashed into the stamp a derived store carries (see `store.ts`). */
export const DERIVATION_SQL = [...DERIVE_STEPS.map((step) => step.sql), DERIVED_ROWS].join(';\n');

/** `_row` and the catalog's fields of `13f_holdings`, in table order. */
export const HOLDINGS_FIELDS: readonly string[] = [
  ROW_ID_COLUMN,
  ...CATALOG['13f_holdings'].fields.map((field) => field.name),
];

/** `HOLDINGS_FIELDS`, quoted. */
export const HOLDINGS_COLUMNS = HOLDINGS_FIELDS.map(quoteIdentifier);

/**
 * Runs `use` with the derived rows readable as `DERIVED_ROWS`: builds the steps' temporary
 * tables first and drops them after. Run it inside a transaction: when a step fails, the
 * caller's ROLLBACK discards the tables (a DROP in an aborted transaction would only hide the
 * step's own error).
 */
async function withDerivedRows(
  connection: DuckDBConnection,
  use: (rows: string) => Promise<unknown>,
): Promise<void> {
  for (const step of DERIVE_STEPS) await runStep(connection, step);
  await use(DERIVED_ROWS);
  for (const { table } of DERIVE_STEPS) await connection.run(`DROP TABLE ${table}`);
}

async function runStep(connection: DuckDBConnection, step: DeriveStep): Promise<void> {
  if (!step.perPeriod) {
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${step.table} AS ${step.sql}`);
    return;
  }
  // An empty table of the right shape first (no period is NULL), then one period at a time.
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${step.table} AS ${step.sql}`, [null]);
  const periods = await connection.runAndReadAll(
    'SELECT DISTINCT period_of_report FROM thirteenf_filing ORDER BY period_of_report',
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
    await withDerivedRows(connection, (rows) =>
      connection.run(`INSERT INTO "13f_holdings" (${columns}) SELECT ${columns} FROM (${rows})`),
    );
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/**
 * Derives the filings in `connection`'s raw tables into two new tables holding the same rows
 * (the columns of `13f_holdings`) in two orders, for the two ways
 * analysts look at 13F data. Both start with the period, which nearly every query names: DuckDB
 * then skips the other periods' row groups by their min/max. `byCusip` continues with CUSIP, so
 * the holders of one security sit in a few row groups; `byFiler` with the filer's name, so one
 * filer's portfolio does. A CUSIP or name filter compares `lower(…)`, which DuckDB cannot prune
 * by min/max, but on rows stored by that column each row group holds few distinct values, so
 * their dictionary is small and the comparison cheap: measured on 6M rows, one filer's top 50
 * took 189 ms on rows stored by CUSIP and 12 ms on rows stored by filer, the holders of a CUSIP
 * 16 ms and 157 ms the other way round. Run it inside a transaction (see `withDerivedRows`).
 */
export async function deriveHoldingsInto(
  connection: DuckDBConnection,
  tables: { readonly byCusip: string; readonly byFiler: string },
): Promise<void> {
  const byCusip = quoteIdentifier(tables.byCusip);
  await withDerivedRows(connection, (rows) =>
    connection.run(
      `CREATE OR REPLACE TABLE ${byCusip} AS
       SELECT ${HOLDINGS_COLUMNS.join(', ')} FROM (${rows}) ORDER BY "periodofreport", "cusip"`,
    ),
  );
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(tables.byFiler)} AS
     FROM ${byCusip} ORDER BY "periodofreport", "companyname", "cusip"`,
  );
}
