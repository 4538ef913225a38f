import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ROW_ID_COLUMN, SECONDARY_LAYOUTS, quoteIdentifier } from '../db/schema.ts';
import { DERIVATION_SQL, HOLDINGS_COLUMNS, HOLDINGS_FIELDS, deriveHoldingsInto } from './derive.ts';
import { SHIPPED_CUSIP_TICKERS, addCusipTickers, readCusipTickers } from './reference.ts';
import { createFilingTables } from './schema.ts';

/**
 * DuckDB's memory limit while importing and deriving (`--memory-limit`): past it, DuckDB spills
 * its sorts, joins and temporary tables to disk (`<store>.tmp`, removed after). With 768 MB,
 * deriving a store of two SEC quarters of 3M rows each peaks at 1.4–1.8 GB of resident memory in
 * all (Node and DuckDB's structures outside its buffers included; 2.0 GB with 1 GB); without a
 * limit DuckDB took up to 80 % of the machine (6.9 GB) because it could, and with 512 MB the
 * derivation ran out of memory. Insertion order is not kept: no step needs it (the stored
 * tables are written with ORDER BY), and keeping it costs memory.
 */
export const IMPORT_MEMORY_LIMIT = '768MB';

/**
 * The operator's filing store: a DuckDB file holding every filing imported with
 * `npm run import-13f`, and the holdings derived from them at import (`deriveFilingStore`).
 * The server serves those derived rows from the file (`attachFilingStore`), read-only, without
 * copying them into memory, so start-up time and memory do not grow with the store.
 */
