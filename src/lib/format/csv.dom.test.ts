import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRfc4180 } from '../../../testing/rfc4180.ts';
import { exportFileName, csvRows, downloadCsv, fileSlug, subjectFileName, toCsv } from './csv.ts';
import type { CsvColumn } from './csv.ts';

const BOM = '\uFEFF';

/** The formula-guard rule restated independently of the writer's charCode checks. */
function guarded(text: string): string {
  const formulaLike = /^[=+\-@\t\r]/.test(text);
  const plainNumber = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text);
  return formulaLike && !plainNumber ? `'${text}` : text;
}

/** What a cell must read back as after a strict RFC 4180 parse. */
function expectedCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return guarded(value as string);
}

/** Parses a whole document strictly, after checking and removing its one BOM. */
function readBack(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  return parseRfc4180(csv.slice(1));
}

const columnsOf = (...headers: string[]): CsvColumn[] =>
  headers.map((header, index) => ({ id: `c${index}`, header }));

// Characters that stress quoting, the formula guard and encodings, weighted towards trouble.
const nasty = fc.constantFrom(
  ...['"', ',', '\r', '\n', '\r\n', '\u0000', '\t', '=', '+', '-', '@', "'", ' ', 'a', 'Z', '7'],
  ...['.', 'e', 'é', '€', '中', '🚀', '👩‍👩‍👧', '\uFEFF', '\u2028'],
);
const text = fc.oneof(
  fc.string({ unit: nasty, maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc
    .tuple(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r'),
      fc.string({ unit: nasty, maxLength: 8 }),
    )
    .map(([lead, rest]) => lead + rest),
  // Numbers the service sends as strings, negative ones included.
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.integer().map(String),
  fc.constantFrom('-49.33', '-1e5', '-1.5E-3', '-', '-.5', '-1.', '-1,234.50', '-49.33%'),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-49.33, -0, 0.1 + 0.2, 1e21, -5e-7, Number.MAX_SAFE_INTEGER),
);
const cell = fc.oneof(text, number, fc.constantFrom(null, undefined));

const WIDTH = 6;
const headers = fc.array(text, { minLength: WIDTH, maxLength: WIDTH });
const row = fc.array(cell, { minLength: WIDTH, maxLength: WIDTH });

function asRecord(values: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((value, index) => [`c${index}`, value]));
}

function checkRoundTrip(heads: string[], values: unknown[][]): void {
  const columns = columnsOf(...heads);
  const csv = toCsv(values.map(asRecord), columns);
  const parsed = readBack(csv);
  expect(parsed).toHaveLength(values.length + 1);
  expect(parsed[0]).toEqual(heads.map(guarded));
  values.forEach((cells, index) => {
    // One toEqual per row keeps 10k rows fast; a failure still shows the whole row.
    expect(parsed[index + 1]).toEqual(cells.map(expectedCell));
  });
}

/** Prints a big generated table as a one-liner: the assertion shows the failing row, the seed the rest. */
function briefly(rows: unknown[][]): unknown[][] {
  return Object.defineProperty(rows, fc.toStringMethod, {
    value: () => `<${rows.length} rows: see the failing row below>`,
  });
}

