import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importBothWays,
  INFOTABLE_HEADER,
  rawInfoTableLine,
  tempDirEach,
  writeInfoTableLines,
} from '../../../testing/infotable-readers.ts';
import type { SecDataSetOptions } from '../../../testing/sec-datasets.ts';
import { emptyServiceDatabase } from '../../../testing/thirteen-f.ts';
import { runImport } from './filing.ts';
import type { FilingMeta } from './filing.ts';
import { appendInfoTableInDuckDb, JS_WHITESPACE } from './infotable-duckdb.ts';
import { openDataSet } from './sec-tsv.ts';

const dir = tempDirEach('infotable-duckdb-');

/** Field values each reader must treat alike: SEC's quoting, JavaScript's trim and Number. */
const HOSTILE: Readonly<Record<string, readonly string[]>> = {
  ACCESSION_NUMBER: ['OLD', ' Q ', '"Q"', '"Q', 'NOTICE', 'OTHER', '', 'q'],
  NAMEOFISSUER: [
    ...[' LEADING', 'TRAILING ', '"QUOTED"', '" SPACED IN QUOTES "', '"""ALPHA"" BETA"', '"'],
    ...['""', '"OPEN', 'CLOSE"', 'MID "Q" X', '\u00a0NBSP\u00a0', '\u3000WIDE', 'ÉCOLE SA'],
    ...['   ', '" "', '\u200bZERO WIDTH', '\ufeffBOM INSIDE', 'V\u000bT ', '\u2028LS', 'NUL\u0000'],
  ],
  VALUE: [
    ...['007', '1.5', '+5', '1e3', '0x10', ' 12 ', '.5', '5.', 'Infinity', '1e400', '-0', '-5'],
    ...['1,000', '', '  ', '"42"', '１２', `1${'0'.repeat(400)}`, '0.1000000000000000055511151231'],
    ...['0b11', '0o17', '1_000', 'NaN', '12e', '4.0000000000000001', '\u00a09'],
  ],
  SSHPRNAMT: ['0', '-1', '2.5e2', ' 7', '', 'x', '"3"', '9007199254740993'],
  CUSIP: [
    '037833a10',
    'ı37833100',
    '12345',
    ' 037833100 ',
    '"037833100"',
    '03783310X',
    '0378331000',
  ],
  TITLEOFCLASS: ['', '"CL ""A"""', ' COM ', 'ß'],
  SSHPRNAMTTYPE: ['', 'prn', '"SH"'],
  PUTCALL: ['Put', 'call', 'ß', '"Put"', ' Put ', 'ǆ', 'ﬀ'],
};

/** One line per hostile value, each in an otherwise usable line, and lines broken whole. */
const HOSTILE_LINES = [
  ...Object.entries(HOSTILE).flatMap(([column, values]) =>
    values.map((value) => rawInfoTableLine({ [column]: value })),
  ),
  rawInfoTableLine({ ACCESSION_NUMBER: 'OLD', VALUE: '1234' }),
  '',
  '   ',
  'Q\tONLY TWO',
  `${rawInfoTableLine({})}\t`,
  rawInfoTableLine({ NAMEOFISSUER: 'TAB\tINSIDE' }),
  rawInfoTableLine({ ACCESSION_NUMBER: 'OTHER', NAMEOFISSUER: 'TAB\tINSIDE' }),
  rawInfoTableLine({}),
];

function writeLines(lines: readonly string[], options?: SecDataSetOptions): Promise<string> {
  return writeInfoTableLines(dir(), lines, options);
}

