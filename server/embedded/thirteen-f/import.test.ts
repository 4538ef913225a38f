import { afterAll, describe, expect, it } from 'vitest';
import {
  BERKSHIRE_MANIFEST,
  derivedHoldings,
  emptyServiceDatabase,
  filingMeta,
  fixtureFolder,
  importHoldings,
  infoTableXml,
  loadBerkshire,
  removeFixtureFolders,
  writeFixture,
} from '../../../testing/thirteen-f.ts';
import type { XmlHolding } from '../../../testing/thirteen-f.ts';
import { deriveHoldings } from './derive.ts';
import { ImportError } from './filing.ts';
import { importManifest, importXmlFilings } from './import.ts';

afterAll(removeFixtureFolders);

const A: XmlHolding = { issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares: 100 };
const B: XmlHolding = { issuer: 'BETA INC', cusip: '000000BB2', value: 500, shares: 50 };
const C: XmlHolding = { issuer: 'GAMMA CO', cusip: '000000CC3', value: 500, shares: 10 };

async function setup() {
  const connection = await emptyServiceDatabase();
  const count = async (table: string) =>
    Number(
      (await connection.runAndReadAll(`SELECT count(*) AS n FROM ${table}`)).getRowObjects()[0]?.n,
    );
  return { connection, count };
}

describe('the real Berkshire Hathaway filings', () => {
  // Independent figures from data/13f/README.md (sums and weights after aggregating by CUSIP).
  it.each([
    ['2022-12-31', 299_007_622_119, 895_136_175, 38.897],
    ['2024-06-30', 279_969_062_343, 400_000_000, 30.0919],
  ])(
    'period %s: total value, Apple shares and Apple weight',
    async (period, total, shares, weight) => {
      const { connection } = await setup();
      await loadBerkshire(connection);
      const rows = await derivedHoldings(connection, `periodofreport = DATE '${period}'`);
      expect(rows.reduce((sum, row) => sum + row.value, 0)).toBe(total);
      const apple = rows.find((row) => row.ticker === 'AAPL');
      expect(apple?.shrsorprnamt).toBe(shares);
      expect(apple?.portfolio_pct_weight?.toFixed(4)).toBe(weight.toFixed(4));
    },
  );

  it('aggregates the many rows of one security into one position', async () => {
    const { connection, count } = await setup();
    await loadBerkshire(connection);
    const rows = await derivedHoldings(
      connection,
      `periodofreport = DATE '2024-06-30' AND status <> 'SOLD OUT'`,
    );
    expect(new Set(rows.map((row) => row.cusip)).size).toBe(rows.length);
    expect(await count('thirteenf_infotable')).toBeGreaterThan(rows.length * 5);
  });

  it('re-importing the same filings changes nothing', async () => {
    const { connection, count } = await setup();
    await loadBerkshire(connection);
    const before = await derivedHoldings(connection);
    const rawRows = await count('thirteenf_infotable');
    await importManifest(connection, BERKSHIRE_MANIFEST);
    await deriveHoldings(connection);
    expect(await count('thirteenf_infotable')).toBe(rawRows);
    expect(await derivedHoldings(connection)).toEqual(before);
  });
});

describe('one import run', () => {
  it('imports a filing listed twice once, from its last listing', async () => {
    const { connection, count } = await setup();
    const meta = filingMeta({ periodOfReport: '2024-03-31' });
    await importHoldings(connection, [
      { meta, holdings: [A, B] },
      { meta, holdings: [C] },
    ]);
    expect(await count('thirteenf_filing')).toBe(1);
    await deriveHoldings(connection);
    expect((await derivedHoldings(connection)).map((row) => row.cusip)).toEqual([C.cusip]);
  });
});

