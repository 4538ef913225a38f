import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import type {
  SecDataSetOptions,
  SecInfoTableRow,
  SecSubmission,
} from '../../../testing/sec-datasets.ts';
import {
  emptyServiceDatabase,
  importFailure,
  queryRows,
  rawFilingTables,
} from '../../../testing/thirteen-f.ts';
import { cutShort, garbage } from '../../../testing/zip-file.ts';
import { BadLinesError, importDataSets } from './datasets.ts';
import { deriveHoldings } from './derive.ts';

/**
 * SEC's data sets as published: by quarter up to 2023, by three-month filing-date windows since,
 * so a period's filings span two files and an amendment may come in a later file than its
 * original. Several data sets are one import run.
 */

const Q4_2023 = '2023q4_form13f.zip';
const MAR_MAY = '01mar2024-31may2024_form13f.zip';
const JUN_AUG = '01jun2024-31aug2024_form13f.zip';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sec-published-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a data set as a deflated zip named `name` in `folder` (made if need be). */
async function zip(
  folder: string,
  name: string,
  submissions: readonly SecSubmission[],
  rows: readonly SecInfoTableRow[],
  options: SecDataSetOptions = {},
): Promise<string> {
  const path = join(dir, folder);
  await mkdir(path, { recursive: true });
  const zipEntries = { deflate: true, ...options.zipEntries };
  return writeSecDataSet(path, submissions, rows, {
    ...options,
    zip: true,
    zipName: name,
    zipEntries,
  });
}

/** Every derived row, every field, in the table's order. */
async function derived(connection: DuckDBConnection): Promise<Record<string, unknown>[]> {
  await deriveHoldings(connection);
  return queryRows(connection, 'SELECT * FROM "13f_holdings" ORDER BY _row');
}

const gamma = (accession: string, overrides: Partial<SecSubmission> = {}) =>
  filing(accession, { cik: '42', filerName: 'GAMMA PARTNERS LP', ...overrides });

