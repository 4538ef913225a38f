import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BERKSHIRE_MANIFEST,
  derivedHoldings,
  emptyServiceDatabase,
  fixtureFolder,
  infoTableXml,
  removeFixtureFolders,
  writeFixture,
} from '../../../testing/thirteen-f.ts';
import { deriveHoldings } from './derive.ts';
import { STORE_HOLDINGS, mergeFilingStore } from './store.ts';

afterAll(removeFixtureFolders);

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'import-cli.ts');
const TSX = join(import.meta.dirname, '../../../node_modules/.bin/tsx');

async function importCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run import-13f and the filing store', () => {
  it('imports filings into the store, which a starting service merges and derives', async () => {
    const store = join(fixtureFolder(), 'filings.duckdb');
    const result = await importCli('--manifest', BERKSHIRE_MANIFEST, '--store', store);
    expect(result.stdout).toMatch(/Imported 10 filings, 1,389 rows/);
    expect(result.code).toBe(0);

    const connection = await emptyServiceDatabase();
    expect(await mergeFilingStore(connection, store)).toEqual({ filings: 10, rows: 1389 });
    await deriveHoldings(connection);
    const apple = await derivedHoldings(
      connection,
      `cusip = '037833100' AND periodofreport = DATE '2024-06-30'`,
    );
    expect(apple[0]?.status).toBe('REDUCED');
  });

  it('imports one XML file from flags, and refuses bad input without touching the store', async () => {
    const folder = fixtureFolder();
    const store = join(folder, 'filings.duckdb');
    const good = writeFixture(
      folder,
      'good.xml',
      infoTableXml([{ issuer: 'ALPHA CORP', cusip: '000000AA1', value: 5, shares: 1 }]),
    );
    const flags = (period: string) => [
      '--cik',
      '42',
      '--filer',
      'TEST LLC',
      '--period',
      period,
      '--filed',
      '2022-11-14',
      '--store',
      store,
    ];
    expect((await importCli('--xml', good, ...flags('2022-09-30'))).code).toBe(0);

    const bad = writeFixture(
      folder,
      'bad.xml',
      infoTableXml([{ issuer: 'BETA', cusip: '000000BB2', value: 5, shares: -1 }]),
    );
    const refused = await importCli('--xml', bad, ...flags('2022-12-31'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.xml, row 1: share count -1 is negative/);

    const connection = await emptyServiceDatabase();
    expect(await mergeFilingStore(connection, store)).toEqual({ filings: 1, rows: 1 });
    await deriveHoldings(connection);
    // Filed before 2023-01-03: the value was in thousands.
    expect((await derivedHoldings(connection)).map((row) => [row.companyname, row.value])).toEqual([
      ['TEST LLC', 5000],
    ]);
  });

  it('a missing store is simply empty', async () => {
    const connection = await emptyServiceDatabase();
    expect(await mergeFilingStore(connection, join(fixtureFolder(), 'none.duckdb'))).toEqual({
      filings: 0,
      rows: 0,
    });
  });

  it("derives the store's holdings inside the store at import, and again with --derive", async () => {
    const store = join(fixtureFolder(), 'filings.duckdb');
    expect((await importCli('--manifest', BERKSHIRE_MANIFEST, '--store', store)).code).toBe(0);
    const appleIn = async () => {
      const instance = await DuckDBInstance.create(store, { access_mode: 'READ_ONLY' });
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll(
          `SELECT ticker, status, cik FROM ${STORE_HOLDINGS}
           WHERE cusip = '037833100' AND periodofreport = DATE '2024-06-30'`,
        );
        return reader.getRowObjects();
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    };
    // The shipped ticker map labels the store's rows.
    expect(await appleIn()).toEqual([{ ticker: 'AAPL', status: 'REDUCED', cik: '0001067983' }]);

    const derived = await importCli('--derive', '--store', store);
    expect(derived.code).toBe(0);
    expect(derived.stdout).toMatch(/Derived the store's holdings/);
    expect(await appleIn()).toEqual([{ ticker: 'AAPL', status: 'REDUCED', cik: '0001067983' }]);
  });
});
