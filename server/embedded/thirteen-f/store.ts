import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { AGGREGATES_SQL } from './aggregates-sql.ts';
import { DERIVATION_SQL } from './derive.ts';
import { STORE_ALIAS, STORE_HOLDINGS, STORE_HOLDINGS_BY_FILER, sqlString } from './store-names.ts';

export { STORE_ALIAS, STORE_HOLDINGS, STORE_HOLDINGS_BY_FILER, sqlString } from './store-names.ts';
import { quoteIdentifier } from '../db/schema.ts';
import { SHIPPED_CUSIP_TICKERS } from './reference.ts';
import { createFilingTables } from './schema.ts';

/**
 * DuckDB's memory limit while importing and deriving (`--memory-limit`): past it, DuckDB spills
 * its sorts, joins and temporary tables to disk (`<store>.tmp`, removed after). With 768 MB,
 * deriving a store of two SEC quarters of 3M rows each peaks at 1.4–1.8 GB of resident memory in
 * all (Node and DuckDB's structures outside its buffers included; 2.0 GB with 1 GB), of twelve
 * at 1.8 GB (3.2 GB with 1.5 GB); without a
 * limit DuckDB took up to 80 % of the machine (6.9 GB) because it could, and with 512 MB the
 * derivation ran out of memory. Insertion order is not kept: no step needs it (the stored
 * tables are written with ORDER BY), and keeping it costs memory.
 */
export const IMPORT_MEMORY_LIMIT = '768MB';

/**
 * The operator's filing store: a DuckDB file holding every filing imported with
 * `npm run import-13f`, and the holdings derived from them at import (`deriveFilingStore`, store-derivation.ts).
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
  // Opened for writing, so no other process uses the store: a spill folder beside it is what a
  // killed run left (DuckDB removes its own when it closes).
  rmSync(`${path}.tmp`, { recursive: true, force: true });
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

/**
 * What the derived rows depend on besides the filings: the derivation and the shipped ticker
 * map. A store whose stamp differs from the server's was derived by another version or with
 * other tickers: the server still serves it, and says it should be derived again.
 */
export async function derivationStamp(): Promise<string> {
  return createHash('sha256')
    .update(DERIVATION_SQL)
    .update('\n')
    .update(AGGREGATES_SQL)
    .update('\n')
    .update(await readFile(SHIPPED_CUSIP_TICKERS))
    .digest('hex');
}

/** The database a connection opened (a store opened directly is named after its file). */
export async function currentDatabase(connection: DuckDBConnection): Promise<string> {
  const reader = await connection.runAndReadAll('SELECT current_database() AS name');
  return String(reader.getRowObjects()[0]?.name);
}

/**
 * The stamp of the derivation of the store in `database` (its name, as `ATTACH … AS` gave it),
 * or null when the store was never derived.
 */
export async function storedStamp(
  connection: DuckDBConnection,
  database: string,
): Promise<string | null> {
  const tables = ['thirteenf_derivation', STORE_HOLDINGS, STORE_HOLDINGS_BY_FILER];
  const found = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_tables()
     WHERE database_name = ${sqlString(database)} AND table_name IN (${tables.map(sqlString).join(', ')})`,
  );
  if (found.getRowObjects()[0]?.n !== tables.length) return null;
  const stored = await connection.runAndReadAll(
    `SELECT stamp FROM ${quoteIdentifier(database)}.main.thirteenf_derivation`,
  );
  return String(stored.getRowObjects()[0]?.stamp ?? '');
}

/** The periods of the filings imported since the store's last derivation, oldest first. */
export async function pendingPeriods(
  connection: DuckDBConnection,
  database: string,
): Promise<string[]> {
  const marked = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_columns() WHERE database_name = ${sqlString(database)}
       AND table_name = 'thirteenf_filing' AND column_name = 'derived'`,
  );
  // A store written before filings were marked: its stamp (another version's) tells instead.
  if (marked.getRowObjects()[0]?.n !== 1) return [];
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT strftime(period_of_report, '%Y-%m-%d') AS period
     FROM ${quoteIdentifier(database)}.main.thirteenf_filing
     WHERE derived IS NOT TRUE ORDER BY period`,
  );
  return reader.getRowObjects().map((row) => String(row.period));
}

/** Attaches the store read-only as `STORE_ALIAS`. */
export async function attachStore(connection: DuckDBConnection, path: string): Promise<void> {
  // ATTACH takes no bound parameters; the path is the operator's own configuration, quoted.
  await connection.run(`ATTACH ${sqlString(path)} AS ${STORE_ALIAS} (READ_ONLY)`);
}

/** What the store held. */
export interface StoreSummary {
  readonly filings: number;
  readonly rows: number;
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
 * Copies a store's filings into `connection` and lets go of it, for tests and tools (a server
 * serves a store from the file). A missing store is empty.
 */
export async function mergeFilingStore(
  connection: DuckDBConnection,
  path: string,
): Promise<StoreSummary> {
  if (!existsSync(path)) return { filings: 0, rows: 0 };
  await attachStore(connection, path);
  try {
    await copyStoreFilings(connection);
    return await storeSummary(connection);
  } finally {
    await connection.run(`DETACH ${STORE_ALIAS}`);
  }
}
