import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipFile } from './zip-file.ts';
import type { ZipOptions } from './zip-file.ts';

/**
 * Writes SEC "Form 13F data sets" (SUBMISSION, COVERPAGE and INFOTABLE as tab-separated files
 * with SEC's full header rows and `14-FEB-2024` dates) from typed inputs, for tests and benches.
 */

export type SecFile = 'SUBMISSION' | 'COVERPAGE' | 'INFOTABLE' | 'SUMMARYPAGE';

const SEC_COLUMNS: Readonly<Record<SecFile, readonly string[]>> = {
  SUBMISSION: ['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT'],
  COVERPAGE: [
    'ACCESSION_NUMBER',
    'REPORTCALENDARORQUARTER',
    'ISAMENDMENT',
    'AMENDMENTNO',
    'AMENDMENTTYPE',
    'CONFDENIEDEXPIRED',
    'DATEDENIEDEXPIRED',
    'DATEREPORTED',
    'REASONFORNONCONFIDENTIALITY',
    'FILINGMANAGER_NAME',
    'FILINGMANAGER_STREET1',
    'FILINGMANAGER_STREET2',
    'FILINGMANAGER_CITY',
    'FILINGMANAGER_STATEORCOUNTRY',
    'FILINGMANAGER_ZIPCODE',
    'REPORTTYPE',
    'FORM13FFILENUMBER',
    'CRDNUMBER',
    'SECFILENUMBER',
    'PROVIDEINFOFORINSTRUCTION5',
    'ADDITIONALINFORMATION',
  ],
  SUMMARYPAGE: [
    'ACCESSION_NUMBER',
    'OTHERINCLUDEDMANAGERSCOUNT',
    'TABLEENTRYTOTAL',
    'TABLEVALUETOTAL',
    'ISCONFIDENTIALOMITTED',
  ],
  INFOTABLE: [
    'ACCESSION_NUMBER',
    'INFOTABLE_SK',
    'NAMEOFISSUER',
    'TITLEOFCLASS',
    'CUSIP',
    'FIGI',
    'VALUE',
    'SSHPRNAMT',
    'SSHPRNAMTTYPE',
    'PUTCALL',
    'INVESTMENTDISCRETION',
    'OTHERMANAGER',
    'VOTING_AUTH_SOLE',
    'VOTING_AUTH_SHARED',
    'VOTING_AUTH_NONE',
  ],
};

export interface SecSubmission {
  readonly accession: string;
  readonly cik: string;
  readonly filerName: string;
  /** ISO `YYYY-MM-DD`; written as `DD-MON-YYYY`. */
  readonly filingDate: string;
  readonly periodOfReport: string;
  readonly submissionType: '13F-HR' | '13F-HR/A' | '13F-NT' | '13F-NT/A';
  readonly amendmentType?: 'RESTATEMENT' | 'NEW HOLDINGS';
  /** The summary page's figures; a data set gets a SUMMARYPAGE file when any submission has one. */
  readonly summary?: { readonly rows: number; readonly value: number; readonly omitted?: boolean };
}

export interface SecInfoTableRow {
  readonly accession: string;
  readonly nameOfIssuer: string;
  readonly titleOfClass?: string | null;
  readonly cusip: string;
  /** A string lets a test write a value no importer should accept. */
  readonly value: number | string;
  readonly shares: number | string;
  readonly shareType?: string | null;
  readonly putCall?: string | null;
}

export interface SecDataSetOptions {
  /** Writes `dataset.zip` (files stored uncompressed) instead of loose files. */
  readonly zip?: boolean;
  /** The zip's name, as SEC names its data sets (`2024q1_form13f.zip`); `dataset.zip` if not. */
  readonly zipName?: string;
  /** How the zip's entries are written: deflated, or one of them damaged (zip-file.ts). */
  readonly zipEntries?: ZipOptions;
  /** Files to leave out of the data set, to test one that lacks a file. */
  readonly without?: readonly SecFile[];
  /** Columns to leave out, to test a file that lacks one. */
  readonly omit?: Partial<Record<SecFile, readonly string[]>>;
  /** Writes every file's columns in reverse order, to show columns are found by name. */
  readonly reverseColumns?: boolean;
  /** Ends lines with CRLF instead of LF. */
  readonly crlf?: boolean;
  /** Rewrites data lines as written (row is 1-based, the header is row 0), to plant a bad line. */
  readonly editLines?: Partial<Record<SecFile, (line: string, row: number) => string>>;
}

/** A Berkshire 13F-HR for 2024-03-31 filed 2024-05-15, overridable per field. */
export const secFiling = (
  accession: string,
  overrides: Partial<SecSubmission> = {},
): SecSubmission => ({
  accession,
  cik: '1067983',
  filerName: 'BERKSHIRE HATHAWAY INC',
  filingDate: '2024-05-15',
  periodOfReport: '2024-03-31',
  submissionType: '13F-HR',
  ...overrides,
});

/** Real CUSIPs (Apple, Bank of America, Coca-Cola, Chevron, American Express). */
export const SEC_CUSIPS = [
  '037833100',
  '060505104',
  '191216100',
  '166764100',
  '025816109',
] as const;

/** A row of common shares of `cusip`, its share count a tenth of its value unless given. */
export const secPosition = (
  accession: string,
  cusip: string,
  value: number | string,
  shares: number | string = Number(value) / 10,
): SecInfoTableRow => ({
  accession,
  nameOfIssuer: `ISSUER ${cusip}`,
  titleOfClass: 'COM',
  cusip,
  value,
  shares,
  shareType: 'SH',
});