describe('the periods an import touched', () => {
  it("are every period of report of a manifest's filings, sorted", async () => {
    const { connection } = await setup();
    const summary = await importManifest(connection, BERKSHIRE_MANIFEST);
    const quarters = ['03-31', '06-30', '09-30', '12-31'];
    expect(summary.periods).toEqual([
      '2022-12-31',
      ...['2023', '2024', '2025'].flatMap((year) => quarters.map((day) => `${year}-${day}`)),
    ]);
  });

  it('are those of the filings added, each once, not of the filings already there', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: filingMeta({ periodOfReport: '2023-12-31' }), holdings: [A] },
    ]);
    const summary = await importHoldings(connection, [
      { meta: filingMeta({ periodOfReport: '2024-06-30' }), holdings: [A] },
      { meta: filingMeta({ periodOfReport: '2024-03-31' }), holdings: [B] },
      {
        meta: filingMeta({ periodOfReport: '2024-03-31', cik: '0000000043', accession: 'other' }),
        holdings: [C],
      },
    ]);
    expect(summary).toEqual({ filings: 3, rows: 3, periods: ['2024-03-31', '2024-06-30'] });
  });

  it('include the period a re-imported filing leaves when it names another', async () => {
    const { connection } = await setup();
    const filed = { accession: 'moved', filedAt: new Date('2024-08-14T00:00:00Z') };
    const first = await importHoldings(connection, [
      { meta: filingMeta({ ...filed, periodOfReport: '2024-03-31' }), holdings: [A] },
    ]);
    expect(first.periods).toEqual(['2024-03-31']);
    const moved = await importHoldings(connection, [
      { meta: filingMeta({ ...filed, periodOfReport: '2024-06-30' }), holdings: [A] },
    ]);
    expect(moved.periods).toEqual(['2024-03-31', '2024-06-30']);
    await deriveHoldings(connection);
    expect(new Set((await derivedHoldings(connection)).map((row) => row.period))).toEqual(
      new Set(['2024-06-30']),
    );
  });
});

describe('derived fields', () => {
  it('computes status, share change and weight against the previous period', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: filingMeta({ periodOfReport: '2024-03-31' }), holdings: [A, B] },
      {
        meta: filingMeta({ periodOfReport: '2024-06-30' }),
        holdings: [{ ...A, shares: 150, value: 1500 }, { ...C }, { ...A, shares: 50, value: 500 }],
      },
    ]);
    await deriveHoldings(connection);
    const first = await derivedHoldings(connection, `periodofreport = DATE '2024-03-31'`);
    expect(first.map((row) => [row.cusip, row.status, row.pct_change_qoq])).toEqual([
      [A.cusip, null, null],
      [B.cusip, null, null],
    ]);
    const second = await derivedHoldings(connection, `periodofreport = DATE '2024-06-30'`);
    expect(
      second.map((row) => [row.cusip, row.status, row.pct_change_qoq, row.shrsorprnamt, row.value]),
    ).toEqual([
      [A.cusip, 'ADDED', 100, 200, 2000],
      [C.cusip, 'NEW', null, 10, 500],
      [B.cusip, 'SOLD OUT', -100, 0, 0],
    ]);
    expect(second.map((row) => row.portfolio_pct_weight)).toEqual([80, 20, 0]);
  });

  it('marks reduced and unchanged positions', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: filingMeta({ periodOfReport: '2024-03-31' }), holdings: [A, B] },
      {
        meta: filingMeta({ periodOfReport: '2024-06-30' }),
        holdings: [
          { ...A, shares: 75 },
          { ...B, value: 900 },
        ],
      },
    ]);
    await deriveHoldings(connection);
    const rows = await derivedHoldings(connection, `periodofreport = DATE '2024-06-30'`);
    expect(rows.map((row) => [row.cusip, row.status, row.pct_change_qoq])).toEqual([
      [A.cusip, 'REDUCED', -25],
      [B.cusip, 'UNCHANGED', 0],
    ]);
  });

  it('scales values of filings made before 2023-01-03 from thousands to dollars', async () => {
    const { connection } = await setup();
    const early = new Date('2022-11-14T00:00:00Z');
    await importHoldings(connection, [
      {
        meta: filingMeta({ periodOfReport: '2022-09-30', filedAt: early, valueUnit: 'thousands' }),
        holdings: [A],
      },
      {
        meta: filingMeta({
          periodOfReport: '2022-12-31',
          filedAt: new Date('2023-02-14T00:00:00Z'),
        }),
        holdings: [A],
      },
    ]);
    await deriveHoldings(connection);
    expect((await derivedHoldings(connection)).map((row) => [row.period, row.value])).toEqual([
      ['2022-12-31', 1000],
      ['2022-09-30', 1_000_000],
    ]);
  });

  it('reads the EDGAR namespace, a prefixed namespace and none alike', async () => {
    const results = [];
    for (const style of ['default-namespace', 'prefixed', 'no-namespace'] as const) {
      const { connection } = await setup();
      await importHoldings(connection, [
        { meta: filingMeta({ periodOfReport: '2024-03-31' }), holdings: [A, B], style },
      ]);
      await deriveHoldings(connection);
      results.push(await derivedHoldings(connection));
    }
    expect(results[0]).toHaveLength(2);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});

