import { copyFileSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { isProcessRunning } from '../../process-alive.ts';
import { ImportError } from './filing.ts';
import { openFilingStore } from './store.ts';

/** The filing store opened for an import; `finish` keeps the run's work or drops it. */
export interface StoreForImport {
  readonly connection: DuckDBConnection;
  /** True when a running server holds the store and the run writes a copy of it. */
  readonly copy: boolean;
  finish(keep: boolean): void;
}

function isHeldByAnother(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Could not set lock on file');
}

/**
 * Claims `lock` for this process: a file holding its PID. A lock left by a process that is no
 * longer running is taken over; one held by a running import refuses this one.
 */
function claimLock(lock: string, store: string): void {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && isProcessRunning(holder)) {
      throw new ImportError(
        store,
        null,
        `another import into this store is running (PID ${holder})`,
      );
    }
    writeFileSync(lock, String(process.pid));
  }
}

/**
 * Opens the store for writing. DuckDB lets one process write a file, and none while another
 * process has it open, even read-only, as a running server does. Then the run imports into a
 * copy, which replaces the store when the run succeeds: the server keeps reading the file it
 * opened, and a restart serves the new one. A lock file keeps two such runs from replacing
 * each other's work.
 */
export async function openStoreForImport(
  path: string,
  memoryLimit?: string,
): Promise<StoreForImport> {
  try {
    const store = await openFilingStore(path, memoryLimit);
    return { connection: store.connection, copy: false, finish: store.close };
  } catch (error) {
    if (!isHeldByAnother(error)) throw error;
  }
  const lock = `${path}.import-lock`;
  const copy = `${path}.importing`;
  claimLock(lock, path);
  try {
    copyFileSync(path, copy);
    const store = await openFilingStore(copy, memoryLimit);
    return {
      connection: store.connection,
      copy: true,
      finish: (keep) => {
        store.close();
        if (keep) renameSync(copy, path);
        else rmSync(copy, { force: true });
        rmSync(lock, { force: true });
      },
    };
  } catch (error) {
    rmSync(copy, { force: true });
    rmSync(lock, { force: true });
    throw error;
  }
}
