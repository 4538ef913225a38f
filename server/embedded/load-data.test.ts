import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BERKSHIRE_MANIFEST,
  derivedHoldings,
  filingMeta,
  fixtureFolder,
  importHoldings,
  removeFixtureFolders,
  writeFixture,
} from '../../testing/thirteen-f.ts';
import { CATALOG } from '#contract/catalog';
import { loadConfig } from '../config.ts';
import { createLogger } from '../log.ts';
import type { Logger } from '../log.ts';
import { loadServiceData } from './load-data.ts';
import { importManifest } from './thirteen-f/import.ts';
import { openFilingStore } from './thirteen-f/store.ts';
import { deriveFilingStore } from './thirteen-f/store-derivation.ts';

afterAll(removeFixtureFolders);

const TODAY = new Date('2026-06-15T12:00:00Z');

async function startWith(env: Record<string, string>, logger = createLogger('silent')) {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  await loadServiceData(connection, { today: TODAY, config: loadConfig(env), logger });
  return connection;
}

/** A logger that keeps the warnings it is given. */
function recordingLogger() {
  const warnings: Record<string, unknown>[] = [];
  const ignore = () => undefined;
  const logger: Logger = {
    debug: ignore,
    info: ignore,
    warn: (event, fields) => warnings.push({ event, ...fields }),
    error: ignore,
  };
  return { logger, warnings };
}

async function one(connection: DuckDBConnection, sql: string): Promise<unknown> {
  const reader = await connection.runAndReadAll(sql);
  return Object.values(reader.getRowObjects()[0] ?? {})[0];
}

