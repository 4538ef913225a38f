import { rowProblem, valueUnitFor } from './filing.ts';
import type { FilingDeclaration, FilingMeta, FilingWriter, InfoTableRow } from './filing.ts';
import {
  appendInfoTableInDuckDb,
  INFOTABLE_COLUMNS,
  INFOTABLE_OPTIONAL,
} from './infotable-duckdb.ts';
import { normalizeCik, parseFiledAt } from './manifest.ts';
import { columns, records } from './sec-tsv.ts';
import { readSummaries } from './summary-page.ts';
import type { BadRow, DataSetFiles, TsvRecord } from './sec-tsv.ts';
import type { BadLineLog } from './summary-page.ts';

/**
 * One of SEC's "Form 13F data sets" read as filings and rows (datasets.ts imports them): three
 * tab-separated files (and an optional SUMMARYPAGE) with a header row, dates as
 * `14-FEB-2024`, and a field that holds `"` wrapped in quotes with its own quotes doubled
 * (undone in sec-tsv.ts). Columns are found by name, so their order may change between releases.
 * A bad line is left out and reported; only a bad file (no header, a missing column) fails.
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

/** Rows of one filing handed to the writer at a time: few awaits, little memory. */
const BATCH_ROWS = 4096;

/** A line of a data set that was left out of the import, and why. */
export interface BadLine {
  /** The file's path (for a zip, the zip's path joined with the entry's name). */
  readonly file: string;
  /** 1-based line of the file, the header being line 1. */
  readonly line: number;
  readonly reason: string;
}

