/**
 * Shared set-up for the demo data tests: an in-memory DuckDB with the service's tables, loaded
 * the way the embedded service loads it (seed, then one derivation of `13f_holdings`), and a
 * small query helper.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { emptyServiceDatabase } from './thirteen-f.ts';
import { deriveHoldings } from '../server/embedded/thirteen-f/derive.ts';
import { seedDemoData } from '../server/embedded/demo/seed.ts';
import type { SeedCounts, SeedOptions } from '../server/embedded/demo/seed.ts';

/** A fixed "today" with a time of day, so instants late on the day are exercised too. */
export const TODAY = new Date('2026-03-15T14:30:00Z');

/** Berkshire Hathaway's name as its filings spell it, which the derived rows carry. */
export const BERKSHIRE_FILER = 'BERKSHIRE HATHAWAY INC';

export interface Seeded {
  readonly connection: DuckDBConnection;
  readonly counts: SeedCounts;
}

/** A fresh in-memory database with every table created, the demo data loaded and derived. */
export async function seeded(options: SeedOptions): Promise<Seeded> {
  const connection = await emptyServiceDatabase();
  const counts = await seedDemoData(connection, options);
  await deriveHoldings(connection);
  return { connection, counts };
}

export type Row = Record<string, unknown>;

/** Runs `sql` and returns its rows as JSON-like objects (cast counts to INTEGER in the SQL). */
export async function query(connection: DuckDBConnection, sql: string): Promise<Row[]> {
  const reader = await connection.runAndReadAll(sql);
  return reader.getRowObjectsJson();
}

/** The single value of a one-row, one-column query. */
export async function scalar(connection: DuckDBConnection, sql: string): Promise<unknown> {
  const [row] = await query(connection, sql);
  return row === undefined ? undefined : Object.values(row)[0];
}

/** The distinct non-null values of a column, as strings. */
export async function distinct(
  connection: DuckDBConnection,
  table: string,
  column: string,
): Promise<string[]> {
  const rows = await query(
    connection,
    `SELECT DISTINCT "${column}" AS v FROM "${table}" WHERE "${column}" IS NOT NULL`,
  );
  return rows.map((row) => String(row.v));
}

/** Date and datetime values after `today` in any module, as "module.field: count" entries. */
export async function futureValues(connection: DuckDBConnection, today: Date): Promise<string[]> {
  const now = today.toISOString().slice(0, 23).replace('T', ' ');
  const found: string[] = [];
  for (const module of MODULE_IDS) {
    for (const field of CATALOG[module].fields) {
      if (field.kind !== 'date' && field.kind !== 'datetime') continue;
      const count = await scalar(
        connection,
        `SELECT count(*)::INTEGER FROM "${module}" WHERE "${field.name}" > TIMESTAMP '${now}'`,
      );
      if (count !== 0) found.push(`${module}.${field.name}: ${String(count)}`);
    }
  }
  return found;
}