describe('amendments', () => {
  const original = filingMeta({
    periodOfReport: '2024-06-30',
    filedAt: new Date('2024-08-14T00:00:00Z'),
  });
  const amendment = (type: 'RESTATEMENT' | 'NEW HOLDINGS', filed: string) =>
    filingMeta({
      periodOfReport: '2024-06-30',
      filedAt: new Date(`${filed}T00:00:00Z`),
      submissionType: '13F-HR/A',
      amendmentType: type,
    });

  it('a RESTATEMENT replaces the filing for that period', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: original, holdings: [A, B] },
      {
        meta: amendment('RESTATEMENT', '2024-09-01'),
        holdings: [{ ...A, shares: 120, value: 1200 }],
      },
    ]);
    await deriveHoldings(connection);
    expect(
      (await derivedHoldings(connection)).map((row) => [
        row.cusip,
        row.shrsorprnamt,
        row.portfolio_pct_weight,
      ]),
    ).toEqual([[A.cusip, 120, 100]]);
  });

  it('NEW HOLDINGS add to the filing, and weights are recomputed', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: original, holdings: [A, B] },
      { meta: amendment('NEW HOLDINGS', '2024-09-01'), holdings: [C] },
    ]);
    await deriveHoldings(connection);
    expect(
      (await derivedHoldings(connection)).map((row) => [row.cusip, row.portfolio_pct_weight]),
    ).toEqual([
      [A.cusip, 50],
      [B.cusip, 25],
      [C.cusip, 25],
    ]);
  });

  it('a later RESTATEMENT also replaces earlier NEW HOLDINGS', async () => {
    const { connection } = await setup();
    await importHoldings(connection, [
      { meta: original, holdings: [A] },
      { meta: amendment('NEW HOLDINGS', '2024-09-01'), holdings: [C] },
      { meta: amendment('RESTATEMENT', '2024-10-01'), holdings: [B] },
    ]);
    await deriveHoldings(connection);
    expect((await derivedHoldings(connection)).map((row) => row.cusip)).toEqual([B.cusip]);
  });
});

describe('bad input', () => {
  it.each([
    [
      'malformed XML',
      '<informationTable><infoTable><cusip>000000AA1</infoTable>',
      /row 1: malformed XML/,
    ],
    [
      'a missing element',
      infoTableXml([A]).replace(/<nameOfIssuer>.*<\/nameOfIssuer>/, ''),
      /row 1: nameOfIssuer is missing/,
    ],
    ['a bad CUSIP', infoTableXml([A, { ...B, cusip: 'BAD' }]), /row 2: CUSIP "BAD"/],
    [
      'a negative share count',
      infoTableXml([A, B, { ...C, shares: -5 }]),
      /row 3: share count -5 is negative/,
    ],
    [
      'no information table',
      '<html><body>not a filing</body></html>',
      /not a 13F information table/,
    ],
  ])('%s: names the file and row, and imports nothing of the run', async (_, xml, message) => {
    const { connection, count } = await setup();
    await importHoldings(connection, [
      { meta: filingMeta({ periodOfReport: '2024-03-31' }), holdings: [A] },
    ]);
    const folder = fixtureFolder();
    const good = writeFixture(folder, 'good.xml', infoTableXml([B, C]));
    const bad = writeFixture(folder, 'bad.xml', xml);
    const run = importXmlFilings(connection, [
      { meta: filingMeta({ periodOfReport: '2024-06-30', accession: 'good' }), file: good },
      { meta: filingMeta({ periodOfReport: '2024-09-30', accession: 'bad' }), file: bad },
    ]);
    await expect(run).rejects.toThrow(ImportError);
    await expect(run).rejects.toThrow(new RegExp(`bad\\.xml.*${message.source}`));
    expect(await count('thirteenf_filing')).toBe(1);
    expect(await count('thirteenf_infotable')).toBe(1);
  });
});
