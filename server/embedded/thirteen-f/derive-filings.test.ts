import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
const C: XmlHolding = { ...TEST_SECURITIES.C, value: 250 };
describe('the filing each row comes from', () => {
  it("keeps the original's date on its rows when a NEW HOLDINGS amendment adds to it", async () => {
    const connection = await emptyServiceDatabase();
    const original = filingMeta({
      periodOfReport: '2024-06-30',
      filedAt: new Date('2024-08-14T00:00:00Z'),
      accession: '0000000042-24-000001',
    });
    const added = filingMeta({
      periodOfReport: '2024-06-30',
      filedAt: new Date('2024-10-02T00:00:00Z'),
      accession: '0000000042-24-000002',
      submissionType: '13F-HR/A',
      amendmentType: 'NEW HOLDINGS',
    });
    await importHoldings(connection, [
      { meta: original, holdings: [A, B] },
      { meta: added, holdings: [C] },
    ]);
    await deriveHoldings(connection);
    const rows = await derivedHoldings(connection);
    expect(rows.map((row) => [row.cusip, row.accession, row.filed, row.amendmenttype])).toEqual([
      [A.cusip, '0000000042-24-000001', '2024-08-14', null],
      [B.cusip, '0000000042-24-000001', '2024-08-14', null],
      [C.cusip, '0000000042-24-000002', '2024-10-02', 'NEW HOLDINGS'],
    ]);
  });

  it("dates a SOLD OUT row by the period's original filing and leaves no accession it was not given", async () => {
    const connection = await emptyServiceDatabase();
    // A manifest without accession numbers gets a key built from the metadata (with |).
    const first = filingMeta({
      periodOfReport: '2024-03-31',
      accession: '0000000042|2024-03-31|x',
    });
    await importHoldings(connection, [
      { meta: first, holdings: [A, B] },
      {
        meta: filingMeta({
          periodOfReport: '2024-06-30',
          filedAt: new Date('2024-08-14T00:00:00Z'),
          accession: '0000000042-24-000007',
        }),
        holdings: [A],
      },
    ]);
    await deriveHoldings(connection);
    const rows = await derivedHoldings(connection, `periodofreport = DATE '2024-06-30'`);
    expect(rows.map((row) => [row.cusip, row.status, row.accession, row.filed])).toEqual([
      [A.cusip, 'UNCHANGED', '0000000042-24-000007', '2024-08-14'],
      [B.cusip, 'SOLD OUT', '0000000042-24-000007', '2024-08-14'],
    ]);
    const earlier = await derivedHoldings(connection, `periodofreport = DATE '2024-03-31'`);
    expect(earlier.map((row) => row.accession)).toEqual([null, null]);
  });
});

describe('filings checked against their summary page', () => {
  const submission = (accession: string, summary?: SecSubmission['summary']): SecSubmission => ({
    accession,
    cik: '42',
    filerName: 'TEST CAPITAL LLC',
    filingDate: '2024-08-14',
    periodOfReport: '2024-06-30',
    submissionType: '13F-HR',
    ...(summary && { summary }),
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

  async function imported(submissions: SecSubmission[], rows: SecInfoTableRow[], badRow?: number) {
    const dir = await mkdtemp(join(tmpdir(), 'sec-13f-summary-'));
    try {
      const path = await writeSecDataSet(dir, submissions, rows, {
        editLines: {
          // A line cut short: the importer leaves it out and reports it.
          INFOTABLE: (line, at) => (at === badRow ? line.split('\t').slice(0, 5).join('\t') : line),
        },
      });
      const connection = await emptyServiceDatabase();
      const summary = await importDataSet(connection, path);
      await deriveHoldings(connection);
      return { summary, rows: await derivedHoldings(connection) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('carries what was declared and what was imported on every row of the filing', async () => {
    const { summary, rows } = await imported(
      [submission('0000000042-24-000001', { rows: 3, value: 1750 })],
      [A, B, C].map((holding) => row('0000000042-24-000001', holding)),
      2,
    );
    expect(summary.badLines).toHaveLength(1);
    // B's line was cut: 2 of 3 declared rows, 1,250 of 1,750 declared dollars.
    expect(
      rows.map((held) => [
        held.cusip,
        held.declaredrows,
        held.importedrows,
        held.declaredvalue,
        held.importedvalue,
        held.confidentialomitted,
      ]),
    ).toEqual([
      [A.cusip, 3, 2, 1750, 1250, false],
      [C.cusip, 3, 2, 1750, 1250, false],
    ]);
    // The weights are over what was imported; the declared figures tell the analyst so.
    expect(rows.map((held) => held.portfolio_pct_weight)).toEqual([80, 20]);
  });

  it('says when a filing omits confidential holdings, and nothing is declared without a summary', async () => {
    const { rows } = await imported(
      [
        submission('0000000042-24-000001', { rows: 1, value: 1000, omitted: true }),
        { ...submission('0000000043-24-000001'), cik: '43', filerName: 'OTHER CAPITAL LLC' },
      ],
      [row('0000000042-24-000001', A), row('0000000043-24-000001', B)],
    );
    expect(
      rows.map((held) => [
        held.companyname,
        held.declaredrows,
        held.importedrows,
        held.confidentialomitted,
      ]),
    ).toEqual([
      ['OTHER CAPITAL LLC', null, 1, null],
      ['TEST CAPITAL LLC', 1, 1, true],
    ]);
  });
});
