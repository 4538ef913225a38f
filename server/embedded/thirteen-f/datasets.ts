import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { DuckDBConnection } from '@duckdb/node-api';
import yauzl from 'yauzl';
import { ImportError, runImport, valueUnitFor } from './filing.ts';
import type { FilingMeta, FilingWriter, ImportProgress, InfoTableRow } from './filing.ts';
import type { ImportSummary } from './import.ts';
import { normalizeCik, parseFiledAt } from './manifest.ts';

/**
 * SEC's quarterly "Form 13F data sets": three tab-separated files with a header row, no quoting,
 * dates as `14-FEB-2024`. Columns are found by name, so their order may change between releases.
 */
const SUBMISSION = 'SUBMISSION.tsv';
const COVERPAGE = 'COVERPAGE.tsv';
const INFOTABLE = 'INFOTABLE.tsv';

const SUBMISSION_COLUMNS = columns(
  'ACCESSION_NUMBER',
  'FILING_DATE',
  'SUBMISSIONTYPE',
  'CIK',
  'PERIODOFREPORT',
);
const COVERPAGE_COLUMNS = columns('ACCESSION_NUMBER', 'AMENDMENTTYPE', 'FILINGMANAGER_NAME');
const INFOTABLE_COLUMNS = columns(
  'ACCESSION_NUMBER',
  'NAMEOFISSUER',
  'CUSIP',
  'VALUE',
  'SSHPRNAMT',
);
const INFOTABLE_OPTIONAL = columns('TITLEOFCLASS', 'SSHPRNAMTTYPE', 'PUTCALL');

/** Rows of one filing handed to the writer at a time: few awaits, little memory. */
const BATCH_ROWS = 4096;

/** Imports one SEC 13F data set (a folder or a `.zip`) in one transaction. */
export async function importDataSet(
  connection: DuckDBConnection,
  path: string,
  progress?: ImportProgress,
): Promise<ImportSummary> {
  const files = await openDataSet(path);
  try {
    const filings = await readFilings(files);
    return await runImport(
      connection,
      async (writer) => {
        // Every filing first, so INFOTABLE rows may come in any order: no row waits for its meta.
        await writer.addFilings([...filings.values()]);
        await appendInfoTable(writer, files, filings);
        return { filings: writer.filings, rows: writer.rows };
      },
      progress,
    );
  } finally {
    files.close();
  }
}

/** The 13F-HR and 13F-HR/A filings of a data set, by accession; notices (13F-NT) are left out. */
async function readFilings(files: DataSetFiles): Promise<Map<string, FilingMeta>> {
  const coverFile = files.label(COVERPAGE);
  const covers = new Map<string, TsvRecord<(typeof COVERPAGE_COLUMNS)[number]>>();
  for await (const batch of records(coverFile, files.lines(COVERPAGE), COVERPAGE_COLUMNS)) {
    for (const cover of batch) covers.set(cover.cells.ACCESSION_NUMBER, cover);
  }

  const file = files.label(SUBMISSION);
  const source = files.label(INFOTABLE);
  const filings = new Map<string, FilingMeta>();
  for await (const batch of records(file, files.lines(SUBMISSION), SUBMISSION_COLUMNS)) {
    for (const { row, cells } of batch) {
      const submissionType = cells.SUBMISSIONTYPE.toUpperCase();
      if (submissionType !== '13F-HR' && submissionType !== '13F-HR/A') continue;
      const accession = cells.ACCESSION_NUMBER;
      if (accession === '' || filings.has(accession))
        throw new ImportError(file, row, `accession "${accession}" is empty or repeated`);
      const cover = covers.get(accession);
      if (cover === undefined || cover.cells.FILINGMANAGER_NAME === '')
        throw new ImportError(file, row, `accession ${accession} has no filer in ${COVERPAGE}`);
      if (!/^\d{1,10}$/.test(cells.CIK))
        throw new ImportError(file, row, `CIK ${JSON.stringify(cells.CIK)} is not up to 10 digits`);
      const filedAt = parseFiledAt(secDate(file, row, 'FILING_DATE', cells.FILING_DATE));
      filings.set(accession, {
        accession,
        cik: normalizeCik(cells.CIK),
        filerName: cover.cells.FILINGMANAGER_NAME,
        periodOfReport: secDate(file, row, 'PERIODOFREPORT', cells.PERIODOFREPORT),
        filedAt,
        submissionType,
        amendmentType: submissionType === '13F-HR' ? null : amendmentType(coverFile, cover),
        valueUnit: valueUnitFor(filedAt),
        source,
      });
    }
  }
  return filings;
}