describe('the DuckDB INFOTABLE reader', () => {
  it('trims exactly what String.prototype.trim removes', () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (char.trim() === '') trimmed.push(char);
    }
    expect(Array.from(JS_WHITESPACE).sort()).toEqual(trimmed.sort());
  });

  it.each<[string, SecDataSetOptions]>([
    ['a folder', {}],
    ['a zip with CRLF line endings', { zip: true, crlf: true }],
    ['columns in reverse order', { reverseColumns: true }],
  ])('stores and reports what the Node reader does, from %s', async (_, options) => {
    const path = await writeLines(
      options.reverseColumns ? HOSTILE_LINES.map(reverse) : HOSTILE_LINES,
      options,
    );
    const { duckdb, node } = await importBothWays(path);
    expect(node.error).toBeNull();
    expect(node.infotable.length).toBeGreaterThan(40);
    expect(node.summary?.badLines.length).toBeGreaterThan(20);
    expect(duckdb).toEqual(node);
  });

  it('reads a BOM and blank lines itself, numbering rows as the file does', async () => {
    const path = await writeLines([]);
    const lines = ['', rawInfoTableLine({ VALUE: '-5' }), '', rawInfoTableLine({}), '', ''];
    const text = `\ufeff${INFOTABLE_HEADER}\n${lines.join('\n')}\n`;
    await writeFile(join(path, 'INFOTABLE.tsv'), text);
    expect(await readsItself(path)).toBe(true);
    const { duckdb, node } = await importBothWays(path);
    expect(node.infotable.map((row) => row.row_number)).toEqual([4]);
    expect(node.summary?.badLines.map(({ line }) => line)).toEqual([3]);
    expect(duckdb).toEqual(node);
  });

  it.each<[string, Buffer]>([
    ['a lone CR inside a line', around(PLAIN.replace('PLAIN', 'PL\rAIN'))],
    ['one line ending in CRLF among LF', around(`${PLAIN}\r`)],
    ['a CR at the end of the file', Buffer.from(`${PLAIN}\n${PLAIN}\n\r`)],
    ['bytes that are not UTF-8', around(Buffer.from(`${PLAIN}\xff`, 'latin1'))],
    ['the control character DuckDB splits on', around(PLAIN.replace('PLAIN', 'PL\u0001AIN'))],
    ['a line over DuckDB’s size limit', around(PLAIN.replace('PLAIN', 'P'.repeat(2_200_000)))],
  ])('leaves a file with %s to the Node reader, storing nothing itself', async (_, lines) => {
    const path = await writeLines([]);
    await writeFile(
      join(path, 'INFOTABLE.tsv'),
      Buffer.concat([Buffer.from(`${INFOTABLE_HEADER}\n`), lines]),
    );
    expect(await readsItself(path)).toBe(false);
    const { duckdb, node } = await importBothWays(path);
    expect(node.infotable.length).toBeGreaterThan(1);
    expect(duckdb).toEqual(node);
  });
});

const PLAIN = rawInfoTableLine({});

/** `line` between two usable lines, as a file's data lines. */
function around(line: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${PLAIN}\n`), Buffer.from(line), Buffer.from(`\n${PLAIN}\n`)]);
}

function reverse(line: string): string {
  return line.split('\t').reverse().join('\t');
}

/** Whether DuckDB reads the data set's INFOTABLE itself (else it leaves the file to Node). */
async function readsItself(path: string): Promise<boolean> {
  const connection = await emptyServiceDatabase();
  const files = await openDataSet(path);
  const meta: FilingMeta = {
    accession: 'Q',
    cik: '0001067983',
    filerName: 'BERKSHIRE HATHAWAY INC',
    periodOfReport: '2024-03-31',
    filedAt: new Date('2024-05-15T00:00:00Z'),
    submissionType: '13F-HR',
    amendmentType: null,
    valueUnit: 'usd',
    source: path,
  };
  try {
    return await runImport(connection, async (writer) => {
      await writer.addFilings([meta]);
      const rest = await appendInfoTableInDuckDb(
        writer,
        files,
        'INFOTABLE.tsv',
        new Map([['Q', meta]]),
        () => undefined,
      );
      if (rest === undefined) {
        const stored = await connection.runAndReadAll('SELECT count(*) FROM thirteenf_infotable');
        expect(stored.getRows()).toEqual([[0n]]);
        return false;
      }
      for await (const records of rest) expect(records).toBeInstanceOf(Array);
      return true;
    });
  } finally {
    files.close();
    connection.closeSync();
  }
}