describe('toCsv round trip through a strict RFC 4180 parser', () => {
  it('keeps 10k hostile rows intact', () => {
    fc.assert(
      fc.property(
        headers,
        fc.array(row, { minLength: 10_000, maxLength: 10_000 }).map(briefly),
        checkRoundTrip,
      ),
      // Shrinking 10k rows would take minutes; the failing row is in the assertion message anyway.
      { numRuns: 1, endOnFailure: true },
    );
  });

  it('keeps small tables intact, and pages concatenate into the same document', () => {
    fc.assert(
      fc.property(
        headers,
        fc.array(row, { maxLength: 20 }),
        fc.array(row, { maxLength: 20 }),
        (heads, first, second) => {
          checkRoundTrip(heads, [...first, ...second]);
          const columns = columnsOf(...heads);
          const paged =
            toCsv(first.map(asRecord), columns) + csvRows(second.map(asRecord), columns);
          expect(paged).toBe(toCsv([...first, ...second].map(asRecord), columns));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('toCsv', () => {
  const one = (value: unknown, header = 'v') => toCsv([{ c0: value }], columnsOf(header));
  const body = (value: unknown) => one(value).split('\r\n')[1];

  it('defuses a HYPERLINK payload and quotes it', () => {
    expect(body('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
  });

  it('writes real numbers untouched, negatives included', () => {
    expect(body(-49.33)).toBe('-49.33');
    expect(body(-0)).toBe('0');
    expect(body(1e21)).toBe('1e+21');
  });

  it('leaves plain negative numeric strings alone but prefixes anything else led by -', () => {
    expect(body('-49.33')).toBe('-49.33');
    expect(body('-1e5')).toBe('-1e5');
    expect(body('-cmd')).toBe("'-cmd");
    expect(body('-1+1')).toBe("'-1+1");
    expect(body('-49.33%')).toBe("'-49.33%");
    expect(body('-1,234.50')).toBe('"\'-1,234.50"');
  });

  it('prefixes strings led by @, +, tab or CR', () => {
    expect(body('@SUM(1)')).toBe("'@SUM(1)");
    expect(body('+1')).toBe("'+1");
    expect(body('\tcmd')).toBe("'\tcmd");
    expect(body('\rcmd')).toBe('"\'\rcmd"');
    expect(body('a=1')).toBe('a=1');
  });

  it('guards header cells too', () => {
    expect(one(1, '=cmd').split('\r\n')[0]).toBe(`${BOM}'=cmd`);
  });

  it('writes nulls empty, booleans as words and objects as JSON', () => {
    const columns = columnsOf('a', 'b', 'c', 'd', 'e', 'f');
    const csv = toCsv(
      [{ c0: null, c1: undefined, c2: true, c3: false, c4: { k: 'v,w' }, c5: [1, '2'] }],
      columns,
    );
    expect(csv.split('\r\n')[1]).toBe(',,true,false,"{""k"":""v,w""}","[1,""2""]"');
  });

  it('passes NUL and unicode through unquoted', () => {
    expect(body('a\u0000b 🚀 中文 é')).toBe('a\u0000b 🚀 中文 é');
  });

  it('starts with one BOM and ends every record with CRLF', () => {
    const csv = toCsv([{ c0: 'x' }, { c0: 'y\nz' }], columnsOf('v'));
    expect(csv).toBe(`${BOM}v\r\nx\r\n"y\nz"\r\n`);
    expect(csv.lastIndexOf(BOM)).toBe(0);
    expect(csv.replaceAll('\r\n', '').includes('\r')).toBe(false);
  });

  it('writes columns in the given order, not the rows’ key order', () => {
    const columns: CsvColumn[] = [
      { id: 'b', header: 'second_key' },
      { id: 'a', header: 'first_key' },
    ];
    expect(toCsv([{ a: 1, b: 2 }], columns)).toBe(`${BOM}second_key,first_key\r\n2,1\r\n`);
  });

  it('writes each cell as the given field function writes it, whole, and its row of API names', () => {
    const field = vi.fn((value: unknown, column: CsvColumn) => `<${column.id}:${String(value)}>`);
    const columns: CsvColumn[] = [
      { id: 'c0', header: 'Portfolio weight', apiName: 'portfolio_pct_weight' },
      { id: 'c1', header: '=Label' },
    ];
    const csv = toCsv([{ c0: 12.5, c1: 'x' }], columns, { field, apiNameLine: true });
    // The field function's text goes in as it is; headers stay guarded.
    expect(csv).toBe(
      `${BOM}Portfolio weight,'=Label\r\nportfolio_pct_weight,\r\n<c0:12.5>,<c1:x>\r\n`,
    );
    expect(field).toHaveBeenCalledWith(12.5, columns[0]);
  });

  it('writes only the header for no rows, and csvRows writes nothing', () => {
    expect(toCsv([], columnsOf('a', 'b'))).toBe(`${BOM}a,b\r\n`);
    expect(csvRows([], columnsOf('a'))).toBe('');
  });
});

describe('exportFileName', () => {
  it('names the file by module and local time, without colons', () => {
    expect(exportFileName('13f_holdings', new Date(2026, 10, 22, 6, 15, 59), 'csv')).toBe(
      '13f_holdings-2026-11-22-0615.csv',
    );
    expect(exportFileName('fx', new Date(2027, 0, 2, 3, 4), 'csv')).toBe('fx-2027-01-02-0304.csv');
  });

  it('keeps the name portable', () => {
    expect(exportFileName('a/b:c d', new Date(2026, 0, 1, 0, 0), 'csv')).toBe(
      'a_b_c_d-2026-01-01-0000.csv',
    );
  });
});

describe('subjectFileName', () => {
  it('names the file by what it holds, in lowercase ASCII words joined by hyphens', () => {
    expect(subjectFileName(['BERKSHIRE HATHAWAY INC', '2025-03-31', '13f'], 'csv')).toBe(
      'berkshire-hathaway-inc-2025-03-31-13f.csv',
    );
    expect(subjectFileName(['13f', '3 filers', '2025-03-31'], 'xlsx')).toBe(
      '13f-3-filers-2025-03-31.xlsx',
    );
    expect(
      subjectFileName(['BILL & MELINDA GATES FOUNDATION TRUST', '13f', '2024-03-31'], 'csv'),
    ).toBe('bill-melinda-gates-foundation-trust-13f-2024-03-31.csv');
  });

  it('keeps the name safe: no path or reserved characters, no empty part', () => {
    expect(subjectFileName(['Société Générale / "Paris" <SA>', '', '...'], 'csv')).toBe(
      'societe-generale-paris-sa.csv',
    );
    expect(subjectFileName(['..\\..\\etc', 'CON:'], 'csv')).toBe('etc-con.csv');
    expect(subjectFileName(['东方', '!!'], 'csv')).toBeUndefined();
  });

  it('bounds a long name at a word, so the parts after it still fit', () => {
    const name = subjectFileName([`${'VERY LONG NAME '.repeat(10)}LLC`, '2025-03-31'], 'csv');
    expect(name).toMatch(/^(very-long-name-)+very-long-name-2025-03-31\.csv$/);
    expect((name ?? '').length).toBeLessThanOrEqual(60 + '-2025-03-31.csv'.length);
  });
});

describe('fileSlug', () => {
  it('writes a name part in lowercase ASCII words joined by hyphens, accents dropped', () => {
    expect(fileSlug('Société Générale / "Paris" <SA>', 60)).toBe('societe-generale-paris-sa');
    expect(fileSlug('..\\..\\etc', 60)).toBe('etc');
    expect(fileSlug('东方 !!', 60)).toBe('');
  });

  it('bounds a part at a word when it can, else at the limit', () => {
    expect(fileSlug('VERY LONG NAME '.repeat(10), 20)).toBe('very-long-name-very');
    expect(fileSlug('a'.repeat(70), 60)).toBe('a'.repeat(60));
  });
});

describe('downloadCsv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('clicks a temporary download anchor for a CSV blob, then revokes its URL', async () => {
    // jsdom has no object URLs; stub them at the edge.
    let blob: Blob | undefined;
    const create = vi.fn((object: Blob | MediaSource) => {
      blob = object as Blob;
      return 'blob:http://localhost/csv-1';
    });
    const revoke = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(create);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(revoke);
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(revoke).not.toHaveBeenCalled();
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    downloadCsv(`${BOM}a\r\n1\r\n`, 'x-2026-01-01-0000.csv');

    expect(clicked).toEqual([
      { href: 'blob:http://localhost/csv-1', download: 'x-2026-01-01-0000.csv', attached: true },
    ]);
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:http://localhost/csv-1');
    expect(document.querySelector('a')).toBeNull();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    // The BOM reaches the file as UTF-8's EF BB BF.
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x31, 0x0d, 0x0a]);
  });
});
