/*
 * The filing store derives incrementally: an import derives again only the periods it touched
 * and the quarter after each, and the result must be the very rows a whole derivation gives.
 */
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  filingMeta,
  fixtureFolder,
  importHoldings,
  removeFixtureFolders,
} from '../../../testing/thirteen-f.ts';
import type { XmlHolding } from '../../../testing/thirteen-f.ts';
import type { FilingMeta } from './filing.ts';
import { openFilingStore } from './store.ts';
import { deriveFilingStore } from './store-derivation.ts';
import {
  STORE_FILER_QUARTERS,
  STORE_HOLDINGS,
  STORE_HOLDINGS_BY_FILER,
  STORE_SECURITY_QUARTERS,
} from './store-names.ts';

afterAll(removeFixtureFolders);

const PERIODS = ['2024-03-31', '2024-06-30', '2024-09-30', '2024-12-31'];
const CUSIPS = ['000000AA1', '000000BB2', '000000CC3', '000000DD4', '000000EE5'];

interface Filing {
  readonly meta: FilingMeta;
  readonly holdings: XmlHolding[];
}

/** Filer `f`'s filing for a period: a few of the securities, sizes varying by filer and quarter. */
function filing(f: number, q: number, overrides: Partial<FilingMeta> = {}): Filing {
  const period = PERIODS[q] ?? '2025-03-31';
  return {
    meta: filingMeta({
      periodOfReport: period,
      cik: String(100 + f),
      filerName: `FILER ${f} LP`,
      accession: `f${f}-q${q}`,
      filedAt: new Date(`${period}T00:00:00Z`),
      ...overrides,
    }),
    holdings: CUSIPS.filter((_, c) => (c + f + q) % 3 !== 0).map((cusip, c) => ({
      issuer: `ISSUER ${cusip}`,
      cusip,
      value: 1000 * (1 + ((c * 7 + f * 3 + q) % 5)),
      shares: 10 * (1 + ((c + f * q) % 4)),
    })),
  };
}

/** Every row of the derived tables and aggregates, `_row` included, in a stable order. */
async function storedRows(connection: DuckDBConnection) {
  const read = async (table: string, order = 'periodofreport, cik, cusip, putcall') =>
    (
      await connection.runAndReadAll(`SELECT * FROM ${table} ORDER BY ${order}`)
    ).getRowObjectsJson();
  return {
    byCusip: await read(STORE_HOLDINGS),
    byFiler: await read(STORE_HOLDINGS_BY_FILER),
    securities: await read(STORE_SECURITY_QUARTERS, 'periodofreport, cusip'),
    filers: await read(STORE_FILER_QUARTERS, 'periodofreport, cik'),
  };
}

async function rowIds(connection: DuckDBConnection, period: string) {
  const reader = await connection.runAndReadAll(
    `SELECT "_row"::VARCHAR AS id, cusip, cik FROM ${STORE_HOLDINGS}
     WHERE periodofreport = DATE '${period}' ORDER BY "_row"`,
  );
  return reader.getRowObjects();
}

/** Filer `f`'s filing for a period holding exactly the securities `held` (indexes in CUSIPS). */
function holding(f: number, q: number, held: readonly number[]): Filing {
  const holdings = held.map((c) => {
    const cusip = CUSIPS[c] ?? '';
    return { issuer: `ISSUER ${cusip}`, cusip, value: 1000 * (c + 1), shares: 10 * (c + q + 1) };
  });
  return { meta: filing(f, q).meta, holdings };
}