describe('importDataSets', () => {
  it('imports a folder of data-set zips and another zip in one run, in filing-date order', async () => {
    const mayToAug = [filing('Q2'), gamma('G1', { filingDate: '2024-05-10' })];
    const marToMay = await zip('sec', MAR_MAY, mayToAug, [
      position('Q2', CUSIPS[0], 600),
      position('G1', CUSIPS[1], 50),
    ]);
    const q3 = filing('Q3', { filingDate: '2024-08-14', periodOfReport: '2024-06-30' });
    const junToAug = await zip('sec', JUN_AUG, [q3], [position('Q3', CUSIPS[0], 700)]);
    const q4 = filing('Q4', { filingDate: '2023-11-14', periodOfReport: '2023-09-30' });
    const quarter = await zip('old', Q4_2023, [q4], [position('Q4', CUSIPS[2], 10)]);

    const connection = await emptyServiceDatabase();
    const summary = await importDataSets(connection, [join(dir, 'sec'), quarter]);
    expect(summary).toEqual({
      filings: 4,
      rows: 4,
      periods: ['2023-09-30', '2024-03-31', '2024-06-30'],
      badLines: [],
      dataSets: [quarter, marToMay, junToAug],
      repeated: 0,
    });
    const { filings } = await rawFilingTables(connection);
    expect(filings.map((row) => [row.accession, row.source])).toEqual([
      ['G1', `${marToMay}/INFOTABLE.tsv`],
      ['Q2', `${marToMay}/INFOTABLE.tsv`],
      ['Q3', `${junToAug}/INFOTABLE.tsv`],
      ['Q4', `${quarter}/INFOTABLE.tsv`],
    ]);
  });

  it('imports a filing found in two data sets once, from the later data set', async () => {
    const twice = filing('TWICE');
    const earlier = await zip(
      'sec',
      MAR_MAY,
      [twice, gamma('G1')],
      [
        position('TWICE', CUSIPS[0], 600),
        position('TWICE', CUSIPS[1], 400),
        position('G1', CUSIPS[2], 50),
      ],
    );
    const later = await zip('sec', JUN_AUG, [twice], [position('TWICE', CUSIPS[3], 300)]);

    const connection = await emptyServiceDatabase();
    // Given later first: the order comes from the names, not the command line.
    const summary = await importDataSets(connection, [later, earlier]);
    expect(summary).toMatchObject({ filings: 2, rows: 2, repeated: 1, dataSets: [earlier, later] });
    const { filings, infotable } = await rawFilingTables(connection);
    expect(filings.map((row) => [row.accession, row.source])).toEqual([
      ['G1', `${earlier}/INFOTABLE.tsv`],
      ['TWICE', `${later}/INFOTABLE.tsv`],
    ]);
    expect(infotable.map((row) => [row.accession, row.cusip])).toEqual([
      ['G1', CUSIPS[2]],
      ['TWICE', CUSIPS[3]],
    ]);
  });

  it.each<{ problem: string; later: SecDataSetOptions; strict?: boolean; message: RegExp }>([
    {
      problem: 'a later data set lacking INFOTABLE.tsv',
      later: { without: ['INFOTABLE'] },
      message: new RegExp(`${JUN_AUG}: no INFOTABLE\\.tsv in the data set$`),
    },
    {
      problem: 'a bad line in the later data set, with strict',
      later: { editLines: { INFOTABLE: (line) => line.replace('\t30\tSH', '\t-30\tSH') } },
      strict: true,
      message: new RegExp(
        `${MAR_MAY}, .*${JUN_AUG}: 1 bad line, nothing was imported \\(strict\\)$`,
      ),
    },
    {
      problem: 'a later data set whose INFOTABLE fails to inflate part-way',
      later: { zipEntries: { damage: { entry: 'INFOTABLE.tsv', how: 'inflating fails' } } },
      message: new RegExp(
        `${JUN_AUG}: the zip is damaged: reading INFOTABLE\\.tsv failed \\(.+\\)$`,
      ),
    },
  ])('is one transaction: $problem imports nothing of any', async (bad) => {
    const connection = await emptyServiceDatabase();
    await importDataSets(connection, [
      await zip(
        'before',
        '2024q1_form13f.zip',
        [gamma('KEPT', { periodOfReport: '2023-12-31' })],
        [position('KEPT', CUSIPS[4], 5)],
      ),
    ]);
    const before = await rawFilingTables(connection);
    await zip('sec', MAR_MAY, [filing('Q2')], [position('Q2', CUSIPS[0], 600)]);
    const q3 = filing('Q3', { filingDate: '2024-08-14', periodOfReport: '2024-06-30' });
    await zip('sec', JUN_AUG, [q3], [position('Q3', CUSIPS[0], 300)], bad.later);

    const error = await importFailure(
      importDataSets(connection, [join(dir, 'sec')], { strict: bad.strict === true }),
    );
    expect(error.message).toMatch(bad.message);
    expect(error instanceof BadLinesError).toBe(bad.strict === true);
    expect(before.filings.map((row) => row.accession)).toEqual(['KEPT']);
    expect(await rawFilingTables(connection)).toEqual(before);
  });
});

describe('importDataSets refuses a damaged zip, naming it, and imports nothing', () => {
  /** Enough rows that the damage comes well after the first chunks are read. */
  const manyRows = Array.from({ length: 2000 }, (_, i) =>
    position('Q2', CUSIPS[i % CUSIPS.length] ?? '', 1000 + 7 * i),
  );

  it.each<{
    problem: string;
    options?: SecDataSetOptions;
    rewrite?: (bytes: Buffer) => Buffer;
    message: string;
  }>([
    {
      problem: 'cut short',
      rewrite: cutShort,
      message: ': not a zip, or a damaged or cut-short one: ',
    },
    {
      problem: 'of garbage bytes',
      rewrite: garbage,
      message: ': not a zip, or a damaged or cut-short one: ',
    },
    {
      problem: 'whose INFOTABLE fails to inflate part-way',
      options: { zipEntries: { damage: { entry: 'INFOTABLE.tsv', how: 'inflating fails' } } },
      message: ': the zip is damaged: reading INFOTABLE.tsv failed (invalid block type)',
    },
    {
      problem: 'whose INFOTABLE inflates to bytes other than were zipped',
      options: {
        zipEntries: { deflate: true, damage: { entry: 'INFOTABLE.tsv', how: 'crc differs' } },
      },
      message: ': the zip is damaged: reading INFOTABLE.tsv failed (its CRC-32 is ',
    },
    {
      problem: 'lacking INFOTABLE.tsv',
      options: { without: ['INFOTABLE'] },
      message: ': no INFOTABLE.tsv in the data set',
    },
  ])('a zip $problem', async ({ options, rewrite, message }) => {
    const connection = await emptyServiceDatabase();
    const path = await zip('sec', MAR_MAY, [filing('Q2')], manyRows, options);
    if (rewrite !== undefined) await writeFile(path, rewrite(await readFile(path)));

    const error = await importFailure(importDataSets(connection, [path]));
    expect(error.message.startsWith(`${path}${message}`)).toBe(true);
    expect(error.message).not.toMatch(/\n/);
    expect(await rawFilingTables(connection)).toEqual({ filings: [], infotable: [] });
  });
});

