import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { ImportError } from './filing.ts';

/**
 * Reading SEC's tab-separated data-set files: from a folder or a zip, streamed a chunk at a
 * time, LF or CRLF, columns found by name, fields unquoted as SEC quotes them.
 */

export function columns<C extends string>(...names: C[]): readonly C[] {
  return names;
}

/** A data line's named cells, trimmed and unquoted ('' for an optional column the file lacks). */
export interface TsvRecord<C extends string> {
  /** 1-based data row: the header is row 0, so the row is on line row + 1 of the file. */
  readonly row: number;
  readonly cells: Readonly<Record<C, string>>;
}

/** A header's width, and each wanted column's position (-1 for an optional one it lacks). */
export interface Header<C extends string> {
  readonly width: number;
  readonly at: readonly (readonly [C, number])[];
}

/** Called with a data line's row (1-based: the header is row 0) and why it is left out. */
export type BadRow = (row: number, reason: string) => void;

/**
 * Parses a TSV file's lines into records, a chunk at a time; columns are found by name. A line
 * whose field count differs from the header's is handed to `bad` and left out: without escapes
 * for tabs, a stray tab or a cut line shifts every later column, so guessing would misfile it.
 */
export async function* records<R extends string, O extends string = never>(
  file: string,
  chunks: AsyncIterable<string[]>,
  bad: BadRow,
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
      const record = recordOf(header, row, line, bad);
      if (record !== undefined) parsed.push(record);
    }
    yield parsed;
  }
  if (header === undefined) throw new ImportError(file, null, 'the file is empty (no header row)');
}

/**
 * One data line as a record, or undefined when it is blank or, its field count differing from the
 * header's, handed to `bad`.
 */
export function recordOf<C extends string>(
  header: Header<C>,
  row: number,
  line: string,
  bad: BadRow,
): TsvRecord<C> | undefined {
  if (line === '') return undefined;
  const cells = line.split('\t');
  if (cells.length !== header.width) {
    bad(row, `${cells.length} fields, the header has ${header.width}`);
    return undefined;
  }
  const record = {} as Record<C, string>;
  for (const [name, at] of header.at) record[name] = at < 0 ? '' : unquote(cells[at] ?? '');
  return { row, cells: record };
}

/**
 * A field trimmed, then unquoted as SEC quotes: a field that holds `"` is written wrapped in
 * quotes with its own quotes doubled. Only a field that starts and ends with `"` is quoted; any
 * other quote is part of the value, as filed.
 */
function unquote(cell: string): string {
  const field = cell.trim();
  if (field.length < 2 || !field.startsWith('"') || !field.endsWith('"')) return field;
  return field.slice(1, -1).replaceAll('""', '"');
}

/** A header line's columns; throws if a required one is missing. */
export function readHeader<C extends string>(
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
export interface DataSetFiles {
  /** The path shown in messages and stored as a filing's source. */
  label(name: string): string;
  /** The file's lines, a chunk's worth at a time. */
  lines(name: string): AsyncIterable<string[]>;
  /** The file's bytes as stored (a zip's entry inflated). */
  bytes(name: string): Promise<Readable>;
  /** Where the file is on disk, or undefined when it is inside a zip. */
  path(name: string): string | undefined;
  /** Whether the data set holds the file (for the optional ones). */
  has(name: string): boolean;
  close(): void;
}

export async function openDataSet(path: string): Promise<DataSetFiles> {
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

/** An error's message on one line, to quote as the cause of an ImportError. */
function cause(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
}

async function openFolder(path: string): Promise<DataSetFiles> {
  const found = new Map(
    (await readdir(path)).map((name) => [name.toUpperCase(), join(path, name)]),
  );
  const label = (name: string) => lookup(path, found, name);
  return {
    label,
    lines: (name) =>
      linesOf(
        createReadStream(label(name)),
        (error) => new ImportError(label(name), null, `cannot be read: ${cause(error)}`),
      ),
    bytes: (name) => Promise.resolve(createReadStream(label(name))),
    path: label,
    has: (name) => found.has(name.toUpperCase()),
    close: () => undefined,
  };
}

/**
 * Opens a zip and lists its entries. Every failure of the zip library (no end of central
 * directory, a bad entry header, data that does not inflate) becomes an ImportError naming the
 * zip: a damaged or cut-short download is bad input, to be told in one line, not a crash.
 */
async function openZip(path: string): Promise<DataSetFiles> {
  const damaged = (error: unknown, what: string) =>
    new ImportError(path, null, `the zip is damaged: ${what} (${cause(error)})`);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ImportError(path, null, `not a zip, or a damaged or cut-short one: ${cause(error)}`);
  }
  const found = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (!entry.fileName.endsWith('/')) found.set(basename(entry.fileName).toUpperCase(), entry);
    }
  } catch (error) {
    zip.close();
    throw damaged(error, 'listing its files failed');
  }
  const entry = (name: string) => lookup(path, found, name);
  const failed = (name: string) => (error: unknown) =>
    damaged(error, `reading ${entry(name).fileName} failed`);
  const inflated = async (name: string) => {
    try {
      return crcChecked(await zip.openReadStreamPromise(entry(name)), entry(name).crc32);
    } catch (error) {
      throw failed(name)(error);
    }
  };
  return {
    label: (name) => join(path, entry(name).fileName),
    async *lines(name) {
      yield* linesOf(await inflated(name), failed(name));
    },
    // The same checks as lines(): a damaged entry fails the copy in one line naming the zip.
    bytes: async (name) => Readable.from(rethrown(await inflated(name), failed(name))),
    path: () => undefined,
    has: (name) => found.has(name.toUpperCase()),
    close: () => {
      zip.close();
    },
  };
}

const hex = (crc: number) => crc.toString(16).padStart(8, '0');

/**
 * An entry's bytes, checked at the end against the CRC-32 the zip records. yauzl does not check
 * it, and damaged deflated data can inflate to the right length: only the CRC tells.
 */
async function* crcChecked(stream: Readable, expected: number): AsyncGenerator<Buffer> {
  let crc = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    crc = crc32(chunk, crc);
    yield chunk;
  }
  if (crc !== expected)
    throw new Error(`its CRC-32 is ${hex(crc)}, the zip records ${hex(expected)}`);
}

/** `chunks`, with a failure to read them thrown as `failed` makes it. */
async function* rethrown(
  chunks: AsyncIterable<Buffer>,
  failed: (error: unknown) => ImportError,
): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } catch (error) {
    throw failed(error);
  }
}

/**
 * Splits bytes into lines without holding more than one chunk. A failure to read them (a file
 * that cannot be read, zip data that does not inflate or fails its CRC) is thrown as `failed`
 * makes it.
 */
async function* linesOf(
  chunks: AsyncIterable<Buffer>,
  failed: (error: unknown) => ImportError,
): AsyncGenerator<string[]> {
  // Decodes UTF-8 across chunk boundaries: a character may be split between two chunks.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of chunks) {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop() ?? '';
      yield lines.map(withoutCr);
    }
  } catch (error) {
    // Only the reading throws here: a consumer that stops early returns through the yield.
    throw failed(error);
  }
  rest += decoder.end();
  if (rest !== '') yield [withoutCr(rest)];
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
