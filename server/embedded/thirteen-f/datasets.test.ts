import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEC_CUSIPS as CUSIPS,
  secFiling as filing,
  secPosition as position,
  writeSecDataSet,
} from '../../../testing/sec-datasets.ts';
import {
  emptyServiceDatabase,
  importFailure,
  queryRows as rows,
  rawFilingTables as rawTables,
} from '../../../testing/thirteen-f.ts';
import type {
  SecDataSetOptions,
  SecFile,
  SecInfoTableRow,
  SecSubmission,
} from '../../../testing/sec-datasets.ts';
import { BadLinesError, importDataSet } from './datasets.ts';
import { deriveHoldings } from './derive.ts';
import { importManifest } from './import.ts';
import { readManifest } from './manifest.ts';
import { addCusipTickers, readCusipTickers } from './reference.ts';
import { readInfoTableXml } from './xml.ts';

const DATA = join(import.meta.dirname, '../../../data/13f');
const MANIFEST = join(DATA, 'berkshire-hathaway/manifest.json');

/** Derived holdings reduced to what a test reads: CUSIP, value, shares, weight. */
async function holdings(connection: DuckDBConnection) {
  await deriveHoldings(connection);
  return rows(
    connection,
    `SELECT cusip, value, shrsorprnamt AS shares, round(portfolio_pct_weight, 6) AS weight
     FROM "13f_holdings" ORDER BY _row`,
  );
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sec-13f-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeAndImport(
  connection: DuckDBConnection,
  submissions: readonly SecSubmission[],
  infotable: readonly SecInfoTableRow[],
  options?: SecDataSetOptions,
) {
  return importDataSet(connection, await writeSecDataSet(dir, submissions, infotable, options));
}

describe('importDataSet', () => {
  it.each([
    ['a folder', {}],
    ['a zip, columns in another order', { zip: true, reverseColumns: true }],
  ])(
    'reproduces the XML import of the Berkshire filings from %s',
    async (_, options: SecDataSetOptions) => {
      const xmlFilings = await readManifest(MANIFEST);
      const submissions: SecSubmission[] = [];
      const infotable: SecInfoTableRow[] = [];
      for (const [i, { meta, file }] of xmlFilings.entries()) {
        const accession = `0000950123-${String(i).padStart(2, '0')}-000042`;
        submissions.push({
          accession,
          cik: meta.cik.replace(/^0+/, ''),
          filerName: meta.filerName,
          filingDate: meta.filedAt.toISOString().slice(0, 10),
          periodOfReport: meta.periodOfReport,
          submissionType: meta.submissionType,
        });
        for await (const row of readInfoTableXml(file)) infotable.push({ ...row, accession });
      }
      const tickers = await readCusipTickers(join(DATA, 'cusip-tickers.csv'));

      const fromXml = await emptyServiceDatabase();
      const xmlSummary = await importManifest(fromXml, MANIFEST);
      await addCusipTickers(fromXml, tickers);
      await deriveHoldings(fromXml);
      const fromTsv = await emptyServiceDatabase();
      const summary = await writeAndImport(fromTsv, submissions, infotable, options);
      await addCusipTickers(fromTsv, tickers);
      await deriveHoldings(fromTsv);

      expect(xmlSummary).toMatchObject({ filings: xmlFilings.length, rows: infotable.length });
      expect(summary).toEqual({
        ...xmlSummary,
        badLines: [],
        dataSets: [options.zip === true ? join(dir, 'dataset.zip') : dir],
        repeated: 0,
      });
      // The manifest gives no accession numbers (served empty); the data set does.
      const all = 'SELECT * EXCLUDE (accession) FROM "13f_holdings" ORDER BY _row';
      const expected = await rows(fromXml, all);
      expect(expected.length).toBeGreaterThan(100);
      expect(await rows(fromTsv, all)).toEqual(expected);
      const accessions = 'SELECT DISTINCT accession FROM "13f_holdings" ORDER BY 1';
      expect(await rows(fromXml, accessions)).toEqual([{ accession: null }]);
      expect((await rows(fromTsv, accessions)).map(({ accession }) => accession)).toEqual(
        submissions.map(({ accession }) => accession),
      );
      // The README's independent figure, so both sides cannot be wrong the same way.
      const [apple] = await rows(
        fromTsv,
        `SELECT round(portfolio_pct_weight, 4) AS weight FROM "13f_holdings"
         WHERE ticker = 'AAPL' AND periodofreport = DATE '2022-12-31'`,
      );
      expect(apple).toEqual({ weight: 38.897 });
    },
  );

  it('scales values reported in thousands by filings made before 2023-01-03', async () => {
    const connection = await emptyServiceDatabase();
    await writeAndImport(
      connection,
      [
        filing('OLD', { filingDate: '2022-11-14', periodOfReport: '2022-09-30' }),
        filing('NEW', { filingDate: '2023-01-03', periodOfReport: '2022-12-31' }),
      ],
      [position('OLD', CUSIPS[0], 1234), position('NEW', CUSIPS[0], 1234)],
    );
    expect(
      await rows(connection, 'SELECT accession, value_usd FROM thirteenf_infotable ORDER BY 1'),
    ).toEqual([
      { accession: 'NEW', value_usd: 1234 },
      { accession: 'OLD', value_usd: 1_234_000 },
    ]);
    expect(
      await rows(
        connection,
        'SELECT accession, filed_at, period_of_report FROM thirteenf_filing ORDER BY 1',
      ),
    ).toEqual([
      { accession: 'NEW', filed_at: '2023-01-03 00:00:00', period_of_report: '2022-12-31' },
      { accession: 'OLD', filed_at: '2022-11-14 00:00:00', period_of_report: '2022-09-30' },
    ]);
  });

  it('lets a RESTATEMENT replace the original filing for its period', async () => {
    const connection = await emptyServiceDatabase();
    await writeAndImport(
      connection,
      [
        filing('ORIGINAL'),
        filing('RESTATED', {
          submissionType: '13F-HR/A',
          amendmentType: 'RESTATEMENT',
          filingDate: '2024-06-01',
        }),
      ],
      [
        position('ORIGINAL', CUSIPS[0], 600),
        position('ORIGINAL', CUSIPS[1], 400),
        position('RESTATED', CUSIPS[0], 300),
        position('RESTATED', CUSIPS[2], 100),
      ],
    );
    expect(await holdings(connection)).toEqual([
      { cusip: CUSIPS[0], value: 300, shares: 30, weight: 75 },
      { cusip: CUSIPS[2], value: 100, shares: 10, weight: 25 },
    ]);
  });

  it('adds a NEW HOLDINGS amendment to the filing and recomputes weights', async () => {
    const connection = await emptyServiceDatabase();
    await writeAndImport(
      connection,
      [
        filing('ORIGINAL'),
        filing('ADDED', {
          submissionType: '13F-HR/A',
          amendmentType: 'NEW HOLDINGS',
          filingDate: '2024-06-01',
        }),
      ],
      [
        position('ORIGINAL', CUSIPS[0], 600),
        position('ORIGINAL', CUSIPS[1], 400),
        position('ADDED', CUSIPS[2], 1000),
      ],
    );
    expect(await holdings(connection)).toEqual([
      { cusip: CUSIPS[2], value: 1000, shares: 100, weight: 50 },
      { cusip: CUSIPS[0], value: 600, shares: 60, weight: 30 },
      { cusip: CUSIPS[1], value: 400, shares: 40, weight: 20 },
    ]);
  });

  it('treats a 13F-HR/A without an amendment type as a restatement', async () => {
    const connection = await emptyServiceDatabase();
    await writeAndImport(connection, [filing('AMENDED', { submissionType: '13F-HR/A' })], []);
    expect(
      await rows(connection, 'SELECT submission_type, amendment_type FROM thirteenf_filing'),
    ).toEqual([{ submission_type: '13F-HR/A', amendment_type: 'RESTATEMENT' }]);
  });

  it('skips 13F-NT notices and any rows filed under them', async () => {
    const connection = await emptyServiceDatabase();
    const summary = await writeAndImport(
      connection,
      [filing('HOLDINGS'), filing('NOTICE', { submissionType: '13F-NT' })],
      [position('NOTICE', CUSIPS[1], 5), position('HOLDINGS', CUSIPS[0], 10)],
    );
    expect(summary).toEqual({
      filings: 1,
      rows: 1,
      periods: ['2024-03-31'],
      badLines: [],
      dataSets: [dir],
      repeated: 0,
    });
    const { filings, infotable } = await rawTables(connection);
    expect(filings.map((row) => row.accession)).toEqual(['HOLDINGS']);
    expect(infotable.map((row) => [row.accession, row.row_number])).toEqual([['HOLDINGS', 2]]);
  });

  it('takes rows in any order, each to its own filing', async () => {
    const connection = await emptyServiceDatabase();
    const interleaved = CUSIPS.map((cusip, i) => position(i % 2 === 0 ? 'A' : 'B', cusip, i + 1));
    await writeAndImport(connection, [filing('A'), filing('B', { cik: '42' })], interleaved);
    const { infotable } = await rawTables(connection);
    expect(infotable.map((row) => [row.accession, row.row_number, row.cusip])).toEqual([
      ['A', 1, CUSIPS[0]],
      ['A', 3, CUSIPS[2]],
      ['A', 5, CUSIPS[4]],
      ['B', 2, CUSIPS[1]],
      ['B', 4, CUSIPS[3]],
    ]);
  });

  it('is idempotent: importing the same data set twice leaves the same rows', async () => {
    const connection = await emptyServiceDatabase();
    const path = await writeSecDataSet(
      dir,
      [filing('A'), filing('B', { cik: '42' })],
      CUSIPS.map((cusip, i) => position(i < 3 ? 'A' : 'B', cusip, 100 * (i + 1))),
    );
    const first = await importDataSet(connection, path);
    const once = await rawTables(connection);
    const second = await importDataSet(connection, path);
    expect(second).toEqual(first);
    expect(once.infotable).toHaveLength(5);
    expect(await rawTables(connection)).toEqual(once);
  });
});

describe('importDataSet with bad lines', () => {
  const good = [filing('GOOD')];
  const twentyRows = Array.from({ length: 20 }, (_, i) =>
    position('GOOD', CUSIPS[i % CUSIPS.length] ?? '', 10 + i),
  );
  const rowsWith = (index: number, patch: Partial<SecInfoTableRow>) =>
    twentyRows.map((row, i) => (i === index ? { ...row, ...patch } : row));
  const onLine = (file: SecFile, row: number, edit: (line: string) => string) => ({
    editLines: { [file]: (line: string, at: number) => (at === row ? edit(line) : line) },
  });
  const importedRows = async (connection: DuckDBConnection) =>
    (await rawTables(connection)).infotable.map((row) => row.row_number);
  const allBut = (...rows: number[]) =>
    Array.from({ length: 20 }, (_, i) => i + 1).filter((row) => !rows.includes(row));

  it.each<{
    problem: string;
    submissions?: SecSubmission[];
    rows?: SecInfoTableRow[];
    options?: SecDataSetOptions;
    file: string;
    line: number;
    reason: RegExp;
    imported?: number[];
  }>([
    {
      problem: 'a negative share count',
      rows: rowsWith(16, { shares: -5 }),
      file: 'INFOTABLE.tsv',
      line: 18,
      reason: /^share count -5 is negative/,
      imported: allBut(17),
    },
    {
      problem: 'a malformed CUSIP, in a zip',
      rows: rowsWith(2, { cusip: '12345' }),
      options: { zip: true },
      file: 'dataset.zip/INFOTABLE.tsv',
      line: 4,
      reason: /^CUSIP "12345" is not/,
      imported: allBut(3),
    },
    {
      problem: 'a missing VALUE',
      rows: rowsWith(19, { value: '' }),
      file: 'INFOTABLE.tsv',
      line: 21,
      reason: /^VALUE is missing$/,
      imported: allBut(20),
    },
    {
      problem: 'a share count with a thousands separator',
      rows: rowsWith(0, { shares: '1,000' }),
      file: 'INFOTABLE.tsv',
      line: 2,
      reason: /^SSHPRNAMT "1,000" is not a number$/,
      imported: allBut(1),
    },
    {
      problem: 'a tab inside a field, which shifts the later columns',
      rows: rowsWith(5, { nameOfIssuer: 'ACME\tINC' }),
      file: 'INFOTABLE.tsv',
      line: 7,
      reason: /^16 fields, the header has 15$/,
      imported: allBut(6),
    },
    {
      problem: 'a trailing tab',
      options: onLine('INFOTABLE', 12, (line) => `${line}\t`),
      file: 'INFOTABLE.tsv',
      line: 13,
      reason: /^16 fields, the header has 15$/,
      imported: allBut(12),
    },
    {
      problem: 'a line cut short, in a zip with CRLF line endings',
      options: {
        zip: true,
        crlf: true,
        ...onLine('INFOTABLE', 20, (line) => line.split('\t').slice(0, 6).join('\t')),
      },
      file: 'dataset.zip/INFOTABLE.tsv',
      line: 21,
      reason: /^6 fields, the header has 15$/,
      imported: allBut(20),
    },
    {
      problem: 'an impossible filing date, leaving that filing out',
      submissions: [filing('OTHER', { filingDate: '2024-02-31' }), ...good],
      rows: [...twentyRows, position('OTHER', CUSIPS[0], 5)],
      file: 'SUBMISSION.tsv',
      line: 2,
      reason: /^FILING_DATE "31-FEB-2024" is not a date like 14-FEB-2024; the filing is left out$/,
    },
    {
      problem: 'a CIK that is not a number',
      submissions: [...good, filing('OTHER', { cik: '12AB' })],
      file: 'SUBMISSION.tsv',
      line: 3,
      reason: /^CIK "12AB" is not up to 10 digits; the filing is left out$/,
    },
    {
      problem: 'a repeated accession, keeping the first',
      submissions: [...good, filing('GOOD', { cik: '42' })],
      file: 'SUBMISSION.tsv',
      line: 3,
      reason: /^accession "GOOD" is repeated; the line is left out$/,
    },
    {
      problem: 'an unknown amendment type',
      submissions: [
        ...good,
        filing('AMENDED', { submissionType: '13F-HR/A', amendmentType: 'RESTATEMENT' }),
      ],
      options: onLine('COVERPAGE', 2, (line) => line.replace('RESTATEMENT', 'CORRECTION')),
      file: 'COVERPAGE.tsv',
      line: 3,
      reason:
        /^AMENDMENTTYPE "CORRECTION" is neither RESTATEMENT nor NEW HOLDINGS; the filing is left out$/,
    },
  ])('imports the rest around $problem and reports file and line', async (bad) => {
    const connection = await emptyServiceDatabase();
    const summary = await writeAndImport(
      connection,
      bad.submissions ?? good,
      bad.rows ?? twentyRows,
      bad.options,
    );
    expect(summary.badLines).toEqual([
      {
        file: join(dir, bad.file),
        line: bad.line,
        reason: expect.stringMatching(bad.reason) as string,
      },
    ]);
    const imported = bad.imported ?? allBut();
    expect(summary.rows).toBe(imported.length);
    expect(await importedRows(connection)).toEqual(imported);
  });

  it('reports every bad line of every file, file by file in line order', async () => {
    const connection = await emptyServiceDatabase();
    const summary = await writeAndImport(
      connection,
      [...good, filing('OTHER', { cik: '' })],
      rowsWith(3, { value: 'n/a' }).map((row, i) => (i === 9 ? { ...row, cusip: 'X' } : row)),
      onLine('INFOTABLE', 8, (line) => `${line}\t`),
    );
    expect(summary.badLines.map(({ file, line }) => [file, line])).toEqual([
      [join(dir, 'SUBMISSION.tsv'), 3],
      [join(dir, 'INFOTABLE.tsv'), 5],
      [join(dir, 'INFOTABLE.tsv'), 9],
      [join(dir, 'INFOTABLE.tsv'), 11],
    ]);
    expect(summary).toMatchObject({ filings: 1, rows: 17 });
    expect(await importedRows(connection)).toEqual(allBut(4, 8, 10));
  });

  it('with strict, refuses the quarter, lists every bad line and keeps the earlier import', async () => {
    const connection = await emptyServiceDatabase();
    await writeAndImport(connection, good, twentyRows.slice(0, 4));
    const before = await rawTables(connection);
    const path = await writeSecDataSet(
      dir,
      [...good, filing('OTHER')],
      rowsWith(16, { shares: -5 }).map((row, i) => (i === 1 ? { ...row, value: '' } : row)),
    );
    const error = await importFailure(importDataSet(connection, path, { strict: true }));
    if (!(error instanceof BadLinesError)) throw new Error(`not a BadLinesError: ${error.name}`);
    expect(error.message).toBe(`${path}: 2 bad lines, nothing was imported (strict)`);
    expect(error.badLines.map(({ line }) => line)).toEqual([3, 18]);
    expect(before.infotable).toHaveLength(4);
    expect(await rawTables(connection)).toEqual(before);
  });

  it.each<{ problem: string; options: SecDataSetOptions; message: RegExp }>([
    {
      problem: 'a missing INFOTABLE column',
      options: { omit: { INFOTABLE: ['SSHPRNAMT'] } },
      message: /INFOTABLE\.tsv: missing column SSHPRNAMT$/,
    },
    {
      problem: 'a missing SUBMISSION column, in a zip',
      options: { zip: true, omit: { SUBMISSION: ['PERIODOFREPORT'] } },
      message: /SUBMISSION\.tsv: missing column PERIODOFREPORT$/,
    },
  ])('still refuses a file with $problem and imports nothing', async ({ options, message }) => {
    const connection = await emptyServiceDatabase();
    const error = await importFailure(writeAndImport(connection, good, twentyRows, options));
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`${dir}/`)).toBe(true);
    expect(error.row).toBeNull();
    expect(await rawTables(connection)).toEqual({ filings: [], infotable: [] });
  });
});

