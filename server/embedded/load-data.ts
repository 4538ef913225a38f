import type { DuckDBConnection } from '@duckdb/node-api';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { clusterTables, createTables } from './db/schema.ts';
import { seedDemoData } from './demo/seed.ts';
import { deriveServedAggregates } from './thirteen-f/aggregates.ts';
import { deriveHoldings } from './thirteen-f/derive.ts';
import { addFilerMatches, readFilerMatches } from './thirteen-f/reference.ts';
import { createFilingTables } from './thirteen-f/schema.ts';
import {
  STORE_ALIAS,
  attachFilingStore,
  copyStoreFilings,
  derivationStamp,
  serveStoreHoldings,
  storeSummary,
} from './thirteen-f/store.ts';

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
 * still wins by accession. A store not derived by this version is copied and derived in
 * memory as a whole, as before, which is slow for a large store: the log says how to fix it.
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
  if (store === 'derived') {
    await connection.run(`CREATE TABLE ${LOCAL_CIKS} AS SELECT DISTINCT cik FROM thirteenf_filing`);
    await copyStoreFilings(connection, LOCAL_CIKS);
  } else if (store === 'not_derived') {
    logger.warn('filing_store_not_derived', {
      path,
      fix: 'run `npm run import-13f -- --derive` once, so the server can serve the store from disk',
    });
    await copyStoreFilings(connection);
  }
  if (store !== 'absent') {
    logger.info('filing_store_loaded', {
      path,
      served: store,
      ...(await storeSummary(connection)),
    });
  }
  if (store === 'not_derived') await connection.run(`DETACH ${STORE_ALIAS}`);
  if (config.FILER_MATCHES_FILE) {
    await addFilerMatches(connection, await readFilerMatches(config.FILER_MATCHES_FILE));
  }
  await deriveHoldings(connection);
  await clusterTables(connection);
  if (store === 'derived') await serveStoreHoldings(connection, LOCAL_CIKS);
  await deriveServedAggregates(connection, store === 'derived' ? LOCAL_CIKS : undefined);
}
