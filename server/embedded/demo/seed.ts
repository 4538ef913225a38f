/**
 * Loads the whole demo data set into the embedded service's tables. The caller creates the
 * tables first (`createTables`); this only appends. Same seed and same `today` give the same
 * rows, so screenshots, tests and benchmarks are reproducible.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ModuleId } from '#contract/catalog';
import { appendRows } from '../db/schema.ts';
import type { SeedRow } from '../db/schema.ts';
import { buildCrmWorld } from './crm.ts';
import { startOfUtcDay } from './dates.ts';
import { accountHistoryRows } from './crm-history.ts';
import { investmentHoldingRows } from './crm-holdings.ts';
import { managerPresentationRows } from './crm-presentations.ts';
import { updateRows } from './crm-updates.ts';
import { metroAreaRows } from './metros.ts';
import { thirteenFRows } from './thirteen-f.ts';

/** The seed used when none is given. */
export const DEFAULT_SEED = 20_240_613;

export interface SeedOptions {
  /**
   * The day the data is generated for: every relative date counts back from it. Only its UTC
   * calendar day matters; the data runs up to the end of the day before.
   */
  readonly today: Date;
  readonly seed?: number;
  /** Roughly how many 13F rows to load (for benchmarks); default: 25 filers, about 13,000 rows. */
  readonly thirteenFRows?: number;
}

/** Appends every module's demo rows and returns how many rows each module received. */
export async function seedDemoData(
  connection: DuckDBConnection,
  options: SeedOptions,
): Promise<Record<ModuleId, number>> {
  const seed = options.seed ?? DEFAULT_SEED;
  // The data is as of the last second of the previous UTC day: any moment of one day loads the
  // same rows (a server restarted at noon shows what it showed at nine), and nothing is dated
  // after the moment of loading.
  const today = new Date(startOfUtcDay(options.today).getTime() - 1000);
  const world = buildCrmWorld(seed, today);
  const sources: Record<ModuleId, Iterable<SeedRow>> = {
    '13f_holdings': thirteenFRows(world, seed, today, { targetRows: options.thirteenFRows }),
    investment_holdings: investmentHoldingRows(world, seed, today),
    accounthistory: accountHistoryRows(world, seed, today),
    metro_area__c: metroAreaRows(seed, today),
    manager_presentation__c: managerPresentationRows(world, seed, today),
    updates: updateRows(world, seed, today),
  };
  const counts = {} as Record<ModuleId, number>;
  for (const module of Object.keys(sources) as ModuleId[]) {
    // appendRows numbers rows from 0 and returns the next id, which is the row count.
    counts[module] = await appendRows(connection, module, sources[module]);
  }
  return counts;
}