describe('loadServiceData', () => {
  it('serves none of a store never derived, and says in one line what to run', async () => {
    const storePath = join(fixtureFolder(), 'filings.duckdb');
    const store = await openFilingStore(storePath);
    await importHoldings(store.connection, [
      {
        meta: filingMeta({ periodOfReport: '2024-06-30', cik: '777777', filerName: 'OPERATOR LP' }),
        holdings: [{ issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares: 10 }],
      },
    ]);
    store.close();
    const { logger, warnings } = recordingLogger();

    const connection = await startWith({ FILINGS_DB: storePath }, logger);

    expect(await derivedHoldings(connection, `companyname = 'OPERATOR LP'`)).toEqual([]);
    expect(warnings).toEqual([
      {
        event: 'filing_store_pending',
        path: storePath,
        pending: 'the store was never derived: none of its filings is served',
        fix: 'npm run import-13f -- --derive',
      },
    ]);
    // The demo is all there.
    const berkshire = await derivedHoldings(connection, `companyname = 'BERKSHIRE HATHAWAY INC'`);
    expect(berkshire.length).toBeGreaterThan(400);
  });

  it('serves what the store had derived, and names the periods imported since', async () => {
    const storePath = join(fixtureFolder(), 'filings.duckdb');
    const store = await openFilingStore(storePath);
    const operator = (period: string, shares: number) => ({
      meta: filingMeta({ periodOfReport: period, cik: '777777', filerName: 'OPERATOR LP' }),
      holdings: [{ issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares }],
    });
    await importHoldings(store.connection, [operator('2024-06-30', 10)]);
    await deriveFilingStore(store.connection);
    await importHoldings(store.connection, [operator('2024-09-30', 20)]);
    store.close();
    const { logger, warnings } = recordingLogger();

    const connection = await startWith({ FILINGS_DB: storePath }, logger);

    const served = await derivedHoldings(connection, `companyname = 'OPERATOR LP'`);
    expect(served.map((row) => [row.period, row.shrsorprnamt])).toEqual([['2024-06-30', 10]]);
    expect(warnings).toEqual([
      {
        event: 'filing_store_pending',
        path: storePath,
        pending:
          'filings of 1 period (2024-09-30) were imported after the last derivation and are not served yet',
        fix: 'npm run import-13f -- --derive',
      },
    ]);
  });

  it('serves a store derived at import from the file, without copying its filings', async () => {
    const folder = fixtureFolder();
    const storePath = join(folder, 'filings.duckdb');
    const store = await openFilingStore(storePath);
    await importHoldings(store.connection, [
      {
        meta: filingMeta({
          periodOfReport: '2024-06-30',
          cik: '0000777777',
          filerName: 'OPERATOR LP',
        }),
        holdings: [
          { issuer: 'ALPHA CORP', cusip: '000000AA1', value: 3000, shares: 30 },
          { issuer: 'BETA CORP', cusip: '000000BB2', value: 1000, shares: 10 },
        ],
      },
    ]);
    await deriveFilingStore(store.connection);
    store.close();
    const matches = writeFixture(
      folder,
      'matches.json',
      JSON.stringify([{ cik: '777777', account_id: 'ACC-OP', account_name: 'Operator LP' }]),
    );

    const connection = await startWith({ FILINGS_DB: storePath, FILER_MATCHES_FILE: matches });

    const operator = await derivedHoldings(connection, `companyname = 'OPERATOR LP'`);
    expect(operator.map((row) => [row.cusip, row.portfolio_pct_weight])).toEqual([
      ['000000AA1', 75],
      ['000000BB2', 25],
    ]);
    expect(
      await one(
        connection,
        `SELECT string_agg(DISTINCT service_account_id, ',') FROM "13f_holdings" WHERE companyname = 'OPERATOR LP'`,
      ),
    ).toBe('ACC-OP');
    // Served from the file: the in-memory raw tables hold the demo's filings only.
    expect(
      await one(
        connection,
        `SELECT count(*)::INTEGER FROM thirteenf_filing WHERE filer_name = 'OPERATOR LP'`,
      ),
    ).toBe(0);
    expect(
      await one(
        connection,
        `SELECT (count(*) = count(DISTINCT "_row") AND count(*) > 2)::BOOLEAN FROM "13f_holdings"`,
      ),
    ).toBe(true);
    // Its aggregates are served beside the demo's: the filer's quarter, and the securities'.
    const filed = await connection.runAndReadAll(
      `SELECT positions, longvalue, importedrows FROM "13f_filer_quarters"
       WHERE companyname = 'OPERATOR LP' AND periodofreport = DATE '2024-06-30'`,
    );
    expect(filed.getRowObjects()).toEqual([{ positions: 2, longvalue: 4000, importedrows: 2 }]);
    expect(
      await one(
        connection,
        `SELECT holders::INTEGER FROM "13f_security_quarters"
         WHERE cusip = '000000AA1' AND periodofreport = DATE '2024-06-30'`,
      ),
    ).toBe(1);
  });

  it("serves a filer's queries from the store's copy by filer: the same rows, stored by filer", async () => {
    const storePath = join(fixtureFolder(), 'filings.duckdb');
    const store = await openFilingStore(storePath);
    const filings = ['ZULU LP', 'ALPHA LP', 'MIKE LP'].flatMap((filerName, i) =>
      ['2024-03-31', '2024-06-30'].map((period, q) => ({
        meta: filingMeta({
          periodOfReport: period,
          cik: String(777000 + i),
          filerName,
          accession: `layout-${i}-${q}`,
        }),
        holdings: [
          { issuer: 'ALPHA CORP', cusip: '000000AA1', value: 100 * (i + 1), shares: 10 + q },
          { issuer: 'BETA CORP', cusip: '000000BB2', value: 50 * (q + 1), shares: 5 },
        ],
      })),
    );
    await importHoldings(store.connection, filings);
    await deriveFilingStore(store.connection);
    const stored = await store.connection.runAndReadAll(
      `SELECT strftime(periodofreport, '%Y-%m-%d') || ' ' || companyname AS key
       FROM thirteenf_holdings_by_filer ORDER BY rowid`,
    );
    const keys = stored.getRowObjects().map((row) => String(row.key));
    expect(keys.length).toBe(12);
    expect(keys).toEqual(keys.toSorted());
    store.close();

    const connection = await startWith({ FILINGS_DB: storePath });
    const everyRow = (source: string) =>
      connection
        .runAndReadAll(`SELECT * FROM "${source}" ORDER BY "_row"`)
        .then((reader) => reader.getRowObjectsJson());
    const byFiler = await everyRow('13f_holdings_by_filer');
    expect(byFiler.filter((row) => row.companyname === 'MIKE LP')).toHaveLength(4);
    expect(byFiler).toEqual(await everyRow('13f_holdings'));
  });

  it("serves a demo filer's re-imported filings once, the store's by accession", async () => {
    const storePath = join(fixtureFolder(), 'filings.duckdb');
    const store = await openFilingStore(storePath);
    await importManifest(store.connection, BERKSHIRE_MANIFEST);
    // The operator's copy of one filing says something else than the demo's.
    await store.connection.run(
      `UPDATE thirteenf_infotable SET shares = 7 WHERE cusip = '037833100' AND accession IN
         (SELECT accession FROM thirteenf_filing WHERE period_of_report = DATE '2024-06-30')`,
    );
    await deriveFilingStore(store.connection);
    store.close();
    const where = `companyname = 'BERKSHIRE HATHAWAY INC'`;
    const demoOnly = await startWith({ FILINGS_DB: join(fixtureFolder(), 'none.duckdb') });
    const withStore = await startWith({ FILINGS_DB: storePath });

    const served = await derivedHoldings(withStore, where);
    expect(served.length).toBe((await derivedHoldings(demoOnly, where)).length);
    const apple = served.filter((row) => row.cusip === '037833100' && row.period === '2024-06-30');
    expect(apple.length).toBe(1);
    expect(apple[0]?.shrsorprnamt).toBeGreaterThan(0);
    expect((apple[0]?.shrsorprnamt ?? 0) % 7).toBe(0);
    expect(apple[0]?.shrsorprnamt).toBeLessThan(100);
    // Its quarters are counted once in the aggregates too, with the store's shares.
    const quarters = `SELECT count(*)::INTEGER FROM "13f_filer_quarters" WHERE ${where}`;
    expect(await one(withStore, quarters)).toBe(await one(demoOnly, quarters));
    const shares = `SELECT shares FROM "13f_security_quarters"
      WHERE cusip = '037833100' AND periodofreport = DATE '2024-06-30'`;
    expect(await one(withStore, shares)).not.toBe(await one(demoOnly, shares));
  });
});

describe("the demo's fields of fixed values", () => {
  // The service compares them exactly with the value meant (db/sql.ts, `storedValue`): a value
  // stored in another case would never be found.
  it('hold only those values, as the catalog spells them', async () => {
    const connection = await startWith({});
    const found: Record<string, unknown[]> = {};
    for (const module of Object.values(CATALOG))
      for (const field of module.fields.filter((each) => each.values !== undefined)) {
        const reader = await connection.runAndReadAll(
          `SELECT DISTINCT "${field.name}" AS v FROM "${module.id}" WHERE "${field.name}" IS NOT NULL`,
        );
        const values = reader.getRowObjects().map((row) => row.v);
        found[`${module.id}.${field.name}`] = values;
        expect(field.values, `${module.id}.${field.name}`).toEqual(expect.arrayContaining(values));
      }
    expect(found['13f_holdings.status']?.length).toBeGreaterThan(3);
    expect(found['13f_holdings.putcall']?.length).toBe(2);
  });
});
