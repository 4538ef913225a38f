import type { DuckDBConnection } from '@duckdb/node-api';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { clusterTables, createTables } from './db/schema.ts';
import { seedDemoData } from './demo/seed.ts';
import { deriveHoldings } from './thirteen-f/derive.ts';
import { addFilerMatches, readFilerMatches } from './thirteen-f/reference.ts';
import { createFilingTables } from './thirteen-f/schema.ts';
import { mergeFilingStore } from './thirteen-f/store.ts';

/**
 * Fills an empty database with what the embedded service serves: the demo CRM modules, the
 * real and synthetic 13F filings, the operator's imported filings and filer matches, then the
 * derived `13f_holdings` table.
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
  const store = await mergeFilingStore(connection, config.FILINGS_DB);
  if (store.filings > 0) logger.info('filing_store_loaded', { path: config.FILINGS_DB, ...store });
  if (config.FILER_MATCHES_FILE) {
    await addFilerMatches(connection, await readFilerMatches(config.FILER_MATCHES_FILE));
  }
  await deriveHoldings(connection);
  await clusterTables(connection);
}
