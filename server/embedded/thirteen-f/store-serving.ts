/**
 * How a starting server serves the operator's filing store: attached read-only, its derived
 * rows read from the file as queries need them, never derived at start.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import { ROW_ID_COLUMN, SECONDARY_LAYOUTS, quoteIdentifier } from '../db/schema.ts';
import { isProcessRunning } from '../../process-alive.ts';
import { HOLDINGS_COLUMNS, HOLDINGS_FIELDS } from './derive.ts';
import { STORE_ROW_OFFSET, periodRowBase } from './derive-steps.ts';
import {
  STORE_ALIAS,
  STORE_HOLDINGS,
  STORE_HOLDINGS_BY_FILER,
  attachStore,
  pendingPeriods,
  sqlString,
  storedStamp,
} from './store.ts';

/**
 * How a starting server found the store: none; derived by this version; derived by another
 * (served as it is, until `--derive`); or never derived (nothing of it served).
 */
type StoreState = 'absent' | 'derived' | 'other_version' | 'not_derived';

export interface AttachedStore {
  readonly state: StoreState;
  /** Periods of filings imported since the last derivation: not served yet. */
  readonly pending: readonly string[];
}

/**
 * Attaches the store read-only as `STORE_ALIAS` for good (it stays attached while the server
 * runs) and says what of it can be served: its derived rows, as their stamp says, and what is
 * pending. What a killed import left beside the store is removed first.
 */
export async function attachFilingStore(
  connection: DuckDBConnection,
  path: string,
  stamp: string,
): Promise<AttachedStore> {
  removeStaleImport(path);
  if (!existsSync(path)) return { state: 'absent', pending: [] };
  await attachStore(connection, path);
  // Attached, so no import is writing the store itself: a spill folder beside it is a dead run's.
  rmSync(`${path}.tmp`, { recursive: true, force: true });
  const stored = await storedStamp(connection, STORE_ALIAS);
  const pending = await pendingPeriods(connection, STORE_ALIAS);
  if (stored === null) return { state: 'not_derived', pending };
  return { state: stored === stamp ? 'derived' : 'other_version', pending };
}

/**
 * Removes what an import into a copy of the store (while a server held it) left when it was
 * killed: the copy, its log and spill folder, and its lock, once the lock's process is gone.
 */
function removeStaleImport(path: string): void {
  const lock = `${path}.import-lock`;
  if (!existsSync(lock)) return;
  const holder = Number(readFileSync(lock, 'utf8'));
  if (Number.isInteger(holder) && holder > 0 && isProcessRunning(holder)) return;
  for (const leftover of ['.importing', '.importing.wal', '.importing.tmp', '.import-lock'])
    rmSync(`${path}${leftover}`, { recursive: true, force: true });
}

/** The filer-match column behind each `service_*` field. */
const MATCH_COLUMN: Readonly<Record<string, string>> = {
  service_account_id: 'account_id',
  service_account_name: 'account_name',
  service_investment_strategy_id: 'strategy_id',
  service_investment_strategy_name: 'strategy_name',
};

/**
 * A `service_*` field of a store row: the match of its CIK, as a CASE over the few matched
 * filers the store holds, written into the view at start. Not a join: DuckDB evaluates it only
 * for the rows a query returns or filters on it, where a join cost every query that reads the
 * store (a count of a quarter's NEW rows took 3× as long). Values come from the operator's
 * matches file and the demo, quoted; never from a request.
 */
function matchCase(matches: readonly Record<string, unknown>[], column: string): string {
  const cases = matches
    .filter((match) => match[column] !== null && match[column] !== undefined)
    .map(
      (match) => `WHEN ${sqlString(String(match.cik))} THEN ${sqlString(String(match[column]))}`,
    );
  return cases.length === 0 ? 'CAST(NULL AS VARCHAR)' : `CASE s.cik ${cases.join(' ')} END`;
}