function amendmentType(
  file: string,
  { row, cells }: TsvRecord<'AMENDMENTTYPE'>,
): FilingMeta['amendmentType'] {
  const type = cells.AMENDMENTTYPE.toUpperCase();
  // As in the manifest import: an amendment that does not say which kind it is restates.
  if (type === '' || type === 'RESTATEMENT') return 'RESTATEMENT';
  if (type === 'NEW HOLDINGS') return 'NEW HOLDINGS';
  throw new ImportError(
    file,
    row,
    `AMENDMENTTYPE ${JSON.stringify(type)} is neither RESTATEMENT nor NEW HOLDINGS`,
  );
}

/** Streams INFOTABLE, appending each row to its filing; rows of filings not imported are skipped. */
async function appendInfoTable(
  writer: FilingWriter,
  files: DataSetFiles,
  filings: ReadonlyMap<string, FilingMeta>,
): Promise<void> {
  const file = files.label(INFOTABLE);
  let batch: InfoTableRow[] = [];
  let batchMeta: FilingMeta | undefined;
  const flush = async () => {
    if (batchMeta !== undefined && batch.length > 0) await writer.appendRows(batchMeta, batch);
    batch = [];
  };
  const lines = files.lines(INFOTABLE);
  for await (const chunk of records(file, lines, INFOTABLE_COLUMNS, INFOTABLE_OPTIONAL)) {
    for (const { row, cells } of chunk) {
      const meta = filings.get(cells.ACCESSION_NUMBER);
      if (meta === undefined) continue;
      if (meta !== batchMeta || batch.length === BATCH_ROWS) {
        await flush();
        batchMeta = meta;
      }
      batch.push({
        rowNumber: row,
        nameOfIssuer: cells.NAMEOFISSUER,
        titleOfClass: cells.TITLEOFCLASS || null,
        cusip: cells.CUSIP.toUpperCase(),
        value: toNumber(file, row, 'VALUE', cells.VALUE),
        shares: toNumber(file, row, 'SSHPRNAMT', cells.SSHPRNAMT),
        shareType: cells.SSHPRNAMTTYPE || null,
        putCall: cells.PUTCALL.toUpperCase() || null,
      });
    }
  }
  await flush();
}

function toNumber(file: string, row: number, column: string, text: string): number {
  if (text === '') throw new ImportError(file, row, `${column} is missing`);
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new ImportError(file, row, `${column} ${JSON.stringify(text)} is not a number`);
  return value;
}

const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

/** `14-FEB-2024` (or ISO `2024-02-14`) as `2024-02-14`. */
function secDate(file: string, row: number, column: string, text: string): string {
  const [, day = '', month = '', year = ''] = /^(\d\d?)-([A-Z]{3})-(\d{4})$/i.exec(text) ?? [];
  const number = String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0');
  const iso = day === '' ? text : `${year}-${number}-${day.padStart(2, '0')}`;
  // The round trip through Date rejects month 00 and 31-FEB alike.
  const time = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso)
    throw new ImportError(
      file,
      row,
      `${column} ${JSON.stringify(text)} is not a date like 14-FEB-2024`,
    );
  return iso;
}

function columns<C extends string>(...names: C[]): readonly C[] {
  return names;
}

/** A data line's named cells, trimmed ('' for an optional column the file lacks). */
interface TsvRecord<C extends string> {
  /** 1-based data line: the header is line 0. */
  readonly row: number;
  readonly cells: Readonly<Record<C, string>>;
}

