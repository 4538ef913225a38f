/*
 * The filing store's aggregates, served beside the demo's: every figure the same as when all the
 * filings are derived together in memory, each filer counted once, though the store and the
 * demo share filers (an operator's import of SEC's data holds the demo's managers too).
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  filingMeta,
  fixtureFolder,
  importHoldings,
  removeFixtureFolders,
} from '../../../testing/thirteen-f.ts';
import type { XmlHolding } from '../../../testing/thirteen-f.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../log.ts';
import { loadServiceData } from '../load-data.ts';
import { deriveLocalAggregates } from './aggregates.ts';
import { deriveHoldings } from './derive.ts';
import type { FilingMeta } from './filing.ts';
import { deriveFilingStore } from './store-derivation.ts';
import { mergeFilingStore, openFilingStore } from './store.ts';

afterAll(removeFixtureFolders);

const TODAY = new Date('2026-06-15T12:00:00Z');
const PERIODS = ['2024-12-31', '2025-03-31', '2025-06-30'];
/** A quarter after the demo's last: the demo's holders of the quarter before did not file it. */
const LATER = '2026-03-31';
const SECURITIES = [
  { issuer: 'APPLE INC', cusip: '037833100' },
  { issuer: 'MICROSOFT CORP', cusip: '594918104' },
  { issuer: 'AMAZON COM INC', cusip: '023135106' },
  { issuer: 'ZZZ UNHELD BY THE DEMO', cusip: '00000ZZZ9' },
];

/** A store filer's filing of period `q`: some of the securities, sizes varying, a put now and then. */
function storeFiling(f: number, q: number, overrides: Partial<FilingMeta> = {}) {
  const period = PERIODS[q] ?? LATER;
  const holdings: XmlHolding[] = SECURITIES.filter((_, s) => (s + f + q) % 4 !== 0).map(
    (security, s) => ({
      ...security,
      value: 1000 * (1 + ((s * 7 + f * 3 + q) % 5)),
      shares: 10 * (1 + ((s + f * q) % 4)),
      ...(s === f % 3 ? { putCall: 'Put' as const } : {}),
    }),
  );
  return {
    meta: filingMeta({
      periodOfReport: period,
      cik: String(9_000_000 + f).padStart(10, '0'),
      filerName: `STORE FILER ${f} LP`,
      accession: `store-${f}-${q}`,
      filedAt: new Date(`${period}T00:00:00Z`),
      ...overrides,
    }),
    holdings,
  };
}

const BERKSHIRE = { cik: '0001067983', filerName: 'BERKSHIRE HATHAWAY INC' };

async function service(filingsDb: string): Promise<DuckDBConnection> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const config = loadConfig({ FILINGS_DB: filingsDb });
  await loadServiceData(connection, { today: TODAY, config, logger: createLogger('silent') });
  return connection;
}

async function rows(connection: DuckDBConnection, module: string, rest: string) {
  const reader = await connection.runAndReadAll(
    `SELECT * EXCLUDE ("_row") FROM "${module}" ${rest}`,
  );
  return reader.getRowObjectsJson();
}

describe('the filing store’s aggregates, served', () => {
  it('equal those of every filing derived together, each filer counted once', async () => {
    const path = join(fixtureFolder(), 'aggregates.duckdb');
    const store = await openFilingStore(path);
    // Filer 1 skips the third quarter (its positions count as not filed there); filer 3 files empty.
    const filings = [0, 1, 2, 3].flatMap((f) =>
      PERIODS.map((_, q) => storeFiling(f, q)).filter((_, q) => f !== 1 || q !== 2),
    );
    const empty = { ...storeFiling(3, 2), holdings: [] };
    // Berkshire's filings of its own for the first period and the last, none for the second: the
    // store alone would count it a holder that did not file, and carry its last positions on.
    const shared = [0, 2].map((q) =>
      storeFiling(4, q, { ...BERKSHIRE, accession: `store-brk-${q}` }),
    );
    const later = storeFiling(0, 3);
    await importHoldings(store.connection, [...filings.slice(0, -1), empty, ...shared, later]);
    await deriveFilingStore(store.connection);
    store.close();

    const served = await service(path);
    const together = await service(join(fixtureFolder(), 'none.duckdb'));
    await mergeFilingStore(together, path);
    await deriveHoldings(together);
    await together.run('DELETE FROM "13f_security_quarters"; DELETE FROM "13f_filer_quarters"');
    await deriveLocalAggregates(together);

    for (const [module, order] of [
      ['13f_security_quarters', 'ORDER BY periodofreport, cusip'],
      ['13f_filer_quarters', 'ORDER BY cik, periodofreport'],
    ] as const) {
      const expected = await rows(together, module, order);
      expect(expected.length).toBeGreaterThan(100);
      expect(await rows(served, module, order)).toEqual(expected);
    }
    const own = await rows(
      served,
      '13f_security_quarters',
      `WHERE cusip = '00000ZZZ9' ORDER BY periodofreport`,
    );
    // A security only the store's filers hold: filer 1's position counted as not filed in the third.
    expect(own.map((row) => [row.periodofreport, row.holders, row.notfiled])).toEqual([
      ['2024-12-31', 2, 0],
      ['2025-03-31', 2, 0],
      ['2025-06-30', 1, 1],
      [LATER, 1, 0],
    ]);
  }, 60_000);
});