describe('importDataSet reads SEC files as SEC writes them', () => {
  it('undoes SEC quoting: a field holding " is wrapped in quotes, its quotes doubled', async () => {
    const connection = await emptyServiceDatabase();
    const names = ['"ALPHA" BETA CORP', 'PIPE 12" CO', 'DELTA 5"', '"', 'PLAIN CORP'];
    const path = await writeSecDataSet(
      dir,
      [filing('Q', { filerName: 'GAMMA "QUANT" PARTNERS LP' })],
      names.map((name, i) => ({
        ...position('Q', CUSIPS[i] ?? '', 100),
        nameOfIssuer: name,
        titleOfClass: i === 0 ? 'CL "A"' : 'COM',
      })),
    );
    const written = await readFile(join(path, 'INFOTABLE.tsv'), 'utf8');
    expect(written).toContain('\t"""ALPHA"" BETA CORP"\t"CL ""A"""\t');
    expect(await readFile(join(path, 'COVERPAGE.tsv'), 'utf8')).toContain(
      '\t"GAMMA ""QUANT"" PARTNERS LP"\t',
    );

    expect((await importDataSet(connection, path)).badLines).toEqual([]);
    const { filings, infotable } = await rawTables(connection);
    expect(filings.map((row) => row.filer_name)).toEqual(['GAMMA "QUANT" PARTNERS LP']);
    expect(infotable.map((row) => [row.nameofissuer, row.titleofclass])).toEqual([
      ...names.map((name, i) => [name, i === 0 ? 'CL "A"' : 'COM']),
    ]);
  });

  it('keeps a quote that does not wrap the whole field, as filed', async () => {
    const connection = await emptyServiceDatabase();
    const raw = ['"OPEN ONLY CORP', 'CLOSE ONLY CORP"', 'MID "Q" CORP'];
    const rows = raw.map((name, i) => ({ ...position('Q', CUSIPS[i] ?? '', 100), name }));
    await writeAndImport(
      connection,
      [filing('Q')],
      rows.map((row) => ({ ...row, nameOfIssuer: 'PLACEHOLDER' })),
      {
        editLines: {
          INFOTABLE: (line, row) => line.replace('PLACEHOLDER', rows[row - 1]?.name ?? ''),
        },
      },
    );
    const { infotable } = await rawTables(connection);
    expect(infotable.map((row) => row.nameofissuer)).toEqual(raw);
  });

  it('reads CRLF line endings in a zip as it reads LF in a folder', async () => {
    const submissions = [filing('A', { filerName: 'GAMMA "QUANT" PARTNERS LP' }), filing('B')];
    const infotable = CUSIPS.map((cusip, i) => ({
      ...position(i % 2 === 0 ? 'A' : 'B', cusip, 100 * (i + 1)),
      nameOfIssuer: `ISSUER "${String(i)}"`,
      putCall: i === 4 ? 'Put' : null,
    }));
    const lf = await emptyServiceDatabase();
    const lfSummary = await writeAndImport(lf, submissions, infotable);
    const crlf = await emptyServiceDatabase();
    const crlfOptions = { zip: true, crlf: true, reverseColumns: true };
    const path = await writeSecDataSet(dir, submissions, infotable, crlfOptions);
    expect((await readFile(path)).includes('\r\n')).toBe(true);
    expect(await importDataSet(crlf, path)).toEqual({ ...lfSummary, dataSets: [path] });

    const withoutSource = async (connection: DuckDBConnection) => {
      const tables = await rawTables(connection);
      return { ...tables, filings: tables.filings.map((row) => ({ ...row, source: null })) };
    };
    const expected = await withoutSource(lf);
    expect(expected.infotable).toHaveLength(5);
    expect(expected.infotable.find((row) => row.cusip === CUSIPS[4])).toMatchObject({
      put_call: 'PUT',
    });
    expect(await withoutSource(crlf)).toEqual(expected);
  });

  it('files 13F-NT and 13F-NT/A notices (no INFOTABLE rows) without a period of holdings', async () => {
    const connection = await emptyServiceDatabase();
    const summary = await writeAndImport(
      connection,
      [
        filing('HR-Q1'),
        filing('NT-Q2', {
          submissionType: '13F-NT',
          periodOfReport: '2024-06-30',
          filingDate: '2024-08-14',
        }),
        filing('NT-Q2-A', {
          submissionType: '13F-NT/A',
          periodOfReport: '2024-06-30',
          filingDate: '2024-08-20',
        }),
        filing('NT-ONLY', { cik: '42', filerName: 'NOTICE ONLY LLC', submissionType: '13F-NT' }),
      ],
      [position('HR-Q1', CUSIPS[0], 600), position('HR-Q1', CUSIPS[1], 400)],
    );
    // The notices' period (2024-06-30) has no filing of holdings: it is not touched.
    expect(summary).toMatchObject({ filings: 1, rows: 2, periods: ['2024-03-31'], badLines: [] });
    await deriveHoldings(connection);
    expect(
      await rows(
        connection,
        `SELECT DISTINCT companyname, CAST(periodofreport AS VARCHAR) AS period FROM "13f_holdings"`,
      ),
    ).toEqual([{ companyname: 'BERKSHIRE HATHAWAY INC', period: '2024-03-31' }]);
  });
});