/** SQL type of each holdings field, for a column a store of another version lacks. */
function sqlTypeOf(name: string): string {
  if (name === ROW_ID_COLUMN) return 'BIGINT';
  const kind = CATALOG['13f_holdings'].fields.find((field) => field.name === name)?.kind;
  if (kind === 'number' || kind === 'percent') return 'DOUBLE';
  if (kind === 'date') return 'DATE';
  if (kind === 'datetime') return 'TIMESTAMP';
  if (kind === 'boolean') return 'BOOLEAN';
  return 'VARCHAR';
}

async function storeColumns(connection: DuckDBConnection, table: string): Promise<Set<string>> {
  const reader = await connection.runAndReadAll(
    `SELECT column_name FROM duckdb_columns()
     WHERE database_name = '${STORE_ALIAS}' AND table_name = ${sqlString(table)}`,
  );
  return new Set(reader.getRowObjects().map((row) => String(row.column_name)));
}

/**
 * Turns the derived `13f_holdings` table into a view (and its layout by filer into another,
 * over the store's copy by filer): its own rows, then the attached store's derived rows of every
 * filer not in `localCiks` (those were merged and derived in memory). Nothing is joined at query
 * time: the store's rows are read as stored, filer matches come from `matchCase`, and the
 * demo's filers are left out by a list only when the store holds any of them. The store keeps
 * each row's place within its period; its served `_row` lies apart from the demo's (see
 * `STORE_ROW_OFFSET`). Returns the store's filers left out so (the demo's, derived in memory).
 */
export async function serveStoreHoldings(
  connection: DuckDBConnection,
  localCiks: string,
): Promise<string[]> {
  const local = 'thirteenf_local_holdings';
  await connection.run(`ALTER TABLE "13f_holdings" RENAME TO ${local}`);
  const matches = await connection.runAndReadAll(
    `SELECT cik, arg_max(account_id, rowid) AS account_id, arg_max(account_name, rowid) AS account_name,
       arg_max(strategy_id, rowid) AS strategy_id, arg_max(strategy_name, rowid) AS strategy_name
     FROM filer_match WHERE cik IN (SELECT cik FROM ${STORE_ALIAS}.thirteenf_filing)
     GROUP BY cik ORDER BY cik`,
  );
  const shared = await connection.runAndReadAll(
    `SELECT DISTINCT cik FROM ${STORE_ALIAS}.thirteenf_filing
     WHERE cik IN (SELECT cik FROM ${localCiks}) ORDER BY cik`,
  );
  const sharedCiks = shared.getRowObjects().map((row) => String(row.cik));
  const where =
    sharedCiks.length === 0 ? '' : ` WHERE s.cik NOT IN (${sharedCiks.map(sqlString).join(', ')})`;
  const view = async (name: string, table: string) => {
    const has = await storeColumns(connection, table);
    const stored = HOLDINGS_FIELDS.map((field) => {
      const column = quoteIdentifier(field);
      const match = MATCH_COLUMN[field];
      if (field === ROW_ID_COLUMN)
        return `${periodRowBase('s."periodofreport"')} + ${STORE_ROW_OFFSET} + s.${column} AS ${column}`;
      if (match !== undefined) return `${matchCase(matches.getRowObjects(), match)} AS ${column}`;
      return has.has(field) ? `s.${column}` : `CAST(NULL AS ${sqlTypeOf(field)}) AS ${column}`;
    });
    await connection.run(
      `CREATE OR REPLACE VIEW ${quoteIdentifier(name)} AS
       SELECT ${HOLDINGS_COLUMNS.join(', ')} FROM ${local}
       UNION ALL
       SELECT ${stored.join(', ')} FROM ${STORE_ALIAS}.${table} s${where}`,
    );
  };
  await view('13f_holdings', STORE_HOLDINGS);
  const byFiler = SECONDARY_LAYOUTS['13f_holdings']?.source;
  if (byFiler !== undefined) await view(byFiler, STORE_HOLDINGS_BY_FILER);
  return sharedCiks;
}
