import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFilingOrder } from '../server/embedded/thirteen-f/dataset-paths.ts';
import { importDataSets } from '../server/embedded/thirteen-f/datasets.ts';
import { emptyServiceDatabase, queryRows } from '../testing/thirteen-f.ts';
import { dataSetFiles, fileOf, periodOf } from './13f-scale-layout.ts';
import { writeDataSets } from './13f-scale-sets.ts';
import type { WrittenSet } from './13f-scale-sets.ts';

describe('the data-set files', () => {
  const files = dataSetFiles(13);

  it('are SEC names, in the order the importer sorts them, each window after the last', () => {
    expect(files.map((file) => file.name)).toEqual([
      '2022q2_form13f.zip',
      '2022q3_form13f.zip',
      '2022q4_form13f.zip',
      '2023q1_form13f.zip',
      '2023q2_form13f.zip',
      '2023q3_form13f.zip',
      '2023q4_form13f.zip',
      '01jan2024-29feb2024_form13f.zip',
      '01mar2024-31may2024_form13f.zip',
      '01jun2024-31aug2024_form13f.zip',
      '01sep2024-30nov2024_form13f.zip',
      '01dec2024-28feb2025_form13f.zip',
      '01mar2025-31may2025_form13f.zip',
    ]);
    const names = files.map((file) => file.name);
    expect(inFilingOrder([...names].reverse())).toEqual(names);
    for (const [i, file] of files.entries())
      if (i > 0) expect(file.from).toBe(isoAfter(files[i - 1]?.to ?? ''));
  });

  it('hold each period by its deadline, 45 days after its end', () => {
    expect(periodOf(0)).toBe('2022-03-31');
    expect(periodOf(11)).toBe('2024-12-31');
    expect(periodOf(12)).toBe('2025-03-31');
    for (let k = 0; k < 13; k += 1) expect(fileOf(files, deadline(k))).toBe(k);
  });
});

const isoAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const deadline = (k: number) =>
  new Date(Date.parse(`${periodOf(k)}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);

describe('a tiny generated set', () => {
  let dir: string;
  let set: WrittenSet;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), '13f-scale-layout-'));
    set = await writeDataSets(dir, { quarters: 3, rows: 6000, filers: 120, issuers: 800, seed: 3 });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the history and the file after it apart, in SEC format', async () => {
    expect((await readdir(set.history)).sort()).toEqual(set.files.slice(0, 3).sort());
    expect(basename(set.next)).toBe('2023q1_form13f.zip');
    const entries = unzipSync(await readFile(set.next));
    expect(Object.keys(entries).sort()).toEqual([
      'COVERPAGE.tsv',
      'INFOTABLE.tsv',
      'SUBMISSION.tsv',
    ]);
    const [header, first] = strFromU8(entries['SUBMISSION.tsv'] ?? new Uint8Array()).split('\n');
    expect(header).toBe('ACCESSION_NUMBER\tFILING_DATE\tSUBMISSIONTYPE\tCIK\tPERIODOFREPORT');
    expect(first).toMatch(
      /^\d{10}-\d\d-\d{6}\t\d\d-[A-Z]{3}-20\d\d\t13F-HR(\/A)?\t\d+\t\d\d-[A-Z]{3}-20\d\d$/,
    );
    const info = strFromU8(entries['INFOTABLE.tsv'] ?? new Uint8Array()).split('\n');
    expect(info[0]?.split('\t')).toContain('VOTING_AUTH_NONE');
  });

  it('imports with no bad line; periods span files, amendments come in later files', async () => {
    const connection = await emptyServiceDatabase();
    const summary = await importDataSets(connection, [set.history, set.next]);
    expect(summary.badLines).toEqual([]);
    expect(summary.periods).toEqual(set.periods);
    expect(summary.rows).toBe(set.rows.reduce((sum, rows) => sum + rows, 0));
    const filings = await queryRows(
      connection,
      `SELECT strftime(period_of_report, '%Y-%m-%d') AS period, amendment_type AS kind,
              regexp_extract(source, '([^/]+\\.zip)', 1) AS file, count(*)::INTEGER AS n
       FROM thirteenf_filing GROUP BY ALL ORDER BY ALL`,
    );
    const fileIndex = (row: Record<string, unknown>) => set.files.indexOf(String(row.file));
    const periodIndex = (row: Record<string, unknown>) => set.periods.indexOf(String(row.period));
    const originals = filings.filter((row) => row.kind === null);
    // Every period mostly in its own file; the late ones of the first in the file after it.
    for (const row of originals) expect(fileIndex(row) - periodIndex(row)).toBeOneOf([0, 1]);
    const late = originals.filter((row) => fileIndex(row) === periodIndex(row) + 1);
    expect(late.length).toBeGreaterThan(0);
    const amendments = filings.filter((row) => row.kind !== null);
    expect(amendments.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['RESTATEMENT', 'NEW HOLDINGS']),
    );
    for (const row of amendments) expect(fileIndex(row)).toBeGreaterThan(periodIndex(row));
    // The file after the history amends a period at least three files older.
    expect(amendments.some((row) => fileIndex(row) === 3 && periodIndex(row) === 0)).toBe(true);
    // Some filers never filed a quarter: fewer originals than filers in some period.
    const perPeriod = (p: string) =>
      originals.filter((row) => row.period === p).reduce((sum, row) => sum + Number(row.n), 0);
    expect(Math.min(...set.periods.slice(0, 3).map(perPeriod))).toBeLessThan(120);
  });
});
