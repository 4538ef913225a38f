import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { createTables } from '../server/embedded/db/schema.ts';
import { deriveHoldings } from '../server/embedded/thirteen-f/derive.ts';
import { ImportError } from '../server/embedded/thirteen-f/filing.ts';
import type { FilingMeta } from '../server/embedded/thirteen-f/filing.ts';
import { importManifest, importXmlFilings } from '../server/embedded/thirteen-f/import.ts';
import { addCusipTickers, readCusipTickers } from '../server/embedded/thirteen-f/reference.ts';
import { createFilingTables } from '../server/embedded/thirteen-f/schema.ts';

/** The repository's copy of the real Berkshire Hathaway filings and the ticker map. */
export const BERKSHIRE_MANIFEST = join(
  import.meta.dirname,
  '../data/13f/berkshire-hathaway/manifest.json',
);
const CUSIP_TICKERS = join(import.meta.dirname, '../data/13f/cusip-tickers.csv');

/** One information-table entry for a fixture file. */
export interface XmlHolding {
  readonly issuer: string;
  readonly cusip: string;
  readonly value: number;
  readonly shares: number;
  readonly titleOfClass?: string;
  readonly putCall?: 'Put' | 'Call';
}

/** How the fixture writes element names: EDGAR's default namespace, a prefix, or none. */
/** Three made-up securities for derivation tests: values and share counts easy to reckon with. */
export const TEST_SECURITIES = {
  A: { issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares: 100 },
  B: { issuer: 'BETA INC', cusip: '000000BB2', value: 500, shares: 50 },
  C: { issuer: 'GAMMA CO', cusip: '000000CC3', value: 500, shares: 10 },
} as const satisfies Record<string, XmlHolding>;

export type XmlStyle = 'default-namespace' | 'prefixed' | 'no-namespace';

const NAMESPACE = 'http://www.sec.gov/edgar/document/thirteenf/informationtable';

/** A SEC information table as XML text. */
export function infoTableXml(
  holdings: readonly XmlHolding[],
  style: XmlStyle = 'default-namespace',
): string {
  const p = style === 'prefixed' ? 'ns1:' : '';
  const xmlns =
    style === 'default-namespace'
      ? ` xmlns="${NAMESPACE}"`
      : style === 'prefixed'
        ? ` xmlns:ns1="${NAMESPACE}"`
        : '';
  const entries = holdings.map(
    (holding) => `  <${p}infoTable>
    <${p}nameOfIssuer>${holding.issuer}</${p}nameOfIssuer>
    <${p}titleOfClass>${holding.titleOfClass ?? 'COM'}</${p}titleOfClass>
    <${p}cusip>${holding.cusip}</${p}cusip>
    <${p}value>${holding.value}</${p}value>
    <${p}shrsOrPrnAmt><${p}sshPrnamt>${holding.shares}</${p}sshPrnamt><${p}sshPrnamtType>SH</${p}sshPrnamtType></${p}shrsOrPrnAmt>
    ${holding.putCall ? `<${p}putCall>${holding.putCall}</${p}putCall>` : ''}
    <${p}investmentDiscretion>SOLE</${p}investmentDiscretion>
  </${p}infoTable>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${p}informationTable${xmlns}>\n${entries.join('\n')}\n</${p}informationTable>\n`;
}

const folders: string[] = [];

/** A temporary folder for fixture files; `removeFixtureFolders` deletes them (in `afterAll`). */
export function fixtureFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'thirteen-f-'));
  folders.push(folder);
  return folder;
}

