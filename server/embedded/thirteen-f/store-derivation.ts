/**
 * Bringing a filing store's derived rows up to date with its filings (`deriveFilingStore`):
 * scoped to the filer-periods imported since, in one transaction, or whole, into new tables
 * swapped in at the end.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CLEARED_TABLE, SCOPE_TABLE, deriveHoldingsInto } from './derive.ts';
import { SHIPPED_CUSIP_TICKERS, addCusipTickers, readCusipTickers } from './reference.ts';
import { deriveStoreAggregates } from './store-aggregates.ts';
import {
  DERIVED_TABLE_KEYS,
  NEXT_TABLES,
  SERVED_TABLES,
  sqlString,
  tableNames,
} from './store-names.ts';
import type { DerivedTables } from './store-names.ts';
import { currentDatabase, derivationStamp, storedStamp } from './store.ts';

/** What a derivation of the store did. */
export interface StoreDerivation {
  /** Every period anew (first derivation, another version's, or asked for), or some. */
  readonly whole: boolean;
  /** The periods whose rows were written. */
  readonly periods: readonly string[];
}

/**
 * Brings the store's derived rows (`SERVED_TABLES`) up to date with its filings, inside the
 * store: a run that stops at any point leaves the rows the store served, and the filings
 * imported since stay pending for the next run. Only the filers' periods of the filings imported
 * since the last derivation, and each one's quarter after, are derived again (a new file's late
 * filings and amendments change a few filers of older quarters, not the quarters), in one
 * transaction, unless `whole` is asked for or the store was derived by another version (or
 * never): then every table is written anew beside the served one and swapped in (`deriveWhole`).
 * The store's filings alone (the demo's are not in the file), with the shipped ticker map
 * alone: the fictional filers' invented tickers never label an operator's real filings.
 */
export async function deriveFilingStore(
  connection: DuckDBConnection,
  options: { readonly whole?: boolean } = {},
): Promise<StoreDerivation> {
  const stamp = await derivationStamp();
  const database = await currentDatabase(connection);
  await dropTables(connection, NEXT_TABLES);
  const whole = options.whole === true || (await storedStamp(connection, database)) !== stamp;
  if (whole) return { whole, periods: await deriveWhole(connection, stamp) };
  const periods = await inTransaction(connection, async () => {
    const scoped = await prepareScope(connection);
    const written = scoped ? await deriveHoldingsInto(connection, SERVED_TABLES, true) : [];
    if (written.length > 0) await deriveStoreAggregates(connection, written, false, SERVED_TABLES);
    if (scoped) await connection.run(`DROP TABLE ${CLEARED_TABLE}`);
    await connection.run(`DROP TABLE ${SCOPE_TABLE}`);
    await markDerived(connection, stamp);
    return written;
  });
  return { whole, periods };
}

/**
 * Derives every period into `NEXT_TABLES` and swaps them for the served ones. Each part commits
 * apart: in one transaction, 12 quarters of 3M rows ran out of 768 MB, DuckDB keeping the
 * uncommitted holdings (two tables of 35M rows) pinned while the aggregates read them; 0.7 s
 * for a quarter's filer aggregates once committed. The served tables change only in the last
 * transaction, a few renames.
 */
async function deriveWhole(connection: DuckDBConnection, stamp: string): Promise<string[]> {
  const periods = await inTransaction(connection, async () => {
    // Read by the derivation only: a run killed after this leaves the served rows as they were.
    await connection.run('DELETE FROM cusip_ticker');
    await addCusipTickers(connection, await readCusipTickers(SHIPPED_CUSIP_TICKERS));
    return deriveHoldingsInto(connection, NEXT_TABLES, false);
  });
  await inTransaction(connection, () =>
    deriveStoreAggregates(connection, periods, true, NEXT_TABLES),
  );
  await inTransaction(connection, async () => {
    await dropTables(connection, SERVED_TABLES);
    for (const key of DERIVED_TABLE_KEYS)
      await connection.run(`ALTER TABLE ${NEXT_TABLES[key]} RENAME TO ${SERVED_TABLES[key]}`);
    await markDerived(connection, stamp);
  });
  return periods;
}

/** Runs `work` in a transaction, rolled back when it fails. */
async function inTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await work();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

async function dropTables(connection: DuckDBConnection, tables: DerivedTables): Promise<void> {
  for (const table of tableNames(tables)) await connection.run(`DROP TABLE IF EXISTS ${table}`);
}

/** Every filing derived, nothing left replaced, and the derivation's stamp. */
async function markDerived(connection: DuckDBConnection, stamp: string): Promise<void> {
  await connection.run('DELETE FROM thirteenf_replaced');
  await connection.run('UPDATE thirteenf_filing SET derived = true WHERE derived IS NOT TRUE');
  await connection.run(
    `CREATE OR REPLACE TABLE thirteenf_derivation AS SELECT ${sqlString(stamp)} AS stamp`,
  );
}

/**
 * Makes `SCOPE_TABLE`: the filer-periods of the filings imported since the last derivation, and
 * those that filings re-imported since left (another period or filer). False when there are none.
 */
async function prepareScope(connection: DuckDBConnection): Promise<boolean> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${SCOPE_TABLE} AS
    SELECT cik, period_of_report AS period FROM thirteenf_filing WHERE derived IS NOT TRUE
    UNION SELECT cik, period FROM thirteenf_replaced`);
  const reader = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM ${SCOPE_TABLE}`,
  );
  return reader.getRowObjects()[0]?.n !== 0;
}