describe.each([
  {
    type: 'RESTATEMENT' as const,
    rows: [position('AMENDED', CUSIPS[0], 300), position('AMENDED', CUSIPS[2], 100)],
    served: [
      { cusip: CUSIPS[0], value: 300, weight: 75 },
      { cusip: CUSIPS[2], value: 100, weight: 25 },
    ],
  },
  {
    type: 'NEW HOLDINGS' as const,
    rows: [position('AMENDED', CUSIPS[2], 1000)],
    served: [
      { cusip: CUSIPS[2], value: 1000, weight: 50 },
      { cusip: CUSIPS[0], value: 600, weight: 30 },
      { cusip: CUSIPS[1], value: 400, weight: 20 },
    ],
  },
])('a $type amendment in a later data set than its original', ({ type, rows, served }) => {
  // Q1 2024's original is filed in May, its amendment in June: the next window's file.
  const original = filing('ORIGINAL');
  const originalRows = [position('ORIGINAL', CUSIPS[0], 600), position('ORIGINAL', CUSIPS[1], 400)];
  const amended = filing('AMENDED', {
    submissionType: '13F-HR/A',
    amendmentType: type,
    filingDate: '2024-06-03',
  });

  /** The rows derived when the original and the amendment come in one data set. */
  async function fromOneFile(): Promise<Record<string, unknown>[]> {
    const connection = await emptyServiceDatabase();
    await importDataSets(connection, [
      await zip('one', 'both.zip', [original, amended], [...originalRows, ...rows]),
    ]);
    return derived(connection);
  }

  it('derives what one data set holding both derives, as filed', async () => {
    const connection = await emptyServiceDatabase();
    const earlier = await zip('sec', MAR_MAY, [original], originalRows);
    const later = await zip('sec', JUN_AUG, [amended], rows);
    const summary = await importDataSets(connection, [join(dir, 'sec')]);
    expect(summary).toMatchObject({ periods: ['2024-03-31'], dataSets: [earlier, later] });

    const expected = await fromOneFile();
    expect(
      expected.map(({ cusip, value, portfolio_pct_weight: weight }) => ({ cusip, value, weight })),
    ).toEqual(served);
    expect(await derived(connection)).toEqual(expected);
  });

  it('derives the same given in the reverse order, in one run or two', async () => {
    const earlier = await zip('sec', MAR_MAY, [original], originalRows);
    const later = await zip('sec', JUN_AUG, [amended], rows);
    const expected = await fromOneFile();

    const reversed = await emptyServiceDatabase();
    await importDataSets(reversed, [later, earlier]);
    expect(await derived(reversed)).toEqual(expected);

    // Two runs, the later file first: the import order really differs.
    const twoRuns = await emptyServiceDatabase();
    await importDataSets(twoRuns, [later]);
    await importDataSets(twoRuns, [earlier]);
    expect(await derived(twoRuns)).toEqual(expected);

    // Names that are not SEC's go by name: here the amendment's file comes first in one run.
    const unnamed = await emptyServiceDatabase();
    const first = await zip('other', 'a-amendment.zip', [amended], rows);
    const second = await zip('other', 'b-original.zip', [original], originalRows);
    expect((await importDataSets(unnamed, [join(dir, 'other')])).dataSets).toEqual([first, second]);
    expect(await derived(unnamed)).toEqual(expected);
  });
});
