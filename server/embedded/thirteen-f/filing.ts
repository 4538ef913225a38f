import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';

/** What a filing's information table holds, whatever file format it came in. */
export interface FilingMeta {
  /** SEC accession number, or a stable key built from the metadata when the source has none. */
  readonly accession: string;
  /** Ten digits, zero-padded. */
  readonly cik: string;
  readonly filerName: string;
  /** `YYYY-MM-DD`. */
  readonly periodOfReport: string;
  readonly filedAt: Date;
  readonly submissionType: '13F-HR' | '13F-HR/A';
  /** Only for 13F-HR/A: a restatement replaces the filing, new holdings add to it. */
  readonly amendmentType: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
  /** `thousands` for filings made before 2023-01-03, per SEC's rule, unless stated otherwise. */
  readonly valueUnit: 'usd' | 'thousands';
  /** Where it came from, for messages: a file path. */
  readonly source: string;
  /** What the filing's summary page declares, when the source gives it. */
  readonly declared?: FilingDeclaration;
}

/**
 * A filing's summary page (SEC's `SUMMARYPAGE`): how many information-table entries and what
 * total value it declares (in the filing's value unit), and whether it omits holdings under
 * confidential treatment. What the source does not give is null.
 */
export interface FilingDeclaration {
  readonly rows: number | null;
  readonly value: number | null;
  readonly confidentialOmitted: boolean | null;
}

/** One row of an information table, as reported. */
export interface InfoTableRow {
  /** 1-based position in its file, for messages. */
  readonly rowNumber: number;
  readonly nameOfIssuer: string;
  readonly titleOfClass: string | null;
  readonly cusip: string;
  /** As reported: dollars, or thousands of dollars for older filings. */
  readonly value: number;
  readonly shares: number;
  readonly shareType: string | null;
  readonly putCall: string | null;
}

/** Raised for bad input; names the file and the row. Nothing of the run is kept. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly row: number | null,
    reason: string,
  ) {
    super(`${file}${row === null ? '' : `, row ${row}`}: ${reason}`);
    this.name = 'ImportError';
  }
}

/** The day SEC switched the information table's value column from thousands to dollars. */
const DOLLAR_VALUES_SINCE = '2023-01-03';

/** The unit of `value` for a filing made at `filedAt`. */
export function valueUnitFor(filedAt: Date): FilingMeta['valueUnit'] {
  return filedAt.toISOString().slice(0, 10) < DOLLAR_VALUES_SINCE ? 'thousands' : 'usd';
}

const CUSIP = /^[0-9A-Z]{8}[0-9]$/;

/** What a reported value is multiplied by to give dollars. */
export function valueMultiplier(meta: FilingMeta): number {
  return meta.valueUnit === 'thousands' ? 1000 : 1;
}

/** Checks one row; returns the reason it is unusable, or undefined. */
export function rowProblem(row: InfoTableRow): string | undefined {
  if (!CUSIP.test(row.cusip)) {
    return `CUSIP ${JSON.stringify(row.cusip)} is not 8 letters or digits and a check digit`;
  }
  if (row.nameOfIssuer.trim() === '') return 'nameOfIssuer is empty';
  if (!Number.isFinite(row.value) || row.value < 0)
    return `value ${row.value} is not a non-negative number`;
  if (!Number.isFinite(row.shares) || row.shares < 0)
    return `share count ${row.shares} is negative or not a number`;
  return undefined;
}

/** Progress of a running import. */
export type ImportProgress = (event: { readonly rows: number; readonly file: string }) => void;

/** Writes filings inside one import transaction. */
export class FilingWriter {
  private appender: DuckDBAppender | undefined;
  rows = 0;
  filings = 0;
  /** Periods of report of the filings added, and of the earlier imports they replaced. */
  private readonly touched = new Set<string>();

  constructor(
    readonly connection: DuckDBConnection,
    private readonly progress: ImportProgress = () => undefined,
  ) {}

  /** Adds a filing, replacing an earlier import of the same accession (re-imports are idempotent). */
  async addFiling(meta: FilingMeta): Promise<void> {
    await this.addFilings([meta]);
  }