const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

/** `2024-02-14` as SEC writes it: `14-FEB-2024`. */
function secDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day ?? ''}-${MONTHS[Number(month) - 1] ?? ''}-${year ?? ''}`;
}

/** A field as SEC writes it: one that holds `"` is wrapped in quotes, its own quotes doubled. */
function secField(value: string): string {
  return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Turns records into lines of a file, header first, honouring `omit` and `reverseColumns`. */
export function secTable(
  file: SecFile,
  options: SecDataSetOptions = {},
): { header: string; line: (record: Readonly<Record<string, string>>) => string } {
  const omitted = new Set(options.omit?.[file] ?? []);
  const columns = SEC_COLUMNS[file].filter((column) => !omitted.has(column));
  if (options.reverseColumns === true) columns.reverse();
  return {
    header: columns.join('\t'),
    line: (record) => columns.map((column) => secField(record[column] ?? '')).join('\t'),
  };
}

export function submissionRecord(s: SecSubmission): Record<string, string> {
  return {
    ACCESSION_NUMBER: s.accession,
    FILING_DATE: secDate(s.filingDate),
    SUBMISSIONTYPE: s.submissionType,
    CIK: s.cik,
    PERIODOFREPORT: secDate(s.periodOfReport),
  };
}

export function coverPageRecord(s: SecSubmission): Record<string, string> {
  const amendment = s.submissionType.endsWith('/A');
  return {
    ACCESSION_NUMBER: s.accession,
    REPORTCALENDARORQUARTER: secDate(s.periodOfReport),
    ISAMENDMENT: amendment ? 'Y' : 'N',
    AMENDMENTNO: amendment ? '1' : '',
    AMENDMENTTYPE: s.amendmentType ?? '',
    FILINGMANAGER_NAME: s.filerName,
    FILINGMANAGER_STREET1: '3555 FARNAM STREET',
    FILINGMANAGER_CITY: 'OMAHA',
    FILINGMANAGER_STATEORCOUNTRY: 'NE',
    FILINGMANAGER_ZIPCODE: '68131',
    REPORTTYPE: s.submissionType.startsWith('13F-NT') ? '13F NOTICE' : '13F HOLDINGS REPORT',
    FORM13FFILENUMBER: '028-04545',
    PROVIDEINFOFORINSTRUCTION5: 'N',
  };
}

function summaryPageRecord(s: SecSubmission): Record<string, string> {
  return {
    ACCESSION_NUMBER: s.accession,
    OTHERINCLUDEDMANAGERSCOUNT: '0',
    TABLEENTRYTOTAL: String(s.summary?.rows ?? ''),
    TABLEVALUETOTAL: String(s.summary?.value ?? ''),
    ISCONFIDENTIALOMITTED: s.summary?.omitted === true ? 'Y' : 'N',
  };
}

export function infoTableRecord(row: SecInfoTableRow, sk: number): Record<string, string> {
  return {
    ACCESSION_NUMBER: row.accession,
    INFOTABLE_SK: String(sk),
    NAMEOFISSUER: row.nameOfIssuer,
    TITLEOFCLASS: row.titleOfClass ?? '',
    CUSIP: row.cusip,
    VALUE: String(row.value),
    SSHPRNAMT: String(row.shares),
    SSHPRNAMTTYPE: row.shareType ?? '',
    PUTCALL: row.putCall ?? '',
    INVESTMENTDISCRETION: 'DFND',
    OTHERMANAGER: '4',
    VOTING_AUTH_SOLE: String(row.shares),
    VOTING_AUTH_SHARED: '0',
    VOTING_AUTH_NONE: '0',
  };
}

function fileText(
  file: SecFile,
  records: Iterable<Readonly<Record<string, string>>>,
  options: SecDataSetOptions,
): string {
  const table = secTable(file, options);
  const edit = options.editLines?.[file] ?? ((line: string) => line);
  const lines = [table.header];
  for (const record of records) lines.push(edit(table.line(record), lines.length));
  const newline = options.crlf === true ? '\r\n' : '\n';
  return `${lines.join(newline)}${newline}`;
}

/** Writes a data set into `dir`; returns the path to import (the folder, or the zip). */
export async function writeSecDataSet(
  dir: string,
  submissions: readonly SecSubmission[],
  rows: readonly SecInfoTableRow[],
  options: SecDataSetOptions = {},
): Promise<string> {
  const files: [string, string][] = [
    ['SUBMISSION.tsv', fileText('SUBMISSION', submissions.map(submissionRecord), options)],
    ['COVERPAGE.tsv', fileText('COVERPAGE', submissions.map(coverPageRecord), options)],
    [
      'INFOTABLE.tsv',
      fileText(
        'INFOTABLE',
        rows.map((row, i) => infoTableRecord(row, i + 1)),
        options,
      ),
    ],
  ];
  const summarised = submissions.filter((submission) => submission.summary !== undefined);
  if (summarised.length > 0)
    files.push([
      'SUMMARYPAGE.tsv',
      fileText('SUMMARYPAGE', summarised.map(summaryPageRecord), options),
    ]);
  const written = files.filter(
    ([name]) => !options.without?.some((file) => `${file}.tsv` === name),
  );
  if (options.zip === true) {
    const path = join(dir, options.zipName ?? 'dataset.zip');
    const entries = written.map(([name, text]) => [name, Buffer.from(text)] as const);
    await writeFile(path, zipFile(entries, options.zipEntries));
    return path;
  }
  for (const [name, text] of written) await writeFile(join(dir, name), text);
  return dir;
}
