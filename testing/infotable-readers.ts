import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach } from 'vitest';
import { importDataSet } from '../server/embedded/thirteen-f/datasets.ts';
import type { DataSetSummary } from '../server/embedded/thirteen-f/datasets.ts';
import { secTable, writeSecDataSet } from './sec-datasets.ts';
import type { SecDataSetOptions, SecSubmission } from './sec-datasets.ts';
import { emptyServiceDatabase } from './thirteen-f.ts';

/**
 * Both ways of reading a data set's INFOTABLE (DuckDB's CSV reader, or Node alone) side by side,
 * for tests that hold them to the same rows and the same bad-line reports.
 */

type Row = Record<string, unknown>;

/** What one import of a data set stored and said (or the error it failed with). */
interface ReaderOutcome {
  readonly summary: DataSetSummary | null;
  readonly error: string | null;
  readonly filings: readonly Row[];
  readonly infotable: readonly Row[];
}

async function rows(connection: DuckDBConnection, sql: string): Promise<Row[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson();
}

/** Imports `path` into a fresh database with one reader. */
async function importWith(
  path: string,
  reader: 'duckdb' | 'node',
  strict = false,
): Promise<ReaderOutcome> {
  const connection = await emptyServiceDatabase();
  try {
    const done = await importDataSet(connection, path, { reader, strict }).then(
      (summary) => ({ summary, error: null }),
      (error: unknown) => ({ summary: null, error: String(error) }),
    );
    return {
      ...done,
      filings: await rows(connection, 'SELECT * FROM thirteenf_filing ORDER BY accession'),
      infotable: await rows(
        connection,
        'SELECT * FROM thirteenf_infotable ORDER BY accession, row_number',
      ),
    };
  } finally {
    connection.closeSync();
  }
}

/** The same data set imported with each reader, into a fresh database each. */
export async function importBothWays(
  path: string,
  strict = false,
): Promise<{ duckdb: ReaderOutcome; node: ReaderOutcome }> {
  return {
    duckdb: await importWith(path, 'duckdb', strict),
    node: await importWith(path, 'node', strict),
  };
}

/** INFOTABLE's header line as SEC writes it. */
export const INFOTABLE_HEADER = secTable('INFOTABLE').header;
const INFOTABLE_COLUMNS = INFOTABLE_HEADER.split('\t');

/** A usable INFOTABLE line's fields, as written. */
const PLAIN_FIELDS: Readonly<Record<string, string>> = {
  ACCESSION_NUMBER: 'Q',
  INFOTABLE_SK: '1',
  NAMEOFISSUER: 'PLAIN CORP',
  TITLEOFCLASS: 'COM',
  CUSIP: '037833100',
  VALUE: '100',
  SSHPRNAMT: '10',
  SSHPRNAMTTYPE: 'SH',
  PUTCALL: '',
  INVESTMENTDISCRETION: 'SOLE',
  OTHERMANAGER: '',
  VOTING_AUTH_SOLE: '10',
  VOTING_AUTH_SHARED: '0',
  VOTING_AUTH_NONE: '0',
};

/** An INFOTABLE line in SEC's column order, its fields written as given: no quoting added. */
export function rawInfoTableLine(fields: Readonly<Record<string, string>>): string {
  return INFOTABLE_COLUMNS.map((column) => fields[column] ?? PLAIN_FIELDS[column] ?? '').join('\t');
}

/** A filing of the data sets written here: what differs is its accession, and below. */
const FILED: SecSubmission = {
  accession: 'Q',
  cik: '1067983',
  filerName: 'BERKSHIRE HATHAWAY INC',
  filingDate: '2024-05-15',
  periodOfReport: '2024-03-31',
  submissionType: '13F-HR',
};

/**
 * Q and OLD (its values in thousands) are imported; NOTICE is a 13F-NT, so its rows are skipped,
 * as are those of any accession not filed here.
 */
const SUBMISSIONS: readonly SecSubmission[] = [
  FILED,
  { ...FILED, accession: 'OLD', cik: '42', filingDate: '2022-11-14', periodOfReport: '2022-09-30' },
  { ...FILED, accession: 'NOTICE', cik: '43', submissionType: '13F-NT' },
];

/** Writes a data set into `dir` whose INFOTABLE data lines are `lines`, exactly; returns its path. */
export function writeInfoTableLines(
  dir: string,
  lines: readonly string[],
  options: SecDataSetOptions = {},
): Promise<string> {
  const rows = lines.map(() => ({
    accession: 'Q',
    nameOfIssuer: '',
    cusip: '',
    value: 0,
    shares: 0,
  }));
  return writeSecDataSet(dir, SUBMISSIONS, rows, {
    ...options,
    editLines: { INFOTABLE: (_, row) => lines[row - 1] ?? '' },
  });
}

/** A fresh temporary folder for each test, removed after it. */
export function tempDirEach(prefix: string): () => string {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