/** Deletes every fixture folder made so far in this test file. */
export function removeFixtureFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** Writes text to `folder/name` and returns the path. */
export function writeFixture(folder: string, name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

/** Filing metadata for a test filer, overridable per field. */
export function filingMeta(
  overrides: Partial<FilingMeta> & Pick<FilingMeta, 'periodOfReport'>,
): FilingMeta {
  const filedAt = overrides.filedAt ?? new Date(`${overrides.periodOfReport}T00:00:00Z`);
  return {
    accession: `test-${overrides.periodOfReport}-${filedAt.toISOString()}`,
    cik: '0000000042',
    filerName: 'TEST CAPITAL LLC',
    filedAt,
    submissionType: '13F-HR',
    amendmentType: null,
    valueUnit: 'usd',
    source: 'fixture',
    ...overrides,
  };
}

/** A fresh in-memory database with the module and raw filing tables. */
export async function emptyServiceDatabase(): Promise<DuckDBConnection> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  await createTables(connection);
  await createFilingTables(connection);
  return connection;
}

/** Imports XML fixture filings written from holdings, in one run. */
export async function importHoldings(
  connection: DuckDBConnection,
  filings: readonly { meta: FilingMeta; holdings: readonly XmlHolding[]; style?: XmlStyle }[],
) {
  const folder = fixtureFolder();
  return importXmlFilings(
    connection,
    filings.map(({ meta, holdings, style }, index) => ({
      meta,
      file: writeFixture(folder, `filing-${index}.xml`, infoTableXml(holdings, style)),
    })),
  );
}

/** Loads the real Berkshire filings and tickers, and derives holdings (an app `loadData`). */
export async function loadBerkshire(connection: DuckDBConnection): Promise<void> {
  await createFilingTables(connection);
  await addCusipTickers(connection, await readCusipTickers(CUSIP_TICKERS));
  await importManifest(connection, BERKSHIRE_MANIFEST);
  await deriveHoldings(connection);
}

const CLI = join(import.meta.dirname, '../server/embedded/thirteen-f/import-cli.ts');
const TSX = join(import.meta.dirname, '../node_modules/.bin/tsx');

/** Runs `npm run import-13f -- <args>` as a child process: its exit code and output. */
export async function importCli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A query's rows as JSON-like objects (dates as `YYYY-MM-DD`, big integers as strings). */
export async function queryRows(
  connection: DuckDBConnection,
  sql: string,
): Promise<Record<string, unknown>[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson();
}

/** The raw filing tables, every column, in a stable order. */
export const rawFilingTables = async (connection: DuckDBConnection) => ({
  filings: await queryRows(connection, 'SELECT * FROM thirteenf_filing ORDER BY accession'),
  infotable: await queryRows(
    connection,
    'SELECT * FROM thirteenf_infotable ORDER BY accession, row_number',
  ),
});

/** The ImportError `promise` is rejected with; fails the test on anything else. */
export async function importFailure(promise: Promise<unknown>): Promise<ImportError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ImportError))
    throw new Error(`expected an ImportError, got ${String(error)}`);
  return error;
}

/** The derived holdings as plain rows, in the table's order. */
export async function derivedHoldings(connection: DuckDBConnection, where = 'TRUE') {
  const reader = await connection.runAndReadAll(
    `SELECT name, cusip, ticker, nameofissuer, value, shrsorprnamt, status, pct_change_qoq, portfolio_pct_weight,
       strftime(periodofreport, '%Y-%m-%d') AS period, companyname, putcall, accession,
       strftime(filedat, '%Y-%m-%d') AS filed, amendmenttype, declaredrows, importedrows,
       declaredvalue, importedvalue, confidentialomitted
     FROM "13f_holdings" WHERE ${where} ORDER BY "_row"`,
  );
  return reader.getRowObjects() as {
    name: string;
    cusip: string;
    ticker: string | null;
    nameofissuer: string;
    value: number;
    shrsorprnamt: number;
    status: string | null;
    pct_change_qoq: number | null;
    portfolio_pct_weight: number | null;
    period: string;
    companyname: string;
    putcall: 'PUT' | 'CALL' | null;
    accession: string | null;
    filed: string;
    amendmenttype: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
    declaredrows: number | null;
    importedrows: number;
    declaredvalue: number | null;
    importedvalue: number;
    confidentialomitted: boolean | null;
  }[];
}

/** SEC information-table rows of an XML file as filed (unaggregated), for browser-side tests. */
export { readInfoTableXml } from '../server/embedded/thirteen-f/xml.ts';
