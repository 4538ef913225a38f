import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coveredByName, findDataSets, inFilingOrder } from './dataset-paths.ts';
import { ImportError } from './filing.ts';

describe('coveredByName', () => {
  it.each([
    ['2022q1_form13f.zip', '2022-01-01', '2022-03-31'],
    ['2023q4_form13f.zip', '2023-10-01', '2023-12-31'],
    ['2023q2_form13f', '2023-04-01', '2023-06-30'],
    ['01jan2024-29feb2024_form13f.zip', '2024-01-01', '2024-02-29'],
    ['01MAR2024-31MAY2024_FORM13F.ZIP', '2024-03-01', '2024-05-31'],
    ['01dec2024-28feb2025_form13f.zip', '2024-12-01', '2025-02-28'],
  ])('reads the filing dates SEC names %s for', (name, from, to) => {
    expect(coveredByName(name)).toEqual({ from, to });
  });

  it.each([
    'holdings.zip',
    '2024q5_form13f.zip',
    '2024q1.zip',
    '31feb2024-31may2024_form13f.zip',
    '01jun2024-01mar2024_form13f.zip',
    'x2024q1_form13f.zip',
  ])('reads no dates from %s', (name) => {
    expect(coveredByName(name)).toBeUndefined();
  });
});

describe('inFilingOrder', () => {
  it('orders quarter and window data sets by the filing dates they cover, others after by name', () => {
    const ordered = [
      '/sec/2022q1_form13f.zip',
      '/elsewhere/2023q4_form13f.zip',
      '/sec/01jan2024-29feb2024_form13f.zip',
      '/sec/01mar2024-31may2024_form13f',
      '/sec/01jun2024-31aug2024_form13f.zip',
      '/a/01dec2024-28feb2025_form13f.zip',
      '/sec/2024q5_form13f.zip',
      '/a/holdings.zip',
    ];
    const shuffled = [5, 7, 2, 0, 6, 4, 1, 3].map((i) => ordered[i] ?? '');
    expect(inFilingOrder(shuffled)).toEqual(ordered);
    expect(inFilingOrder([...ordered].reverse())).toEqual(ordered);
  });
});

describe('findDataSets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sec-paths-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function folder(name: string, files: readonly string[]): Promise<string> {
    const path = join(dir, name);
    await mkdir(path);
    for (const file of files) await writeFile(join(path, file), '');
    return path;
  }

  async function failure(paths: readonly string[]): Promise<string> {
    const error: unknown = await findDataSets(paths).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof ImportError))
      throw new Error(`expected an ImportError, got ${String(error)}`);
    return error.message;
  }

  it('takes every zip of a folder of zips, a folder of TSVs as one data set, and a zip', async () => {
    const zips = await folder('zips', [
      '01jun2024-31aug2024_form13f.zip',
      '2023q4_form13f.ZIP',
      'README.txt',
      '01jan2024-29feb2024_form13f.zip',
    ]);
    await mkdir(join(zips, 'old.zip'));
    const tsvs = await folder('01mar2024-31may2024_form13f', ['SUBMISSION.tsv', 'INFOTABLE.tsv']);
    const single = join(await folder('more', ['2022q4_form13f.zip']), '2022q4_form13f.zip');

    expect(await findDataSets([zips, single, tsvs])).toEqual([
      single,
      join(zips, '2023q4_form13f.ZIP'),
      join(zips, '01jan2024-29feb2024_form13f.zip'),
      tsvs,
      join(zips, '01jun2024-31aug2024_form13f.zip'),
    ]);
  });

  it('takes a data set named twice once', async () => {
    const zips = await folder('zips', ['2024q1_form13f.zip']);
    const zip = join(zips, '2024q1_form13f.zip');
    expect(await findDataSets([zips, zip, `${zips}/`])).toEqual([zip]);
  });

  it('refuses a folder holding both data-set files and zips, which would be ambiguous', async () => {
    const mixed = await folder('mixed', ['SUBMISSION.tsv', '2024q1_form13f.zip']);
    expect(await failure([mixed])).toBe(
      `${mixed}: holds both a data set's files (SUBMISSION.tsv…) and .zip files; give each its own folder`,
    );
  });

  it('refuses a folder holding no data set, and a path that does not exist', async () => {
    const empty = await folder('empty', ['notes.txt']);
    expect(await failure([empty])).toBe(
      `${empty}: holds no data set: neither SUBMISSION.tsv, COVERPAGE.tsv, INFOTABLE.tsv nor a .zip`,
    );
    expect(await failure([join(dir, 'missing.zip')])).toMatch(
      new RegExp(`^${join(dir, 'missing.zip')}: ENOENT`),
    );
  });
});