describe('deriving the filing store incrementally', () => {
  // Filer 4 files the first and fourth quarters, and the second late (then the fourth's previous
  // quarter filed is the second, which is not the quarter before the fourth).
  const first = [
    ...[0, 1, 2].flatMap((f) => [0, 1, 2, 3].map((q) => filing(f, q))),
    ...[0, 3].map((q) => filing(4, q)),
    // Filer 5 sells its second security in the third quarter: a SOLD OUT row there.
    holding(5, 1, [0, 1]),
    holding(5, 2, [0]),
  ];
  // Filer 1 restates its second quarter; filer 3 first files in the fourth; filer 2 is renamed.
  const later = [
    filing(1, 1, {
      accession: 'f1-q1-restated',
      submissionType: '13F-HR/A',
      amendmentType: 'RESTATEMENT',
      filedAt: new Date('2024-09-01T00:00:00Z'),
    }),
    filing(3, 3),
    filing(2, 4, { filerName: 'FILER 2 RENAMED LP' }),
    filing(4, 1),
    // Filer 5's fourth quarter, read against its third (which holds that SOLD OUT row).
    holding(5, 3, [0, 2]),
  ];

  it('derives the touched periods and the quarter after each, to the rows a whole derivation gives', async () => {
    const store = await openFilingStore(join(fixtureFolder(), 'incremental.duckdb'));
    await importHoldings(store.connection, first);
    expect(await deriveFilingStore(store.connection)).toEqual({ whole: true, periods: PERIODS });
    const untouched = await rowIds(store.connection, PERIODS[0] ?? '');

    await importHoldings(store.connection, later);
    expect(await deriveFilingStore(store.connection)).toEqual({
      whole: false,
      periods: ['2024-06-30', '2024-09-30', '2024-12-31', '2025-03-31'],
    });
    expect(await deriveFilingStore(store.connection)).toEqual({ whole: false, periods: [] });
    const incremental = await storedRows(store.connection);
    // The first quarter was not derived again: its rows keep their ids.
    expect(await rowIds(store.connection, PERIODS[0] ?? '')).toEqual(untouched);
    store.close();

    const whole = await openFilingStore(join(fixtureFolder(), 'whole.duckdb'));
    await importHoldings(whole.connection, [...first, ...later]);
    await deriveFilingStore(whole.connection);
    const expected = await storedRows(whole.connection);
    whole.close();

    expect(incremental.byCusip.length).toBeGreaterThan(40);
    expect(incremental.filers.length).toBeGreaterThan(15);
    expect(incremental).toEqual(expected);
    const late = incremental.filers.find(
      (row) => row.cik === '104' && row.periodofreport === PERIODS[3],
    );
    expect(late?.previousperiod).toBe(PERIODS[1]);
    const renamed = incremental.byFiler.filter((row) => row.cik === '102');
    expect(new Set(renamed.map((row) => row.companyname))).toEqual(new Set(['FILER 2 RENAMED LP']));
    expect(
      renamed.every(
        (row) => typeof row.name === 'string' && row.name.startsWith('FILER 2 RENAMED LP '),
      ),
    ).toBe(true);
  });

  it('derives again, on the next run, what a run that failed to derive left pending', async () => {
    const store = await openFilingStore(join(fixtureFolder(), 'pending.duckdb'));
    await importHoldings(store.connection, first);
    await deriveFilingStore(store.connection);
    // What a run killed after importing leaves: filings in, derivation as it was.
    await importHoldings(store.connection, [later[0] as Filing]);
    const before = await storedRows(store.connection);
    await importHoldings(store.connection, [later[1] as Filing]);
    expect(await storedRows(store.connection)).toEqual(before);

    expect((await deriveFilingStore(store.connection)).periods).toEqual([
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
    ]);
    store.close();
  });

  it('derives again the filer-period a re-imported filing left, renumbering the filers after it', async () => {
    // Filer 4 sorts first by name, so the other filers' rows follow its in every period.
    const named = { filerName: 'A FILER 4 LP' };
    const before = [
      ...[0, 1, 2].flatMap((f) => [0, 1, 2, 3].map((q) => filing(f, q))),
      ...[0, 3].map((q) => filing(4, q, named)),
    ];
    // Its first quarter's filing, filed again for another period (the same accession).
    const moved = filing(4, 4, { ...named, accession: 'f4-q0' });
    const store = await openFilingStore(join(fixtureFolder(), 'moved.duckdb'));
    await importHoldings(store.connection, before);
    await deriveFilingStore(store.connection);
    await importHoldings(store.connection, [moved]);
    expect((await deriveFilingStore(store.connection)).periods).toEqual([
      '2024-03-31',
      '2025-03-31',
    ]);
    const incremental = await storedRows(store.connection);
    store.close();

    const whole = await openFilingStore(join(fixtureFolder(), 'moved-whole.duckdb'));
    await importHoldings(whole.connection, [...before, moved]);
    await deriveFilingStore(whole.connection);
    const expected = await storedRows(whole.connection);
    whole.close();

    expect(incremental.byCusip.filter((row) => row.cik === '104').length).toBeGreaterThan(0);
    expect(
      incremental.byCusip.some((row) => row.cik === '104' && row.periodofreport === PERIODS[0]),
    ).toBe(false);
    expect(incremental).toEqual(expected);
  });
});

/** `connection`, failing its `at`-th statement (from 0) as a run killed there stops. */
function stoppingAt(connection: DuckDBConnection, at: number): DuckDBConnection {
  let seen = 0;
  const stop = (sql: string) => {
    if (seen++ === at) throw new Error(`stopped before ${sql.slice(0, 60)}`);
  };
  return new Proxy(connection, {
    get(target, property) {
      if (property === 'run')
        return (...args: Parameters<DuckDBConnection['run']>) => {
          stop(args[0]);
          return target.run(...args);
        };
      if (property === 'runAndReadAll')
        return (...args: Parameters<DuckDBConnection['runAndReadAll']>) => {
          stop(args[0]);
          return target.runAndReadAll(...args);
        };
      return Reflect.get(target, property, target) as unknown;
    },
  });
}

describe('deriving the filing store whole', () => {
  it('serves what it served when stopped at any statement, and the next run ends the work', async () => {
    const first = [0, 1].flatMap((f) => [0, 1, 2].map((q) => filing(f, q)));
    const later = [filing(2, 1), filing(0, 3)];
    const store = await openFilingStore(join(fixtureFolder(), 'stopped.duckdb'));
    await importHoldings(store.connection, first);
    await deriveFilingStore(store.connection);
    const served = await storedRows(store.connection);
    await importHoldings(store.connection, later);

    let stops = 0;
    for (;;) {
      try {
        await deriveFilingStore(stoppingAt(store.connection, stops), { whole: true });
        break;
      } catch {
        stops += 1;
        expect(await storedRows(store.connection)).toEqual(served);
      }
    }
    const derived = await storedRows(store.connection);
    const left = await store.connection.runAndReadAll(
      `SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'thirteenf_next%'`,
    );
    store.close();

    const whole = await openFilingStore(join(fixtureFolder(), 'stopped-whole.duckdb'));
    await importHoldings(whole.connection, [...first, ...later]);
    await deriveFilingStore(whole.connection);
    const expected = await storedRows(whole.connection);
    whole.close();

    // Stopped before each of its statements in turn: the holdings, the aggregates, the swap.
    expect(stops).toBeGreaterThan(30);
    expect(derived).toEqual(expected);
    expect(derived).not.toEqual(served);
    expect(left.getRowObjects()).toEqual([]);
  });
});