export async function openFilingStore(
  path: string,
  memoryLimit = IMPORT_MEMORY_LIMIT,
): Promise<{ connection: DuckDBConnection; close: () => void }> {
  mkdirSync(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path, {
    memory_limit: memoryLimit,
    preserve_insertion_order: 'false',
  });
  const connection = await instance.connect();
  await createFilingTables(connection);
  return {
    connection,
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** The store's derived holdings: the columns of `13f_holdings`. */
export const STORE_HOLDINGS = 'thirteenf_holdings';

/** The same rows stored by filer (see `deriveHoldingsInto`). */
const STORE_HOLDINGS_BY_FILER = 'thirteenf_holdings_by_filer';

/** Name under which a starting server attaches the store. */
export const STORE_ALIAS = 'filing_store';

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * What the derived rows depend on besides the filings: the derivation and the shipped ticker
 * map. A store whose stamp differs from the server's was derived by another version or with
 * other tickers, and is not served as derived.
 */
export async function derivationStamp(): Promise<string> {
  return createHash('sha256')
    .update(DERIVATION_SQL)
    .update('\n')
    .update(await readFile(SHIPPED_CUSIP_TICKERS))
    .digest('hex');
}

/**
 * Forgets the store's derivation before an import changes its filings, so a run that stops
 * half-way never leaves derived rows that look current; returns the stamp it forgot.
 */
export async function forgetDerivation(connection: DuckDBConnection): Promise<string | null> {
  const found = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name = 'thirteenf_derivation'`,
  );
  if (found.getRowObjects()[0]?.n !== 1) return null;
  const stored = await connection.runAndReadAll('SELECT stamp FROM thirteenf_derivation');
  await connection.run('DROP TABLE thirteenf_derivation');
  return String(stored.getRowObjects()[0]?.stamp ?? '');
}

/** Puts back a stamp `forgetDerivation` took, when the import changed nothing after all. */
export async function restoreDerivation(
  connection: DuckDBConnection,
  stamp: string | null,
): Promise<void> {
  if (stamp === null) return;
  await writeStamp(connection, stamp);
}

async function writeStamp(connection: DuckDBConnection, stamp: string): Promise<void> {
  await connection.run(
    `CREATE OR REPLACE TABLE thirteenf_derivation AS SELECT ${sqlString(stamp)} AS stamp`,
  );
}

/**
 * Derives the store's filings into `STORE_HOLDINGS` and `STORE_HOLDINGS_BY_FILER` inside the
 * store, and stamps the result.
 * The store's filings alone (the demo's are not in the file), with the shipped ticker map
 * alone: the fictional filers' invented tickers never label an operator's real filings.
 */
export async function deriveFilingStore(connection: DuckDBConnection): Promise<void> {
  const tickers = await readCusipTickers(SHIPPED_CUSIP_TICKERS);
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run('DROP TABLE IF EXISTS thirteenf_derivation');
    await connection.run('DELETE FROM cusip_ticker');
    await addCusipTickers(connection, tickers);
    await deriveHoldingsInto(connection, {
      byCusip: STORE_HOLDINGS,
      byFiler: STORE_HOLDINGS_BY_FILER,
    });
    await writeStamp(connection, await derivationStamp());
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/** What the store held. */
export interface StoreSummary {
  readonly filings: number;
  readonly rows: number;
}

/** How a starting server found the store: none, derived with its own stamp, or not. */
export type StoreState = 'absent' | 'derived' | 'not_derived';

/**
 * Attaches the store read-only as `STORE_ALIAS` for good (it stays attached while the server
 * runs) and says whether its derived rows can be served: their stamp must be `stamp`.
 */
export async function attachFilingStore(
  connection: DuckDBConnection,
  path: string,
  stamp: string,
): Promise<StoreState> {
  if (!existsSync(path)) return 'absent';
  // ATTACH takes no bound parameters; the path is the operator's own configuration, quoted.
  await connection.run(`ATTACH ${sqlString(path)} AS ${STORE_ALIAS} (READ_ONLY)`);
  const found = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_tables()
     WHERE database_name = '${STORE_ALIAS}'
       AND table_name IN ('thirteenf_derivation', '${STORE_HOLDINGS}', '${STORE_HOLDINGS_BY_FILER}')`,
  );
  if (found.getRowObjects()[0]?.n !== 3) return 'not_derived';
  const stored = await connection.runAndReadAll(
    `SELECT stamp FROM ${STORE_ALIAS}.thirteenf_derivation`,
  );
  return stored.getRowObjects()[0]?.stamp === stamp ? 'derived' : 'not_derived';
}

/** How many filings and information-table rows the attached store holds. */
export async function storeSummary(connection: DuckDBConnection): Promise<StoreSummary> {
  const reader = await connection.runAndReadAll(
    `SELECT (SELECT count(*) FROM ${STORE_ALIAS}.thirteenf_filing)::INTEGER AS filings,
            (SELECT count(*) FROM ${STORE_ALIAS}.thirteenf_infotable)::INTEGER AS rows`,
  );
  const [summary] = reader.getRowObjects() as unknown as StoreSummary[];
  return summary ?? { filings: 0, rows: 0 };
}

/**
 * Copies the attached store's filings into `connection`'s raw tables, each replacing a filing
 * of the same accession (an operator's re-import of a demo filing wins). With `onlyCiks`, only
 * the filings of the filers in that table are copied (a demo filing is still replaced by any
 * store filing of its accession, which the store's derived rows then serve).
 */
export async function copyStoreFilings(
  connection: DuckDBConnection,
  onlyCiks?: string,
): Promise<void> {
  const store = `${STORE_ALIAS}.thirteenf_filing`;
  const copied = onlyCiks === undefined ? store : `(FROM ${store} WHERE cik IN (FROM ${onlyCiks}))`;
  await connection.run(
    `DELETE FROM thirteenf_infotable WHERE accession IN (SELECT accession FROM ${store})`,
  );
  await connection.run(
    `DELETE FROM thirteenf_filing WHERE accession IN (SELECT accession FROM ${store})`,
  );
  // By name: a store written before the summary-page columns lacks them; they stay empty.
  await connection.run(`INSERT INTO thirteenf_filing BY NAME SELECT * FROM ${copied}`);
  await connection.run(
    `INSERT INTO thirteenf_infotable SELECT * FROM ${STORE_ALIAS}.thirteenf_infotable
     WHERE accession IN (SELECT accession FROM ${copied})`,
  );
}

/**
 * Copies a store's filings into `connection` and lets go of it: what a server does with a store
 * that was not derived by this version (see `attachFilingStore`). A missing store is empty.
 */
export async function mergeFilingStore(
  connection: DuckDBConnection,
  path: string,
): Promise<StoreSummary> {
  if (!existsSync(path)) return { filings: 0, rows: 0 };
  await attachFilingStore(connection, path, '');
  try {
    await copyStoreFilings(connection);
    return await storeSummary(connection);
  } finally {
    await connection.run(`DETACH ${STORE_ALIAS}`);
  }
}

/** The filer-match column behind each `service_*` field. */
const MATCH_COLUMN: Readonly<Record<string, string>> = {
  service_account_id: 'account_id',
  service_account_name: 'account_name',
  service_investment_strategy_id: 'strategy_id',
  service_investment_strategy_name: 'strategy_name',
};

/**
 * Turns the derived `13f_holdings` table into a view (and its layout by filer into another,
 * over the store's copy by filer): its own rows, then the attached store's
 * derived rows of every filer not in `localCiks` (those were merged and derived in memory).
 * The store's `_row`s follow the table's, so every `_row` stays unique and, for the same data,
 * the same across restarts. Filer matches apply at start, as before: joined by CIK, not stored.
 */
export async function serveStoreHoldings(
  connection: DuckDBConnection,
  localCiks: string,
): Promise<void> {
  const local = 'thirteenf_local_holdings';
  await connection.run(`ALTER TABLE "13f_holdings" RENAME TO ${local}`);
  const counted = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${local}`);
  const offset = Number(counted.getRowObjects()[0]?.n ?? 0);
  await connection.run(
    `CREATE OR REPLACE TABLE thirteenf_match AS SELECT cik,
       arg_max(account_id, rowid) AS account_id, arg_max(account_name, rowid) AS account_name,
       arg_max(strategy_id, rowid) AS strategy_id, arg_max(strategy_name, rowid) AS strategy_name
     FROM filer_match GROUP BY cik`,
  );
  const stored = HOLDINGS_FIELDS.map((name) => {
    const column = quoteIdentifier(name);
    if (name === ROW_ID_COLUMN) return `s.${column} + ${String(offset)} AS ${column}`;
    const match = MATCH_COLUMN[name];
    return match === undefined ? `s.${column}` : `m.${match} AS ${column}`;
  });
  const view = (name: string, table: string) =>
    connection.run(
      `CREATE OR REPLACE VIEW ${quoteIdentifier(name)} AS
       SELECT ${HOLDINGS_COLUMNS.join(', ')} FROM ${local}
       UNION ALL
       SELECT ${stored.join(', ')}
       FROM ${STORE_ALIAS}.${table} s
       ANTI JOIN ${localCiks} l ON l.cik = s.cik
       LEFT JOIN thirteenf_match m ON m.cik = s.cik`,
    );
  await view('13f_holdings', STORE_HOLDINGS);
  const byFiler = SECONDARY_LAYOUTS['13f_holdings']?.source;
  if (byFiler !== undefined) await view(byFiler, STORE_HOLDINGS_BY_FILER);
}