  /**
   * Adds many filings (distinct accessions) in a handful of statements, each replacing an earlier
   * import of its accession: a quarter's data set holds thousands of filings.
   */
  async addFilings(metas: readonly FilingMeta[]): Promise<void> {
    this.closeAppender();
    await this.connection.run(`CREATE OR REPLACE TEMP TABLE filing_batch AS
      SELECT * EXCLUDE (derived)
        REPLACE (CAST(NULL AS VARCHAR) AS period_of_report, CAST(NULL AS VARCHAR) AS filed_at)
      FROM thirteenf_filing LIMIT 0`);
    const appender = await this.connection.createAppender('filing_batch', 'main', 'temp');
    for (const meta of metas) {
      appender.appendVarchar(meta.accession);
      appender.appendVarchar(meta.cik);
      appender.appendVarchar(meta.filerName);
      appender.appendVarchar(meta.periodOfReport);
      appender.appendVarchar(meta.filedAt.toISOString().replace('T', ' ').replace('Z', ''));
      appender.appendVarchar(meta.submissionType);
      appendNullable(appender, meta.amendmentType);
      appender.appendInteger(valueMultiplier(meta));
      appender.appendVarchar(meta.source);
      appendDeclaration(appender, meta);
      appender.endRow();
    }
    appender.closeSync();
    const replaced = 'accession IN (SELECT accession FROM temp.main.filing_batch)';
    await this.connection.run(`DELETE FROM thirteenf_infotable WHERE ${replaced}`);
    // A re-import may move a filing to another period: the one it leaves changes too.
    await this.connection.run(
      `INSERT INTO thirteenf_replaced SELECT cik, period_of_report FROM thirteenf_filing WHERE ${replaced}`,
    );
    const left = await this.connection.runAndReadAll(
      `DELETE FROM thirteenf_filing WHERE ${replaced}
       RETURNING CAST(period_of_report AS VARCHAR) AS period`,
    );
    for (const [period] of left.getRows()) this.touched.add(String(period));
    for (const meta of metas) this.touched.add(meta.periodOfReport);
    // By name: `derived` stays null, so the filing's period is derived again.
    await this.connection.run(`INSERT INTO thirteenf_filing BY NAME
      SELECT * REPLACE (CAST(period_of_report AS DATE) AS period_of_report,
        CAST(filed_at AS TIMESTAMP) AS filed_at)
      FROM temp.main.filing_batch`);
    await this.connection.run('DROP TABLE temp.main.filing_batch');
    this.filings += metas.length;
  }

  /** Validates and appends a filing's rows, scaling values to dollars. */
  async appendRows(
    meta: FilingMeta,
    rows: AsyncIterable<InfoTableRow> | Iterable<InfoTableRow>,
  ): Promise<void> {
    const multiplier = valueMultiplier(meta);
    this.appender ??= await this.connection.createAppender('thirteenf_infotable');
    const appender = this.appender;
    for await (const row of rows) {
      const problem = rowProblem(row);
      if (problem !== undefined) throw new ImportError(meta.source, row.rowNumber, problem);
      appender.appendVarchar(meta.accession);
      appender.appendInteger(row.rowNumber);
      appender.appendVarchar(row.nameOfIssuer.trim());
      appendNullable(appender, row.titleOfClass);
      appender.appendVarchar(row.cusip);
      appender.appendDouble(row.value * multiplier);
      appender.appendDouble(row.shares);
      appendNullable(appender, row.shareType);
      appendNullable(appender, row.putCall);
      appender.endRow();
      this.rows += 1;
      if (this.rows % 50_000 === 0) this.progress({ rows: this.rows, file: meta.source });
    }
  }

  /**
   * What the run wrote: filings, rows, and the periods of report it touched (sorted distinct
   * `YYYY-MM-DD`: the filings added, and the earlier imports of theirs that they replaced).
   */
  summary(): { filings: number; rows: number; periods: string[] } {
    return { filings: this.filings, rows: this.rows, periods: [...this.touched].sort() };
  }

  /** Counts rows another writer stored (datasets.ts's SQL path), and reports progress. */
  countRows(rows: number, file: string): void {
    this.rows += rows;
    this.progress({ rows: this.rows, file });
  }

  closeAppender(): void {
    this.appender?.closeSync();
    this.appender = undefined;
  }
}

function appendDeclaration(appender: DuckDBAppender, meta: FilingMeta): void {
  const { rows = null, value = null, confidentialOmitted = null } = meta.declared ?? {};
  if (rows === null) appender.appendNull();
  else appender.appendInteger(rows);
  // Scaled like the rows' values, so the check compares dollars with dollars.
  if (value === null) appender.appendNull();
  else appender.appendDouble(value * valueMultiplier(meta));
  if (confidentialOmitted === null) appender.appendNull();
  else appender.appendBoolean(confidentialOmitted);
}

function appendNullable(appender: DuckDBAppender, value: string | null): void {
  if (value === null || value === '') appender.appendNull();
  else appender.appendVarchar(value);
}

/** Runs `work` in one transaction: everything it wrote is kept, or nothing is. */
export async function runImport<T>(
  connection: DuckDBConnection,
  work: (writer: FilingWriter) => Promise<T>,
  progress?: ImportProgress,
): Promise<T> {
  const writer = new FilingWriter(connection, progress);
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await work(writer);
    writer.closeAppender();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    try {
      writer.closeAppender();
    } catch {
      // The appender may hold rows of the failed run; the rollback discards them either way.
    }
    await connection.run('ROLLBACK');
    throw error;
  }
}
