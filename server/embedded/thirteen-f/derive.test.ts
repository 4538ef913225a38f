import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heldStatus, SOLD_OUT } from '#contract/holding-status';
import { writeSecDataSet } from '../../../testing/sec-datasets.ts';
import type { SecInfoTableRow, SecSubmission } from '../../../testing/sec-datasets.ts';
import {
  derivedHoldings,
  emptyServiceDatabase,
  filingMeta,
  importHoldings,
  removeFixtureFolders,
  TEST_SECURITIES,
} from '../../../testing/thirteen-f.ts';
import type { XmlHolding } from '../../../testing/thirteen-f.ts';
import { importDataSet } from './datasets.ts';
import { deriveHoldings } from './derive.ts';

afterAll(removeFixtureFolders);

const { A, B } = TEST_SECURITIES;
const { C } = TEST_SECURITIES;
async function derive(filings: { period: string; holdings: XmlHolding[] }[]) {
  const connection = await emptyServiceDatabase();
  await importHoldings(
    connection,
    filings.map(({ period, holdings }) => ({
      meta: filingMeta({ periodOfReport: period }),
      holdings,
    })),
  );
  await deriveHoldings(connection);
  return async (period: string) => derivedHoldings(connection, `periodofreport = DATE '${period}'`);
}

describe('changes across a gap', () => {
  it('compares only with the immediately preceding quarter: nothing across a missing one', async () => {
    const at = await derive([
      { period: '2024-03-31', holdings: [A, B] },
      // No filing for 2024-06-30 (a 13F-NT, or nothing filed).
      { period: '2024-09-30', holdings: [{ ...A, shares: 150, value: 1500 }, C] },
      { period: '2024-12-31', holdings: [{ ...A, shares: 150, value: 1500 }] },
    ]);
    // B was held at 2024-03-31 and not at 2024-09-30, but what happened in between is unknown:
    // no SOLD OUT row, and no status or change for what is held.
    expect(
      (await at('2024-09-30')).map((row) => [row.cusip, row.status, row.pct_change_qoq]),
    ).toEqual([
      [A.cusip, null, null],
      [C.cusip, null, null],
    ]);
    // The next quarter follows without a gap: compared as usual.
    expect(
      (await at('2024-12-31')).map((row) => [row.cusip, row.status, row.pct_change_qoq]),
    ).toEqual([
      [A.cusip, 'UNCHANGED', 0],
      [C.cusip, 'SOLD OUT', -100],
    ]);
  });

  it('a year-end quarter follows the third quarter of the year before', async () => {
    const at = await derive([
      { period: '2023-12-31', holdings: [A] },
      { period: '2024-03-31', holdings: [{ ...A, shares: 50, value: 500 }] },
    ]);
    expect((await at('2024-03-31')).map((row) => [row.status, row.pct_change_qoq])).toEqual([
      ['REDUCED', -50],
    ]);
  });

  it('a 13F-NT between two reports in a SEC data set leaves a gap', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sec-13f-gap-'));
    try {
      const filed: Record<string, string> = {
        '2024-03-31': '2024-05-15',
        '2024-06-30': '2024-08-14',
        '2024-09-30': '2024-11-14',
      };
      const submission = (
        accession: string,
        period: string,
        submissionType: SecSubmission['submissionType'],
      ): SecSubmission => ({
        accession,
        cik: '1067983',
        filerName: 'TEST CAPITAL LLC',
        filingDate: filed[period] ?? period,
        periodOfReport: period,
        submissionType,
      });
      const row = (accession: string, holding: XmlHolding): SecInfoTableRow => ({
        accession,
        nameOfIssuer: holding.issuer,
        titleOfClass: 'COM',
        cusip: holding.cusip,
        value: holding.value,
        shares: holding.shares,
        shareType: 'SH',
      });
      const path = await writeSecDataSet(
        dir,
        [
          submission('Q1', '2024-03-31', '13F-HR'),
          submission('NT', '2024-06-30', '13F-NT'),
          submission('Q3', '2024-09-30', '13F-HR'),
        ],
        [row('Q1', A), row('Q1', B), row('Q3', { ...A, shares: 200, value: 2000 })],
      );
      const connection = await emptyServiceDatabase();
      await importDataSet(connection, path);
      await deriveHoldings(connection);
      expect(
        (await derivedHoldings(connection, `periodofreport = DATE '2024-09-30'`)).map((held) => [
          held.cusip,
          held.status,
          held.pct_change_qoq,
        ]),
      ).toEqual([[A.cusip, null, null]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('options beside shares', () => {
  const put: XmlHolding = { ...A, value: 300, shares: 40, putCall: 'Put' };
  const call: XmlHolding = { ...B, value: 200, shares: 20, putCall: 'Call' };

  it('keeps put and call rows apart from the shares of the same CUSIP, named by a suffix', async () => {
    const at = await derive([{ period: '2024-06-30', holdings: [A, put, B, call] }]);
    expect((await at('2024-06-30')).map((row) => [row.name, row.cusip, row.value])).toEqual([
      ['TEST CAPITAL LLC 2024-06-30 000000AA1', A.cusip, 1000],
      ['TEST CAPITAL LLC 2024-06-30 000000BB2', B.cusip, 500],
      ['TEST CAPITAL LLC 2024-06-30 000000AA1 PUT', A.cusip, 300],
      ['TEST CAPITAL LLC 2024-06-30 000000BB2 CALL', B.cusip, 200],
    ]);
  });

  it('weighs shares against the long value and gives options no weight', async () => {
    const at = await derive([{ period: '2024-06-30', holdings: [A, put, B, call] }]);
    // Long value: A 1000 + B 500 = 1500; the options' 300 and 200 (notionals) are not in it.
    const long = 1000 + 500;
    const rows = await at('2024-06-30');
    expect(rows.map((row) => [row.putcall, row.value, row.portfolio_pct_weight])).toEqual([
      [null, 1000, (1000 / long) * 100],
      [null, 500, (500 / long) * 100],
      ['PUT', 300, null],
      ['CALL', 200, null],
    ]);
    const shares = rows.filter((row) => row.putcall === null);
    expect(shares.reduce((sum, row) => sum + (row.portfolio_pct_weight ?? 0), 0)).toBeCloseTo(
      100,
      9,
    );
  });

  it('compares an option with the same option a quarter before, never with the shares', async () => {
    const at = await derive([
      { period: '2024-03-31', holdings: [A] },
      { period: '2024-06-30', holdings: [A, put] },
      { period: '2024-09-30', holdings: [A] },
    ]);
    expect(
      (await at('2024-06-30')).map((row) => [
        row.name.endsWith(' PUT'),
        row.status,
        row.pct_change_qoq,
      ]),
    ).toEqual([
      [false, 'UNCHANGED', 0],
      [true, 'NEW', null],
    ]);
    expect(
      (await at('2024-09-30')).map((row) => [row.name.endsWith(' PUT'), row.status, row.value]),
    ).toEqual([
      [false, 'UNCHANGED', 1000],
      [true, 'SOLD OUT', 0],
    ]);
  });

  it('has no weight when the filer holds options only (a long value of 0)', async () => {
    const at = await derive([{ period: '2024-06-30', holdings: [put, call] }]);
    expect((await at('2024-06-30')).map((row) => row.portfolio_pct_weight)).toEqual([null, null]);
  });
});

describe('status', () => {
  it("every position of two quarters gets the status of the contract's rule", async () => {
    const shares = [undefined, 0, 100, 250];
    // Every pair of shares then and now, each its own security (undefined: not held).
    const pairs = shares.flatMap((before) => [...shares, 50].map((now) => ({ before, now })));
    const holding = (index: number, count: number): XmlHolding => ({
      issuer: `ISSUER ${index}`,
      cusip: `${String(index).padStart(6, '0')}AA1`,
      value: count * 10,
      shares: count,
    });
    const held = (side: 'before' | 'now') =>
      pairs.flatMap((pair, index) => {
        const count = pair[side];
        return count === undefined ? [] : [holding(index, count)];
      });
    const at = await derive([
      { period: '2024-03-31', holdings: held('before') },
      { period: '2024-06-30', holdings: held('now') },
    ]);
    const derived = new Map((await at('2024-06-30')).map((row) => [row.cusip, row.status]));
    const expected = (pair: (typeof pairs)[number]) =>
      pair.now === undefined
        ? pair.before === undefined
          ? undefined
          : SOLD_OUT
        : heldStatus(pair.before ?? 0, pair.now);
    expect(pairs.map((pair, index) => [pair, derived.get(holding(index, 0).cusip)])).toEqual(
      pairs.map((pair) => [pair, expected(pair)]),
    );
  });
});