/** One line's problem, thrown by the parsers below and recorded by their callers. */
class LineProblem extends Error {
  constructor(
    readonly file: string,
    readonly row: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The bad lines found so far. */
export class BadLines implements BadLineLog {
  private readonly list: BadLine[] = [];

  get count(): number {
    return this.list.length;
  }

  /**
   * File by file (in the order each first had one), in line order: a chunk's field-count
   * problems are found before its value problems, so the order found is not the file's.
   */
  sorted(): BadLine[] {
    const rank = new Map<string, number>();
    for (const { file } of this.list) if (!rank.has(file)) rank.set(file, rank.size);
    const fileRank = ({ file }: BadLine) => rank.get(file) ?? 0;
    return [...this.list].sort((a, b) => fileRank(a) - fileRank(b) || a.line - b.line);
  }

  add(file: string, row: number, reason: string): void {
    this.list.push({ file, line: row + 1, reason });
  }

  of(file: string): BadRow {
    return (row, reason) => {
      this.add(file, row, reason);
    };
  }
}

type Cover = TsvRecord<(typeof COVERPAGE_COLUMNS)[number]>;

async function readCovers(files: DataSetFiles, bad: BadLines): Promise<Map<string, Cover>> {
  const file = files.label(COVERPAGE);
  const covers = new Map<string, Cover>();
  for await (const batch of records(file, files.lines(COVERPAGE), bad.of(file), COVERPAGE_COLUMNS))
    for (const cover of batch) covers.set(cover.cells.ACCESSION_NUMBER, cover);
  return covers;
}

/** The 13F-HR and 13F-HR/A filings of a data set, by accession; notices (13F-NT) are left out. */
export async function readFilings(
  files: DataSetFiles,
  bad: BadLines,
): Promise<Map<string, FilingMeta>> {
  const context = {
    file: files.label(SUBMISSION),
    coverFile: files.label(COVERPAGE),
    covers: await readCovers(files, bad),
    summaries: await readSummaries(files, bad),
    source: files.label(INFOTABLE),
  };
  const { file } = context;
  const filings = new Map<string, FilingMeta>();
  for await (const batch of records(
    file,
    files.lines(SUBMISSION),
    bad.of(file),
    SUBMISSION_COLUMNS,
  )) {
    for (const submission of batch) {
      const { row, cells } = submission;
      if (!/^13F-HR(\/A)?$/i.test(cells.SUBMISSIONTYPE)) continue;
      const accession = cells.ACCESSION_NUMBER;
      if (filings.has(accession)) {
        bad.add(
          file,
          row,
          `accession ${JSON.stringify(accession)} is repeated; the line is left out`,
        );
        continue;
      }
      try {
        filings.set(accession, filingMeta(context, submission));
      } catch (error) {
        if (!(error instanceof LineProblem)) throw error;
        bad.add(error.file, error.row, `${error.message}; the filing is left out`);
      }
    }
  }
  return filings;
}

/** A SUBMISSION line with its COVERPAGE line as a filing; throws a LineProblem if unusable. */
function filingMeta(
  context: {
    file: string;
    coverFile: string;
    covers: ReadonlyMap<string, Cover>;
    summaries: ReadonlyMap<string, FilingDeclaration>;
    source: string;
  },
  { row, cells }: TsvRecord<(typeof SUBMISSION_COLUMNS)[number]>,
): FilingMeta {
  const { file, source } = context;
  const accession = cells.ACCESSION_NUMBER;
  if (accession === '') throw new LineProblem(file, row, 'ACCESSION_NUMBER is empty');
  const cover = context.covers.get(accession);
  if (cover === undefined || cover.cells.FILINGMANAGER_NAME === '')
    throw new LineProblem(file, row, `accession ${accession} has no filer in ${COVERPAGE}`);
  if (!/^\d{1,10}$/.test(cells.CIK))
    throw new LineProblem(file, row, `CIK ${JSON.stringify(cells.CIK)} is not up to 10 digits`);
  const filedAt = parseFiledAt(secDate(file, row, 'FILING_DATE', cells.FILING_DATE));
  const submissionType = cells.SUBMISSIONTYPE.toUpperCase() === '13F-HR' ? '13F-HR' : '13F-HR/A';
  return {
    accession,
    cik: normalizeCik(cells.CIK),
    filerName: cover.cells.FILINGMANAGER_NAME,
    periodOfReport: secDate(file, row, 'PERIODOFREPORT', cells.PERIODOFREPORT),
    filedAt,
    submissionType,
    amendmentType: submissionType === '13F-HR' ? null : amendmentType(context.coverFile, cover),
    valueUnit: valueUnitFor(filedAt),
    source,
    declared: context.summaries.get(accession),
  };
}

function amendmentType(file: string, { row, cells }: Cover): FilingMeta['amendmentType'] {
  const type = cells.AMENDMENTTYPE.toUpperCase();
  // As in the manifest import: an amendment that does not say which kind it is restates.
  if (type === '' || type === 'RESTATEMENT') return 'RESTATEMENT';
  if (type === 'NEW HOLDINGS') return 'NEW HOLDINGS';
  throw new LineProblem(
    file,
    row,
    `AMENDMENTTYPE ${JSON.stringify(type)} is neither RESTATEMENT nor NEW HOLDINGS`,
  );
}

/**
 * Appends INFOTABLE's rows, each to its filing; rows of filings not imported are skipped, unusable
 * rows are left out and reported. DuckDB reads the file and stores the plain rows; the rows it
 * leaves, or the whole file when DuckDB cannot read it as sec-tsv.ts does, are checked here.
 */
export async function appendInfoTable(
  writer: FilingWriter,
  files: DataSetFiles,
  filings: ReadonlyMap<string, FilingMeta>,
  bad: BadLines,
  reader: 'duckdb' | 'node' = 'duckdb',
): Promise<void> {
  const file = files.label(INFOTABLE);
  const badRow = bad.of(file);
  let batch: InfoTableRow[] = [];
  let batchMeta: FilingMeta | undefined;
  const flush = async () => {
    if (batchMeta !== undefined && batch.length > 0) await writer.appendRows(batchMeta, batch);
    batch = [];
  };
  const source =
    (reader === 'node'
      ? undefined
      : await appendInfoTableInDuckDb(writer, files, INFOTABLE, filings, badRow)) ??
    records(file, files.lines(INFOTABLE), badRow, INFOTABLE_COLUMNS, INFOTABLE_OPTIONAL);
  for await (const chunk of source) {
    for (const { row, cells } of chunk) {
      const meta = filings.get(cells.ACCESSION_NUMBER);
      if (meta === undefined) continue;
      let parsed: InfoTableRow;
      try {
        parsed = infoTableRow(file, row, cells);
      } catch (error) {
        if (!(error instanceof LineProblem)) throw error;
        badRow(row, error.message);
        continue;
      }
      // Checked here, not by the writer, so the row is left out rather than failing the run.
      const problem = rowProblem(parsed);
      if (problem !== undefined) {
        badRow(row, problem);
        continue;
      }
      if (meta !== batchMeta || batch.length === BATCH_ROWS) {
        await flush();
        batchMeta = meta;
      }
      batch.push(parsed);
    }
  }
  await flush();
}

function infoTableRow(
  file: string,
  row: number,
  cells: Readonly<
    Record<(typeof INFOTABLE_COLUMNS)[number] | (typeof INFOTABLE_OPTIONAL)[number], string>
  >,
): InfoTableRow {
  return {
    rowNumber: row,
    nameOfIssuer: cells.NAMEOFISSUER,
    titleOfClass: cells.TITLEOFCLASS || null,
    cusip: cells.CUSIP.toUpperCase(),
    value: toNumber(file, row, 'VALUE', cells.VALUE),
    shares: toNumber(file, row, 'SSHPRNAMT', cells.SSHPRNAMT),
    shareType: cells.SSHPRNAMTTYPE || null,
    putCall: cells.PUTCALL.toUpperCase() || null,
  };
}

function toNumber(file: string, row: number, column: string, text: string): number {
  if (text === '') throw new LineProblem(file, row, `${column} is missing`);
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new LineProblem(file, row, `${column} ${JSON.stringify(text)} is not a number`);
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
    throw new LineProblem(
      file,
      row,
      `${column} ${JSON.stringify(text)} is not a date like 14-FEB-2024`,
    );
  return iso;
}
