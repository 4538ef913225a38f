import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BERKSHIRE_MANIFEST,
  derivedHoldings,
  emptyServiceDatabase,
  fixtureFolder,
  importCli,
  infoTableXml,
  removeFixtureFolders,
  writeFixture,
} from '../../../testing/thirteen-f.ts';
import { deriveHoldings } from './derive.ts';
import { STORE_HOLDINGS, mergeFilingStore } from './store.ts';

afterAll(removeFixtureFolders);

describe('npm run import-13f and the filing store', () => {
  it('imports filings into the store, which a starting service merges and derives', async () => {
    const store = join(fixtureFolder(), 'filings.duckdb');
    const result = await importCli('--manifest', BERKSHIRE_MANIFEST, '--store', store);
    expect(result.stdout).toMatch(/Imported 13 filings, 1,728 rows/);
    expect(result.code).toBe(0);

    const connection = await emptyServiceDatabase();
    expect(await mergeFilingStore(connection, store)).toEqual({ filings: 13, rows: 1728 });
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

  // Three runs of the CLI, each a Node process of its own: more than the default 20 s when busy.
  it(
    "derives the store's holdings inside the store at import, and again with --derive",
    { timeout: 60_000 },
    async () => {
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
      expect(derived.stdout).toMatch(/Derived nothing: no period changed in/);
      const whole = await importCli('--derive', '--whole', '--store', store);
      expect(whole.code).toBe(0);
      expect(whole.stdout).toMatch(/Derived every period \(13\) in/);
      expect(await appleIn()).toEqual([{ ticker: 'AAPL', status: 'REDUCED', cik: '0001067983' }]);
    },
  );

  it('says what a run that ran out of DuckDB memory left, and keeps the store usable', async () => {
    const store = join(fixtureFolder(), 'filings.duckdb');
    const starved = await importCli(
      ...['--manifest', BERKSHIRE_MANIFEST, '--store', store, '--memory-limit', '1MB'],
    );
    expect(starved.code).toBe(1);
    expect(starved.stderr).toMatch(
      /^Import failed, nothing was imported: DuckDB needed more memory than --memory-limit 1MB allows/,
    );
    expect((await importCli('--manifest', BERKSHIRE_MANIFEST, '--store', store)).code).toBe(0);

    const rederived = await importCli(
      ...['--derive', '--whole', '--store', store, '--memory-limit', '2MB'],
    );
    expect(rederived.code).toBe(1);
    expect(rederived.stderr).toMatch(
      /^Deriving failed; the store is as it was: DuckDB needed more/,
    );
    const instance = await DuckDBInstance.create(store, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll(
      `SELECT (SELECT count(*) FROM thirteenf_filing)::INTEGER AS filings,
              (SELECT count(*) FROM thirteenf_derivation)::INTEGER AS stamps,
              (SELECT count(*) FROM ${STORE_HOLDINGS})::INTEGER AS rows`,
    );
    connection.closeSync();
    instance.closeSync();
    const [kept] = reader.getRowObjects();
    expect([kept?.filings, kept?.stamps]).toEqual([13, 1]);
    expect(kept?.rows).toBeGreaterThan(400);
  });

  it('imports while a server holds the store, into a copy that a restart serves', async () => {
    const folder = fixtureFolder();
    const store = join(folder, 'filings.duckdb');
    const xml = (name: string) =>
      writeFixture(
        folder,
        `${name}.xml`,
        infoTableXml([{ issuer: 'ALPHA CORP', cusip: '000000AA1', value: 5, shares: 1 }]),
      );
    const flags = (cik: string) => [
      '--cik',
      cik,
      '--filer',
      `FILER ${cik}`,
      '--period',
      '2024-06-30',
      '--filed',
      '2024-08-14',
    ];
    expect((await importCli('--xml', xml('one'), ...flags('1'), '--store', store)).code).toBe(0);
    const filers = async (connection: DuckDBConnection, table: string) => {
      const reader = await connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${table}`);
      return reader.getRowObjects()[0]?.n;
    };

    // What a running server does: it keeps the store attached, read-only.
    const server = await (await DuckDBInstance.create(':memory:')).connect();
    await server.run(`ATTACH '${store}' AS held (READ_ONLY)`);
    const second = await importCli('--xml', xml('two'), ...flags('2'), '--store', store);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/running server holds the store/);
    expect(await filers(server, 'held.thirteenf_filing')).toBe(1);
    await server.run('DETACH held');

    // A restart serves both filings, derived.
    await server.run(`ATTACH '${store}' AS restarted (READ_ONLY)`);
    expect(await filers(server, 'restarted.thirteenf_filing')).toBe(2);
    expect(await filers(server, `restarted.${STORE_HOLDINGS}`)).toBe(2);
    expect(existsSync(`${store}.importing`) || existsSync(`${store}.import-lock`)).toBe(false);
  });
});
