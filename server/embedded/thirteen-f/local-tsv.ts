import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSetFiles } from './sec-tsv.ts';
import { isProcessRunning } from '../../process-alive.ts';

/**
 * A data-set file as DuckDB's CSV reader needs it: a plain file on disk (a zip's entry is copied
 * out first: DuckDB cannot read inside a zip without an extension we do not ship), and what one
 * pass over its bytes tells about its lines. DuckDB splits lines as sec-tsv.ts does only when they
 * all end alike (LF, or CRLF) and no CR stands elsewhere; on a lone CR its strict reader fails the
 * statement, which would abort the import's transaction, so such a file is never handed to it.
 */
export interface LocalTsv {
  readonly path: string;
  /** The first line, decoded as sec-tsv.ts decodes it, without its line ending. */
  readonly header: string;
  /** Every line ends in LF, or every one in CRLF, and there is no other CR. */
  readonly plainEndings: boolean;
  /** Removes the copy, if one was made. */
  remove(): Promise<void>;
}

/** A header longer than this is not a real one: the file is left to sec-tsv.ts. */
const HEADER_LIMIT = 1 << 20;

/** Characters DuckDB reads as a glob in a path: such a path would not name the file itself. */
const GLOB = /[*?[\]{}]/;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Tells, a chunk at a time, whether a byte stream's line endings are plain, and keeps its first
 * line's bytes. Until a CR shows up, a chunk costs two memchr-like searches: only a file with CRs
 * has each line ending looked at.
 */
class LineScan {
  private size = 0;
  private lastByte = -1;
  private sawCr = false;
  private sawBareLf = false;
  private lf = 0;
  private crlf = 0;
  private cr = 0;
  private readonly headerParts: Buffer[] = [];
  private headerBytes = 0;
  private headerDone = false;

  add(chunk: Buffer): void {
    if (!this.headerDone) this.addHeader(chunk);
    if (!this.sawCr && chunk.indexOf(CR) === -1) {
      if (chunk.indexOf(LF) !== -1) this.sawBareLf = true;
    } else {
      this.sawCr = true;
      if (!this.sawBareLf) this.countEndings(chunk);
    }
    this.size += chunk.length;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1] ?? -1;
  }

  private countEndings(chunk: Buffer): void {
    for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
      this.lf += 1;
      if ((at > 0 ? chunk[at - 1] : this.lastByte) === CR) this.crlf += 1;
    }
    for (let at = chunk.indexOf(CR); at !== -1; at = chunk.indexOf(CR, at + 1)) this.cr += 1;
  }

  private addHeader(chunk: Buffer): void {
    const end = chunk.indexOf(LF);
    const part = end === -1 ? chunk : chunk.subarray(0, end);
    this.headerDone = end !== -1;
    this.headerBytes += part.length;
    if (this.headerBytes <= HEADER_LIMIT) this.headerParts.push(Buffer.from(part));
  }

  /** What was found, or undefined for a file sec-tsv.ts is left to read: empty, or no header. */
  result(): Omit<LocalTsv, 'path' | 'remove'> | undefined {
    if (this.size === 0 || this.headerBytes > HEADER_LIMIT) return undefined;
    // sec-tsv.ts decodes the whole stream, then splits at LF: an LF never ends inside a UTF-8
    // sequence, so decoding the first line alone gives the same text.
    const header = Buffer.concat(this.headerParts).toString('utf8');
    return {
      header: header.endsWith('\r') ? header.slice(0, -1) : header,
      // LF alone throughout, or CRLF throughout (an LF before the first CR makes them mixed).
      plainEndings:
        !this.sawCr || (!this.sawBareLf && this.cr === this.crlf && this.crlf === this.lf),
    };
  }
}

async function scan(stream: Readable): Promise<LineScan> {
  const lines = new LineScan();
  for await (const chunk of stream as AsyncIterable<Buffer>) lines.add(chunk);
  return lines;
}

/** Copies a stream to `path`, scanning it on the way. */
async function scanCopy(stream: Readable, path: string): Promise<LineScan> {
  const lines = new LineScan();
  await pipeline(
    stream,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        lines.add(chunk);
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  return lines;
}

/** A copy's folder in the temporary folder: `sec-tsv-<pid of the run>-<random>`. */
const COPY_PREFIX = 'sec-tsv-';
const COPY_FOLDER = /^sec-tsv-(\d+)-/;

/**
 * Removes the copies a killed run left in the temporary folder (a run removes its own when it
 * ends): those whose run's process is gone. About 100 MB a million rows each.
 */
export async function removeStaleCopies(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(COPY_FOLDER.exec(name)?.[1]);
    if (pid > 0 && !isProcessRunning(pid))
      await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * The data set's file `name` on disk, scanned; copied to a temporary folder when it is inside a
 * zip or its path would read as a glob. Undefined when it is empty or has no header line within
 * reach: sec-tsv.ts reads those and says what is wrong.
 */
export async function localTsv(files: DataSetFiles, name: string): Promise<LocalTsv | undefined> {
  const onDisk = files.path(name);
  if (onDisk !== undefined && !GLOB.test(resolve(onDisk))) {
    const found = (await scan(await files.bytes(name))).result();
    return found && { ...found, path: resolve(onDisk), remove: () => Promise.resolve() };
  }
  const dir = await mkdtemp(join(tmpdir(), `${COPY_PREFIX}${String(process.pid)}-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, basename(name));
    const found = (await scanCopy(await files.bytes(name), path)).result();
    if (found === undefined || GLOB.test(path)) {
      await remove();
      return undefined;
    }
    return { ...found, path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
