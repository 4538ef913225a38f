import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError, runImport, valueUnitFor } from './filing.ts';
import type { FilingMeta, FilingWriter, ImportProgress, InfoTableRow } from './filing.ts';
import type { ImportSummary } from './import.ts';
import { normalizeCik, parseFiledAt } from './manifest.ts';
import { columns, openDataSet, records } from './sec-tsv.ts';
import type { DataSetFiles, TsvRecord } from './sec-tsv.ts';

/**
 * SEC's quarterly "Form 13F data sets": three tab-separated files with a header row, dates as
 * `14-FEB-2024`, and a field that holds `"` wrapped in quotes with its own quotes doubled
 * (undone in sec-tsv.ts). Columns are found by name, so their order may change between releases.
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
