import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';
import { valueMultiplier } from './filing.ts';
import type { FilingMeta, FilingWriter } from './filing.ts';
import { localTsv } from './local-tsv.ts';
import { columns, readHeader, recordOf } from './sec-tsv.ts';
import type { BadRow, DataSetFiles, Header, TsvRecord } from './sec-tsv.ts';

/**
 * SEC's INFOTABLE read by DuckDB's own CSV reader, a quarter's millions of rows checked and stored
 * in SQL rather than split and appended one by one in Node: measured faster, with less CPU
 * (docs/decisions/sec-tsv-reader.md). SQL decides only the rows it can decide exactly as
 * dataset-records.ts does; every other line (a wrong field count, a value that is not a plain number, a
 * malformed CUSIP, anything unusual) goes back to dataset-records.ts to be checked, reported or appended
 * as when the whole file is read in Node.
 */

export const INFOTABLE_COLUMNS = columns(
  'ACCESSION_NUMBER',
  'NAMEOFISSUER',
  'CUSIP',
  'VALUE',
  'SSHPRNAMT',
);
export const INFOTABLE_OPTIONAL = columns('TITLEOFCLASS', 'SSHPRNAMTTYPE', 'PUTCALL');
type Column = (typeof INFOTABLE_COLUMNS)[number] | (typeof INFOTABLE_OPTIONAL)[number];
type InfoTableRecord = TsvRecord<Column>;

/** What String.prototype.trim removes (ECMAScript's WhiteSpace and LineTerminator). */
// prettier-ignore
export const JS_WHITESPACE = String.fromCodePoint(
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
);

/** Rows handed back to dataset-records.ts per page: bounded memory however many there are. */
const PAGE_ROWS = 4096;

const REJECTS = 'temp.main.infotable_rejects';
const REJECT_SCANS = 'temp.main.infotable_reject_scans';
const LINES = 'temp.main.infotable_lines';
const FILINGS = 'temp.main.infotable_filings';
const REST = 'temp.main.infotable_rest';

/**
 * Marks the rows of thirteenf_infotable that stand for lines left to dataset-records.ts while the import
 * runs (see insertSql): no filing has an empty accession, and no row a negative number.
 */
