import type { DuckDBConnection } from '@duckdb/node-api';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { clusterTables, createTables } from './db/schema.ts';
import { seedDemoData } from './demo/seed.ts';
import { deriveLocalAggregates } from './thirteen-f/aggregates.ts';
import { deriveHoldings } from './thirteen-f/derive.ts';
import { addFilerMatches, readFilerMatches } from './thirteen-f/reference.ts';
import { createFilingTables } from './thirteen-f/schema.ts';
import { copyStoreFilings, derivationStamp, storeSummary } from './thirteen-f/store.ts';
import { attachFilingStore, serveStoreHoldings } from './thirteen-f/store-serving.ts';
import type { AttachedStore } from './thirteen-f/store-serving.ts';
import { serveStoreAggregates } from './thirteen-f/store-aggregates-served.ts';

/** Filers whose filings are in memory: the demo's, with the store's filings for them merged. */
const LOCAL_CIKS = 'thirteenf_local_cik';

/**
 * Fills an empty database with what the embedded service serves: the demo CRM modules, the
 * real and synthetic 13F filings and the filer matches, derived into `13f_holdings` and its
 * aggregates (`13f_security_quarters`, `13f_filer_quarters`), and the operator's filing store.
 *
 * A store derived at import (`npm run import-13f`) stays on disk, attached read-only, and
 * `13f_holdings` becomes a view of the demo's rows and the store's; only the store's filings
 * of the demo's own filers are merged and derived in memory, so that a re-imported demo filing
 * still wins by accession. The store is never derived here: one derived by another version is
 * served as it was derived, one never derived is not served, and filings imported since the
 * last derivation wait for the next; the log says so in one line, with the command that fixes it.
 */
export async function loadServiceData(
  connection: DuckDBConnection,
  options: {
    readonly today: Date;
    readonly config: ServerConfig;
    readonly logger: Logger;
    /** Benchmarks: about this many 13F rows instead of the demo's few thousand. */
    readonly thirteenFRows?: number;
  },
): Promise<void> {
  const { config, logger } = options;
  await createTables(connection);
  await createFilingTables(connection);
  await seedDemoData(connection, {
    today: options.today,
    seed: config.DEMO_SEED,
    ...(options.thirteenFRows === undefined ? {} : { thirteenFRows: options.thirteenFRows }),
  });
  const path = config.FILINGS_DB;
  const store = await attachFilingStore(connection, path, await derivationStamp());
  if (store.state !== 'absent') {
    await connection.run(`CREATE TABLE ${LOCAL_CIKS} AS SELECT DISTINCT cik FROM thirteenf_filing`);
    await copyStoreFilings(connection, LOCAL_CIKS);
    logger.info('filing_store_loaded', {
      path,
      served: store.state,
      ...(await storeSummary(connection)),
    });
    const pending = pendingNote(store);
    if (pending !== null) logger.warn('filing_store_pending', { path, ...pending });
  }
  if (config.FILER_MATCHES_FILE) {
    await addFilerMatches(connection, await readFilerMatches(config.FILER_MATCHES_FILE));
  }
  await deriveHoldings(connection);
  await clusterTables(connection);
  await deriveLocalAggregates(connection);
  if (store.state === 'derived' || store.state === 'other_version')
    await serveStoreAggregates(connection, await serveStoreHoldings(connection, LOCAL_CIKS));
}

const DERIVE = 'npm run import-13f -- --derive';

/**
 * What of the store is not served as it should be, in one line, and the command that fixes it;
 * null when nothing is. The server never derives the store itself: for a store of SEC's size
 * that took a minute and gigabytes at every start.
 */
function pendingNote(store: AttachedStore): { pending: string; fix: string } | null {
  const periods = store.pending.length === 0 ? '' : ` (${store.pending.join(', ')})`;
  const count = `${store.pending.length} period${store.pending.length === 1 ? '' : 's'}`;
  const imported = `filings of ${count}${periods} were imported after the last derivation and are not served yet`;
  switch (store.state) {
    case 'not_derived':
      return { pending: 'the store was never derived: none of its filings is served', fix: DERIVE };
    case 'other_version':
      return {
        pending: 'the store was derived by another version of the server: served as it was derived',
        fix: DERIVE,
      };
    default:
      return store.pending.length === 0 ? null : { pending: imported, fix: DERIVE };
  }
}
