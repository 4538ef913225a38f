/**
 * Loads the whole demo data set: the CRM modules' tables, and 13F filings — the real ones
 * bundled with the app (Berkshire Hathaway and 36 other managers, one folder each under
 * `data/13f`) and one planted filer's that shows the data-quality cases, labelled as such — as
 * raw filings through the 13F importer. Synthetic filers (named "(FICTIONAL)") are added only
 * when a benchmark asks for a 13F table of a given size. Same seed and same `today` give the
 * same rows, so screenshots, tests and benchmarks are reproducible.
 *
 * The caller creates the tables first (`createTables`, `createFilingTables`) and derives
 * `13f_holdings` afterwards (`deriveHoldings`), once, after any filings of its own.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ModuleId } from '#contract/catalog';
import { appendRows } from '../db/schema.ts';
import type { SeedRow } from '../db/schema.ts';
import { importXmlFilings } from '../thirteen-f/import.ts';
import type { ImportSummary } from '../thirteen-f/import.ts';
import { readManifest } from '../thirteen-f/manifest.ts';
import {
  SHIPPED_CUSIP_TICKERS,
  addCusipTickers,
  addFilerMatches,
  readCusipTickers,
} from '../thirteen-f/reference.ts';
import { buildCrmWorld } from './crm.ts';
import type { CrmWorld } from './crm.ts';
import { startOfUtcDay } from './dates.ts';
import { accountHistoryRows } from './crm-history.ts';
import { investmentHoldingRows } from './crm-holdings.ts';
import { managerPresentationRows } from './crm-presentations.ts';
import { updateRows } from './crm-updates.ts';
import { metroAreaRows } from './metros.ts';
import { addPlantedFilings } from './planted-thirteen-f.ts';
import { addSyntheticFilings } from './thirteen-f.ts';

/** The seed used when none is given. */
export const DEFAULT_SEED = 20_240_613;

/** Berkshire Hathaway's CIK, whose real filings ship in `data/13f/berkshire-hathaway`. */
export const BERKSHIRE_CIK = '0001067983';

const DATA_DIR = join(import.meta.dirname, '..', '..', '..', 'data', '13f');

/** Every folder of `data/13f` with a `manifest.json`: one real filer each, Berkshire included. */
async function realManifests(): Promise<string[]> {
  const entries = await readdir(DATA_DIR, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(DATA_DIR, entry.name, 'manifest.json'))
    .sort();
}

export interface SeedOptions {
  /**
   * The day the data is generated for: every relative date counts back from it. Only its UTC
   * calendar day matters; the data runs up to the end of the day before.
   */
  readonly today: Date;
  readonly seed?: number;
  /**
   * Roughly how many `13f_holdings` rows synthetic filers' filings should add, for benchmarks;
   * without it the demo has no synthetic filer.
   */
  readonly thirteenFRows?: number;
}

/** The CRM modules, whose tables the seed fills directly. */
type CrmModuleId = Exclude<ModuleId, '13f_holdings'>;

/**
 * Rows the seed wrote, per table: each CRM module's table, and the raw 13F tables (filings and
 * information-table rows, real, synthetic and planted). `13f_holdings` is not among them: it is empty
 * until `deriveHoldings` runs, and then holds one row per position (fewer than the raw rows
 * where a filing splits a position) plus one per position sold out.
 */
export type SeedCounts = Readonly<
  Record<CrmModuleId | 'thirteenf_filing' | 'thirteenf_infotable', number>
>;

/**
 * The moment the data is as of: the last second of the UTC day before `today`. Any moment of
 * one day loads the same rows (a server restarted at noon shows what it showed at nine), and
 * nothing is dated after the moment of loading.
 */
export function dataAsOf(today: Date): Date {
  return new Date(startOfUtcDay(today).getTime() - 1000);
}

/** Appends every CRM module's rows and every 13F filing; returns the rows written per table. */
export async function seedDemoData(
  connection: DuckDBConnection,
  options: SeedOptions,
): Promise<SeedCounts> {
  const seed = options.seed ?? DEFAULT_SEED;
  const today = dataAsOf(options.today);
  const world = buildCrmWorld(seed, today);
  const sources: Record<CrmModuleId, Iterable<SeedRow>> = {
    investment_holdings: investmentHoldingRows(world, seed, today),
    accounthistory: accountHistoryRows(world, seed, today),
    metro_area__c: metroAreaRows(seed, today),
    manager_presentation__c: managerPresentationRows(world, seed, today),
    updates: updateRows(world, seed, today),
  };
  const counts = {} as Record<CrmModuleId, number>;
  for (const module of Object.keys(sources) as CrmModuleId[]) {
    // appendRows numbers rows from 0 and returns the next id, which is the row count.
    counts[module] = await appendRows(connection, module, sources[module]);
  }
  const tickers = await readCusipTickers(SHIPPED_CUSIP_TICKERS);
  await addCusipTickers(connection, tickers);
  const real = await addRealFilers(connection, world, today);
  const synthetic =
    options.thirteenFRows === undefined
      ? { filings: 0, rows: 0 }
      : await addSyntheticFilings(connection, world, seed, today, {
          targetRows: options.thirteenFRows,
          reserved: {
            cusips: tickers.map((entry) => entry.cusip),
            tickers: tickers.map((entry) => entry.ticker),
          },
        });
  const planted = await addPlantedFilings(connection, today);
  return {
    ...counts,
    thirteenf_filing: real.filings + synthetic.filings + planted.filings,
    thirteenf_infotable: real.rows + synthetic.rows + planted.rows,
  };
}

/**
 * Imports the bundled real filings, as filed, and matches each real filer to its CRM account
 * and strategy (real-managers.ts). Only filings made by `today` count: a demo dated in the past
 * shows no filing from its future.
 */
async function addRealFilers(
  connection: DuckDBConnection,
  world: CrmWorld,
  today: Date,
): Promise<ImportSummary> {
  const filings = (await Promise.all((await realManifests()).map(readManifest))).flat();
  const filed = filings.filter((filing) => filing.meta.filedAt.getTime() <= today.getTime());
  const summary = await importXmlFilings(connection, filed);
  await addFilerMatches(
    connection,
    [...world.filerStrategies].map(([cik, { account, id, name }]) => ({
      cik,
      account_id: account.id,
      account_name: account.name,
      strategy_id: id,
      strategy_name: name,
    })),
  );
  return summary;
}