const LEFT_TO_NODE = `accession = '' AND row_number < 0`;

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Stores in SQL the INFOTABLE rows of `filings` that need no judgement, and returns the other
 * lines (those of the run's filings, and any with the wrong field count) as records for
 * dataset-records.ts to check and append. Undefined, with nothing stored, when DuckDB would not read the
 * file's lines as sec-tsv.ts does (a lone CR, mixed line endings, bytes that are not UTF-8, a
 * line over DuckDB's limit, an empty file): then dataset-records.ts reads all of it in Node.
 */
export async function appendInfoTableInDuckDb(
  writer: FilingWriter,
  files: DataSetFiles,
  name: string,
  filings: ReadonlyMap<string, FilingMeta>,
  bad: BadRow,
): Promise<AsyncIterable<InfoTableRecord[]> | undefined> {
  const local = await localTsv(files, name);
  if (local === undefined) return undefined;
  // A failed statement aborts the import's transaction, whose rollback drops the tables made here.
  try {
    const file = files.label(name);
    const header = readHeader(file, local.header, INFOTABLE_COLUMNS, INFOTABLE_OPTIONAL);
    if (!local.plainEndings) return undefined;
    const { connection } = writer;
    const stored = await insertAll(connection, local.path, header, filings);
    if (stored === undefined) return undefined;
    await connection.run(`CREATE TEMP TABLE infotable_rest AS
      SELECT -row_number AS row, nameofissuer AS line FROM thirteenf_infotable
      WHERE ${LEFT_TO_NODE} ORDER BY row`);
    // Rows deleted from the insert make DuckDB write it again at the commit (a quarter with 300
    // such lines: 0.9 GB peak instead of 0.7, a few seconds): still less than checking twice.
    const left = await connection.runAndReadAll(
      `DELETE FROM thirteenf_infotable WHERE ${LEFT_TO_NODE}`,
    );
    writer.countRows(stored - count(left), file);
    return rest(connection, header, bad);
  } finally {
    await local.remove();
  }
}

function count(result: DuckDBResultReader): number {
  return Number(result.getRows()[0]?.[0] ?? 0);
}

/**
 * Reads the file's lines into a temporary table, then stores them with insertSql; returns how
 * many rows that stored, placeholders included, or undefined, having stored nothing, when DuckDB
 * rejected a line: each row after it would be misnumbered.
 */
async function insertAll(
  connection: DuckDBConnection,
  path: string,
  header: Header<Column>,
  filings: ReadonlyMap<string, FilingMeta>,
): Promise<number | undefined> {
  const dropRejects = `DROP TABLE IF EXISTS ${REJECTS}; DROP TABLE IF EXISTS ${REJECT_SCANS}`;
  await connection.run(dropRejects);
  // Numbering the lines (WITH ORDINALITY) keeps their order, which takes one thread; read into a
  // table first, the checks and the insert run on every thread. In one statement with the read,
  // the import took twice the CPU time in some runs and its wall time with it.
  await connection.run(`CREATE TEMP TABLE infotable_lines AS ${linesSql(path)}`);
  const rejects = count(await connection.runAndReadAll(`SELECT count(*) FROM ${REJECTS}`));
  await connection.run(dropRejects);
  if (rejects > 0) {
    await connection.run(`DROP TABLE ${LINES}`);
    return undefined;
  }
  await stageFilings(connection, filings);
  const stored = count(await connection.runAndReadAll(insertSql(header)));
  await connection.run(`DROP TABLE ${LINES}; DROP TABLE ${FILINGS}`);
  return stored;
}

/** The run's filings and their values' multipliers: rows of other accessions are skipped. */
async function stageFilings(
  connection: DuckDBConnection,
  filings: ReadonlyMap<string, FilingMeta>,
): Promise<void> {
  await connection.run(
    'CREATE TEMP TABLE infotable_filings (accession VARCHAR PRIMARY KEY, multiplier INTEGER)',
  );
  const appender = await connection.createAppender('infotable_filings', 'main', 'temp');
  for (const meta of filings.values()) {
    appender.appendVarchar(meta.accession);
    appender.appendInteger(valueMultiplier(meta));
    appender.endRow();
  }
  appender.closeSync();
}

/**
 * Every line of the file as one column, numbered in file order as sec-tsv.ts numbers rows (the
 * header is row 0; a blank line is a row too, read as NULL). The delimiter is a control character
 * SEC never writes, so a line is one field (a line holding it is rejected, and the file read in
 * Node); quotes mean nothing, as SEC's quoting is undone below. A line DuckDB cannot read is not
 * an error but a reject, so the import's transaction goes on.
 */
function linesSql(path: string): string {
  return `SELECT ordinality - 1 AS row, line
    FROM read_csv(${sqlString(path)}, columns = {'line': 'VARCHAR'}, header = false,
      delim = E'\\x01', quote = '', escape = '', comment = '', compression = 'none',
      auto_detect = false,
      strict_mode = true, store_rejects = true, rejects_table = 'infotable_rejects',
      rejects_scan = 'infotable_reject_scans')
    WITH ORDINALITY`;
}

/**
 * Each data line's wanted cells as sec-tsv.ts's `unquote` gives them (trimmed as JavaScript
 * trims; only a field that starts and ends with `"` is unquoted, its `""` undone), its field
 * count, its filing's multiplier (null for a filing not imported), and whether SQL can store it
 * as dataset-records.ts would: a filing of the run, plain unsigned decimals, an ASCII CUSIP, a name, an
 * ASCII put/call (so SQL's upper() is JavaScript's toUpperCase()). Anything else is left to
 * dataset-records.ts.
 */
function checkedSql(header: Header<Column>): string {
  const at = new Map(header.at);
  const ws = sqlString(JS_WHITESPACE);
  const picked = [...at].map(([name, index]) =>
    index < 0 ? `'' AS c_${name}` : `cells[${index + 1}] AS c_${name}`,
  );
  // DuckDB's trim() with characters reads its set again on every row: it runs only where an end
  // may be whitespace. `odd` lines (beyond ASCII, or with a rare control character) trim all.
  const trimmed = [...at.keys()].map(
    (name) =>
      `CASE WHEN odd OR (c_${name} < '!' AND c_${name} <> '') OR ends_with(c_${name}, ' ')
        THEN trim(c_${name}, ${ws}) ELSE c_${name} END AS t_${name}`,
  );
  const unquoted = [...at.keys()].map(
    (name) =>
      `CASE WHEN t_${name} LIKE '"%"' THEN replace(t_${name}[2:-2], '""', '"') ELSE t_${name} END AS ${name}`,
  );
  const plainNumber = (name: Column) =>
    `CASE WHEN regexp_full_match(${name}, '[0-9]+(\\.[0-9]+)?') THEN TRY_CAST(${name} AS DOUBLE) END`;
  return `
    WITH split AS (
      SELECT row, line, string_split(line, E'\\t') AS cells,
        strlen(line) <> length(line) OR contains(line, chr(11)) OR contains(line, chr(12))
          OR contains(line, chr(13)) AS odd
      FROM ${LINES} WHERE row > 0 AND line <> ''
    ), picked AS (
      SELECT row, line, odd, len(cells) AS width, ${picked.join(', ')} FROM split
    ), trimmed AS (
      SELECT row, line, width, ${trimmed.join(', ')} FROM picked
    ), unquoted AS (
      SELECT row, line, width, ${unquoted.join(', ')},
        -- The name is trimmed again when stored, and a quoted one may hold spaces at its ends.
        CASE WHEN t_NAMEOFISSUER LIKE '"%"' THEN trim(NAMEOFISSUER, ${ws}) ELSE NAMEOFISSUER END
          AS name
      FROM trimmed
    ), numbered AS (
      SELECT *, ${plainNumber('VALUE')} AS value_number, ${plainNumber('SSHPRNAMT')} AS shares_number
      FROM unquoted
    )
    SELECT numbered.*, filing.multiplier, (
      width = ${header.width} AND filing.multiplier IS NOT NULL
      AND isfinite(value_number) AND isfinite(shares_number)
      AND regexp_full_match(CUSIP, '[0-9A-Za-z]{8}[0-9]')
      AND name <> ''
      AND strlen(PUTCALL) = length(PUTCALL)
    ) IS TRUE AS plain
    FROM numbered LEFT JOIN ${FILINGS} AS filing ON filing.accession = numbered.ACCESSION_NUMBER`;
}

/**
 * Stores the plain rows of the run's filings as FilingWriter.appendRows would, in one pass over
 * the lines. Each line left to dataset-records.ts (any with the wrong field count, and the rest of the
 * run's rows) is stored too, as a placeholder marked by LEFT_TO_NODE holding the line, to be
 * taken out after: a second statement would split and check every line again.
 */
function insertSql(header: Header<Column>): string {
  const stored = (value: string, placeholder: string) =>
    `CASE WHEN plain THEN ${value} ELSE ${placeholder} END`;
  return `INSERT INTO thirteenf_infotable (accession, row_number, nameofissuer, titleofclass,
      cusip, value_usd, shares, share_type, put_call)
    SELECT ${stored('ACCESSION_NUMBER', "''")}, ${stored('row', '-row')}, ${stored('name', 'line')},
      ${stored("nullif(TITLEOFCLASS, '')", 'NULL')}, ${stored('upper(CUSIP)', "''")},
      ${stored('value_number * multiplier', '0')}, ${stored('shares_number', '0')},
      ${stored("nullif(SSHPRNAMTTYPE, '')", 'NULL')}, ${stored("nullif(upper(PUTCALL), '')", 'NULL')}
    FROM (${checkedSql(header)})
    WHERE width <> ${header.width} OR multiplier IS NOT NULL`;
}

/** The lines SQL left, as records in file order, a page at a time; drops them when done. */
async function* rest(
  connection: DuckDBConnection,
  header: Header<Column>,
  bad: BadRow,
): AsyncGenerator<InfoTableRecord[]> {
  try {
    const pages = Math.ceil(
      count(await connection.runAndReadAll(`SELECT count(*) FROM ${REST}`)) / PAGE_ROWS,
    );
    let after = -1;
    for (let page = 0; page < pages; page += 1) {
      // Keyed on the row, not an offset: the table is stored in row order, so each page reads
      // only its own part of it.
      const lines = await connection.runAndReadAll(
        `SELECT row, line FROM ${REST} WHERE row > ${after} ORDER BY row LIMIT ${PAGE_ROWS}`,
      );
      const records: InfoTableRecord[] = [];
      for (const [row, line] of lines.getRows()) {
        after = Number(row);
        const record = recordOf(header, after, String(line), bad);
        if (record !== undefined) records.push(record);
      }
      yield records;
    }
  } finally {
    await connection.run(`DROP TABLE IF EXISTS ${REST}`);
  }
}
