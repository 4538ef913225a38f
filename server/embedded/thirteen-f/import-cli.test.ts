import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEC_CUSIPS as CUSIPS,
  secFiling as filing,
  secPosition as position,
  writeSecDataSet,
} from '../../../testing/sec-datasets.ts';
import type { SecDataSetOptions } from '../../../testing/sec-datasets.ts';
import { fixtureFolder, importCli, removeFixtureFolders } from '../../../testing/thirteen-f.ts';
import { cutShort, garbage } from '../../../testing/zip-file.ts';
import { STORE_ALIAS, STORE_HOLDINGS, derivationStamp } from './store.ts';
import { attachFilingStore } from './store-serving.ts';

/** `npm run import-13f -- --dataset …` as an operator runs it: a child process on a store file. */

afterAll(removeFixtureFolders);

/** What a starting server finds in the store: whether it serves it as derived, and its rows. */
async function served(store: string) {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const { state } = await attachFilingStore(connection, store, await derivationStamp());
    const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
    return {
      state,
      stamp: await read(`SELECT stamp FROM ${STORE_ALIAS}.thirteenf_derivation`),
      filings: await read(`SELECT * FROM ${STORE_ALIAS}.thirteenf_filing ORDER BY accession`),
      holdings: await read(`SELECT * FROM ${STORE_ALIAS}.${STORE_HOLDINGS} ORDER BY ALL`),
    };
  } finally {
    connection.closeSync();
  }
}

describe('npm run import-13f -- --dataset <path> --dataset <path>', () => {
  it('imports the data sets in filing-date order, each filing once, and says what it touched', async () => {
    const folder = fixtureFolder();
    const sec = join(folder, 'sec');
    await mkdir(sec);
    const gamma = filing('GAMMA', { cik: '42', filerName: 'GAMMA PARTNERS LP' });
    const original = filing('ORIGINAL');
    const marToMay = await writeSecDataSet(
      sec,
      [original, gamma],
      [
        position('ORIGINAL', CUSIPS[0], 600),
        position('ORIGINAL', CUSIPS[1], 400),
        position('GAMMA', CUSIPS[2], 50),
      ],
      { zip: true, zipName: '01mar2024-31may2024_form13f.zip' },
    );
    const restated = filing('RESTATED', {
      submissionType: '13F-HR/A',
      amendmentType: 'RESTATEMENT',
      filingDate: '2024-06-03',
    });
    const q2 = filing('Q2', { filingDate: '2024-08-14', periodOfReport: '2024-06-30' });
    const junToAug = await writeSecDataSet(
      sec,
      [restated, q2, gamma],
      [
        position('RESTATED', CUSIPS[0], 300),
        position('Q2', CUSIPS[0], 900),
        position('GAMMA', CUSIPS[2], 50),
      ],
      { zip: true, zipName: '01jun2024-31aug2024_form13f.zip' },
    );
    const q4 = filing('Q4', { filingDate: '2023-11-14', periodOfReport: '2023-09-30' });
    const quarter = await writeSecDataSet(fixtureFolder(), [q4], [position('Q4', CUSIPS[3], 70)], {
      zip: true,
      zipName: '2023q4_form13f.zip',
    });
    const store = join(folder, 'filings.duckdb');

    const result = await importCli('--dataset', sec, '--dataset', quarter, '--store', store);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const imported = lines.findIndex((line) => line.startsWith('Imported '));
    expect(lines.slice(imported - 4, imported)).toEqual([
      'Data sets, imported in filing-date order:',
      `  ${quarter}`,
      `  ${marToMay}`,
      `  ${junToAug}`,
    ]);
    expect(lines[imported]).toMatch(/^Imported 5 filings, 6 rows in [\d.]+ s into /);
    expect(lines.slice(imported + 1, imported + 3)).toEqual([
      '1 filing was in more than one data set: each was imported once, from the latest.',
      'Periods touched: 2023-09-30, 2024-03-31, 2024-06-30.',
    ]);

    const { state, holdings } = await served(store);
    expect(state).toBe('derived');
    const q1 = holdings
      .filter(({ periodofreport }) => periodofreport === '2024-03-31')
      .map(({ accession, cusip, value }) => [accession, cusip, value])
      .sort();
    expect(q1).toEqual([
      ['GAMMA', CUSIPS[2], 50],
      ['RESTATED', CUSIPS[0], 300],
    ]);
  });
});

describe('npm run import-13f -- --dataset with a damaged zip', () => {
  let folder: string;
  let store: string;
  let before: Awaited<ReturnType<typeof served>>;
  const manyRows = Array.from({ length: 2000 }, (_, i) =>
    position('BAD', CUSIPS[i % CUSIPS.length] ?? '', 1000 + 7 * i),
  );

  beforeAll(async () => {
    folder = fixtureFolder();
    store = join(folder, 'filings.duckdb');
    const good = await writeSecDataSet(
      folder,
      [filing('GOOD')],
      [position('GOOD', CUSIPS[0], 600), position('GOOD', CUSIPS[1], 400)],
      { zip: true, zipName: '2023q4_form13f.zip' },
    );
    const imported = await importCli('--dataset', good, '--store', store);
    expect(imported.code).toBe(0);
    before = await served(store);
    expect(before.state).toBe('derived');
    expect(before.holdings).toHaveLength(2);
  });

  it.each<{
    problem: string;
    options?: SecDataSetOptions;
    rewrite?: (bytes: Buffer) => Buffer;
    says: string;
  }>([
    { problem: 'cut short', rewrite: cutShort, says: 'not a zip, or a damaged or cut-short one: ' },
    { problem: 'of garbage bytes', rewrite: garbage, says: 'not a zip, or a damaged' },
    {
      problem: 'whose INFOTABLE fails to inflate part-way',
      options: { zipEntries: { damage: { entry: 'INFOTABLE.tsv', how: 'inflating fails' } } },
      says: 'the zip is damaged: reading INFOTABLE.tsv failed (',
    },
    {
      problem: 'lacking INFOTABLE.tsv',
      options: { without: ['INFOTABLE'] },
      says: 'no INFOTABLE.tsv in the data set',
    },
  ])(
    'a zip $problem: one line on stderr naming it, exit 1, the store as it was',
    async ({ options, rewrite, says }) => {
      const path = await writeSecDataSet(fixtureFolder(), [filing('BAD')], manyRows, {
        ...options,
        zip: true,
        zipName: '01jan2024-29feb2024_form13f.zip',
      });
      if (rewrite !== undefined) await writeFile(path, rewrite(await readFile(path)));

      const result = await importCli('--dataset', path, '--store', store);
      expect(result.code).toBe(1);
      const lines = result.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]?.startsWith(`Import failed, nothing was imported: ${path}: ${says}`)).toBe(
        true,
      );
      expect(await served(store)).toEqual(before);
    },
  );
});
