import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { createFilingTables } from './schema.ts';

/**
 * The operator's filing store: a DuckDB file holding every filing imported with
 * `npm run import-13f`. The server copies it into its in-memory database at start-up and lets
 * go of it, so imports can run while the server does; a restart serves them.
 */
export async function openFilingStore(
  path: string,
): Promise<{ connection: DuckDBConnection; close: () => void }> {
  mkdirSync(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
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

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** What the store held. */
export interface StoreSummary {
  readonly filings: number;
  readonly rows: number;
}

/**
 * Copies the store's filings into `connection`'s raw tables, each replacing a filing of the
 * same accession (an operator's re-import of a demo filing wins). A missing store is empty.
 */
export async function mergeFilingStore(
  connection: DuckDBConnection,
  path: string,
): Promise<StoreSummary> {
  if (!existsSync(path)) return { filings: 0, rows: 0 };
  // ATTACH takes no bound parameters; the path is the operator's own configuration, quoted.
  await connection.run(`ATTACH ${sqlString(path)} AS filing_store (READ_ONLY)`);
  try {
    await connection.run(
      'DELETE FROM thirteenf_infotable WHERE accession IN (SELECT accession FROM filing_store.thirteenf_filing)',
    );
    await connection.run(
      'DELETE FROM thirteenf_filing WHERE accession IN (SELECT accession FROM filing_store.thirteenf_filing)',
    );
    await connection.run(
      'INSERT INTO thirteenf_filing SELECT * FROM filing_store.thirteenf_filing',
    );
    await connection.run(
      'INSERT INTO thirteenf_infotable SELECT * FROM filing_store.thirteenf_infotable',
    );
    const reader = await connection.runAndReadAll(
      `SELECT (SELECT count(*) FROM filing_store.thirteenf_filing)::INTEGER AS filings,
              (SELECT count(*) FROM filing_store.thirteenf_infotable)::INTEGER AS rows`,
    );
    const [summary] = reader.getRowObjects() as unknown as StoreSummary[];
    return summary ?? { filings: 0, rows: 0 };
  } finally {
    await connection.run('DETACH filing_store');
  }
}