/** A header's width, and each wanted column's position (-1 for an optional one it lacks). */
interface Header<C extends string> {
  readonly width: number;
  readonly at: readonly (readonly [C, number])[];
}

/** Parses a TSV file's lines into records, a chunk at a time; columns are found by name. */
async function* records<R extends string, O extends string = never>(
  file: string,
  chunks: AsyncIterable<string[]>,
  required: readonly R[],
  optional: readonly O[] = [],
): AsyncGenerator<TsvRecord<R | O>[]> {
  let header: Header<R | O> | undefined;
  let row = 0;
  for await (const lines of chunks) {
    const parsed: TsvRecord<R | O>[] = [];
    for (const line of lines) {
      if (header === undefined) {
        header = readHeader<R | O>(file, line, required, optional);
        continue;
      }
      row += 1;
      if (line === '') continue;
      const cells = line.split('\t');
      // Without quoting, a stray tab or a cut line shifts every later column: refuse, do not guess.
      if (cells.length !== header.width)
        throw new ImportError(file, row, `${cells.length} fields, the header has ${header.width}`);
      const record = {} as Record<R | O, string>;
      for (const [name, at] of header.at) record[name] = at < 0 ? '' : (cells[at]?.trim() ?? '');
      parsed.push({ row, cells: record });
    }
    yield parsed;
  }
  if (header === undefined) throw new ImportError(file, null, 'the file is empty (no header row)');
}

function readHeader<C extends string>(
  file: string,
  line: string,
  required: readonly C[],
  optional: readonly C[],
): Header<C> {
  const names = line
    .replace(/^\uFEFF/, '')
    .split('\t')
    .map((name) => name.trim().toUpperCase());
  for (const name of required) {
    if (!names.includes(name)) throw new ImportError(file, null, `missing column ${name}`);
  }
  return {
    width: names.length,
    at: [...required, ...optional].map((name) => [name, names.indexOf(name)] as const),
  };
}

/** The files of a data set, wherever they are kept. */
interface DataSetFiles {
  /** The path shown in messages and stored as a filing's source. */
  label(name: string): string;
  /** The file's lines, a chunk's worth at a time. */
  lines(name: string): AsyncIterable<string[]>;
  close(): void;
}

async function openDataSet(path: string): Promise<DataSetFiles> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    throw new ImportError(path, null, error instanceof Error ? error.message : String(error));
  }
  return isFolder ? openFolder(path) : openZip(path);
}

/** Finds a data-set file by name, ignoring case and (in a zip) folders. */
function lookup<T>(path: string, found: ReadonlyMap<string, T>, name: string): T {
  const hit = found.get(name.toUpperCase());
  if (hit === undefined) throw new ImportError(path, null, `no ${name} in the data set`);
  return hit;
}

async function openFolder(path: string): Promise<DataSetFiles> {
  const found = new Map(
    (await readdir(path)).map((name) => [name.toUpperCase(), join(path, name)]),
  );
  const label = (name: string) => lookup(path, found, name);
  return {
    label,
    lines: (name) => linesOf(createReadStream(label(name))),
    close: () => undefined,
  };
}

async function openZip(path: string): Promise<DataSetFiles> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ImportError(path, null, `not a folder or a zip file: ${String(error)}`);
  }
  const found = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('/')) found.set(basename(entry.fileName).toUpperCase(), entry);
  }
  const open = (name: string) => zip.openReadStreamPromise(lookup(path, found, name));
  return {
    label: (name) => join(path, lookup(path, found, name).fileName),
    async *lines(name) {
      yield* linesOf(await open(name));
    },
    close: () => {
      zip.close();
    },
  };
}

/** Splits a byte stream into lines without holding more than one chunk. */
async function* linesOf(stream: Readable): AsyncGenerator<string[]> {
  stream.setEncoding('utf8');
  let rest = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    yield lines.map(withoutCr);
  }
  if (rest !== '') yield [withoutCr(rest)];
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