describe('importDataSet with amendments filed in a later quarter', () => {
  // SEC's data sets go by filing date: an amendment filed in August is in the next quarter's set.
  const original = filing('0000950123-24-005678');
  const originalRows = [
    position(original.accession, CUSIPS[0], 600),
    position(original.accession, CUSIPS[1], 400),
  ];
  const amendment = (accession: string, amendmentType: 'RESTATEMENT' | 'NEW HOLDINGS') =>
    filing(accession, { submissionType: '13F-HR/A', amendmentType, filingDate: '2024-08-14' });

  async function importQuarters(
    connection: DuckDBConnection,
    later: readonly SecSubmission[],
    laterRows: readonly SecInfoTableRow[],
    order: 'in order' | 'later quarter first',
  ) {
    const q2 = join(dir, 'q2');
    const q3 = join(dir, 'q3');
    await Promise.all([mkdir(q2), mkdir(q3)]);
    const sets = [
      await writeSecDataSet(q2, [original], originalRows),
      await writeSecDataSet(q3, later, laterRows, { zip: true }),
    ];
    if (order === 'later quarter first') sets.reverse();
    for (const set of sets) expect((await importDataSet(connection, set)).badLines).toEqual([]);
  }

  it.each(['in order', 'later quarter first'] as const)(
    'a RESTATEMENT replaces the original, imported %s',
    async (order) => {
      const connection = await emptyServiceDatabase();
      const restated = amendment('0000950123-24-009999', 'RESTATEMENT');
      await importQuarters(
        connection,
        [restated],
        [
          position(restated.accession, CUSIPS[0], 300),
          position(restated.accession, CUSIPS[2], 100),
        ],
        order,
      );
      expect(await rawTables(connection)).toMatchObject({
        filings: [
          { accession: original.accession, amendment_type: null },
          { accession: restated.accession, amendment_type: 'RESTATEMENT' },
        ],
      });
      expect(await holdings(connection)).toEqual([
        { cusip: CUSIPS[0], value: 300, shares: 30, weight: 75 },
        { cusip: CUSIPS[2], value: 100, shares: 10, weight: 25 },
      ]);
    },
  );

  it.each(['in order', 'later quarter first'] as const)(
    'a NEW HOLDINGS amendment adds to the original, imported %s',
    async (order) => {
      const connection = await emptyServiceDatabase();
      const added = amendment('0000950123-24-009999', 'NEW HOLDINGS');
      await importQuarters(
        connection,
        [added],
        [position(added.accession, CUSIPS[2], 1000)],
        order,
      );
      expect(await holdings(connection)).toEqual([
        { cusip: CUSIPS[2], value: 1000, shares: 100, weight: 50 },
        { cusip: CUSIPS[0], value: 600, shares: 60, weight: 30 },
        { cusip: CUSIPS[1], value: 400, shares: 40, weight: 20 },
      ]);
    },
  );
});
