/**
 * What the 13F scale bench reads of a filing store itself, with @duckdb/node-api in its own
 * process and never while a server or an import has the file: a fingerprint of what the store
 * serves, its pending filings, what a run left beside it, and the two queries the served ones
 * are held against. The store is attached read-only, as a starting server attaches it.
 */
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  SERVED_TABLES,
  STORE_HOLDINGS,
  STORE_HOLDINGS_BY_FILER,
  tableNames,
} from '../server/embedded/thirteen-f/store-names.ts';

/** What a store serves and holds. */
export interface StoreState {
  /**
   * Row count and a hash sum of every served table's rows (holdings in both orders, the
   * aggregates) and the derivation's stamp, or what stopped them being read. `_row` is left
   * out: it numbers rows, it is not their content.
   */
  readonly served: string;
  readonly filings: number;
  /** Filings imported since the last derivation: not served yet. */
  readonly pending: number;
  readonly infoTableRows: number;
}

const ALIAS = 'bench_store';

async function one(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>> {
  const reader = await connection.runAndReadAll(sql);
  return reader.getRowObjects()[0] ?? {};
}

/** Runs `work` on the store at `path`, attached read-only, and lets go of it. */
async function withStore<T>(
  path: string,
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`ATTACH '${path.replaceAll("'", "''")}' AS ${ALIAS} (READ_ONLY)`);
    await connection.run(`USE ${ALIAS}`);
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function tableFingerprint(connection: DuckDBConnection, table: string): Promise<string> {
  const columns = await connection.runAndReadAll(
    `SELECT column_name FROM duckdb_columns() WHERE database_name = '${ALIAS}'
       AND table_name = '${table}' AND column_name <> '_row' ORDER BY column_index`,
  );
  const names = columns.getRowObjects().map((row) => `"${String(row.column_name)}"`);
  const row = await one(
    connection,
    `SELECT count(*)::VARCHAR AS n, coalesce(sum(hash(${names.join(', ')})::HUGEINT), 0)::VARCHAR AS h FROM ${table}`,
  );
  return `${String(row.n)}:${String(row.h)}`;
}

/** The store's state; a store that cannot be read says why in `served`. */
export async function inspectStore(path: string): Promise<StoreState> {
  try {
    return await withStore(path, async (connection) => {
      const found = await connection.runAndReadAll(
        `SELECT table_name FROM duckdb_tables() WHERE database_name = '${ALIAS}'`,
      );
      const names = new Set(found.getRowObjects().map((row) => String(row.table_name)));
      const tables = tableNames(SERVED_TABLES).filter((table) => names.has(table));
      const prints = names.has('thirteenf_derivation')
        ? [
            ...(await Promise.all(tables.map((t) => tableFingerprint(connection, t)))),
            String((await one(connection, 'SELECT stamp FROM thirteenf_derivation')).stamp),
          ]
        : ['never derived'];
      const raw = await one(
        connection,
        `SELECT (SELECT count(*) FROM thirteenf_filing)::INTEGER AS filings,
                (SELECT count(*) FROM thirteenf_filing WHERE derived IS NOT TRUE)::INTEGER AS pending,
                (SELECT count(*) FROM thirteenf_infotable)::INTEGER AS rows`,
      );
      return {
        served: prints.join(' '),
        filings: Number(raw.filings),
        pending: Number(raw.pending),
        infoTableRows: Number(raw.rows),
      };
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { served: `unreadable: ${reason ?? ''}`, filings: -1, pending: -1, infoTableRows: -1 };
  }
}

/**
 * What lies beside the store (its WAL, spill folder, copies, lock) and in the runs' TMPDIR,
 * tsx's compile cache apart (the runner's, kept on purpose): as shown, and where.
 */
function leftoverPaths(store: string, tmpDir: string): [string, string][] {
  const name = basename(store);
  const beside = readdirSync(dirname(store))
    .filter((f) => f.startsWith(name) && f !== name)
    .map((f): [string, string] => [f, join(dirname(store), f)]);
  const temporary = readdirSync(tmpDir)
    .filter((f) => !f.startsWith('tsx-'))
    .map((f): [string, string] => [`TMPDIR/${f}`, join(tmpDir, f)]);
  return [...beside, ...temporary];
}

export const leftovers = (store: string, tmpDir: string): string[] =>
  leftoverPaths(store, tmpDir).map(([shown]) => shown);

/** Removes the store and what lies beside it and in TMPDIR. */
export function removeStore(store: string, tmpDir: string): void {
  for (const [, path] of leftoverPaths(store, tmpDir))
    rmSync(path, { recursive: true, force: true });
  rmSync(store, { force: true });
}

/** The served queries' counterparts in DuckDB on the same file, each `iterations` times (ms). */
export async function directTimings(
  path: string,
  period: string,
  filer: string,
  iterations: number,
): Promise<{ newCount: number[]; largestFiler: number[]; sizes: [number, number] }> {
  const quoted = filer.replaceAll("'", "''");
  const queries = [
    `SELECT count(*)::INTEGER AS n FROM ${STORE_HOLDINGS}
     WHERE status = 'NEW' AND periodofreport = DATE '${period}'`,
    // Every row as JSON, as the server writes its answers (docs/decisions/duckdb-writes-json.md).
    `SELECT count(*)::INTEGER AS n, string_agg(to_json(t)::VARCHAR, ',') AS json FROM (
       FROM ${STORE_HOLDINGS_BY_FILER}
       WHERE companyname = '${quoted}' AND periodofreport = DATE '${period}'
       ORDER BY cusip) t`,
  ];
  return withStore(path, async (connection) => {
    const samples: [number[], number[]] = [[], []];
    const sizes: [number, number] = [0, 0];
    for (let round = 0; round < iterations + 3; round += 1) {
      for (const [i, sql] of queries.entries()) {
        const started = performance.now();
        const row = await one(connection, sql);
        const ms = performance.now() - started;
        sizes[i] = Number(row.n);
        if (round >= 3) samples[i]?.push(ms);
      }
    }
    return { newCount: samples[0], largestFiler: samples[1], sizes };
  });
}
