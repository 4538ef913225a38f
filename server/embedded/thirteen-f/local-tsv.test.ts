import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { localTsv, removeStaleCopies } from './local-tsv.ts';
import type { DataSetFiles } from './sec-tsv.ts';

/** A data set held in memory, as if inside a zip: its one file comes in chunks of `size` bytes. */
function inMemory(bytes: Buffer, size: number): DataSetFiles {
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  return {
    label: (name) => `memory/${name}`,
    lines: () => {
      throw new Error('not read by lines');
    },
    bytes: () => Promise.resolve(Readable.from(chunks)),
    path: () => undefined,
    has: () => true,
    close: () => undefined,
  };
}

describe('localTsv', () => {
  it.each([
    ['LF throughout', 'H\na\nb', true],
    ['CRLF throughout', 'H\r\na\r\nb\r\n', true],
    ['no line ending at all', 'H', true],
    ['a CRLF among LFs', 'H\na\r\nb\n', false],
    ['an LF among CRLFs', 'H\r\na\nb\r\n', false],
    ['a lone CR inside a line', 'H\na\rb\n', false],
    ['a CR ending the file', 'H\r\na\r', false],
    ['CR CR LF', 'H\r\r\na', false],
  ])('tells plain line endings from others: %s, in chunks of any size', async (_, text, plain) => {
    const bytes = Buffer.from(text);
    for (let size = 1; size <= bytes.length; size += 1) {
      const local = await localTsv(inMemory(bytes, size), 'INFOTABLE.tsv');
      expect([size, local?.plainEndings]).toEqual([size, plain]);
      await local?.remove();
    }
  });

  it('decodes the header line as the Node reader does: BOM kept, CR of CRLF dropped', async () => {
    const bytes = Buffer.from('\ufeffACCESSION_NUMBER\tCUSIP é\r\nx\ty\r\n');
    const local = await localTsv(inMemory(bytes, 5), 'INFOTABLE.tsv');
    expect(local?.header).toBe('\ufeffACCESSION_NUMBER\tCUSIP é');
    await local?.remove();
  });

  it('copies a file that is not on disk, byte for byte, and removes the copy', async () => {
    const bytes = Buffer.from('H\r\na\tb\r\n');
    const local = await localTsv(inMemory(bytes, 3), 'INFOTABLE.tsv');
    if (local === undefined) throw new Error('expected a copy');
    expect(readFileSync(local.path)).toEqual(bytes);
    await local.remove();
    expect(existsSync(local.path)).toBe(false);
  });

  it('leaves an empty file to the Node reader', async () => {
    expect(await localTsv(inMemory(Buffer.alloc(0), 1), 'INFOTABLE.tsv')).toBeUndefined();
  });
});

describe('removeStaleCopies', () => {
  const tmp = process.env.TMPDIR;
  afterEach(() => {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  });

  it('removes the copies of runs that were killed, and keeps those of runs alive', async () => {
    const folder = mkdtempSync(join(tmp ?? '/tmp', 'stale-copies-'));
    process.env.TMPDIR = folder;
    // A process that has ended: its pid names no running process (until reused, rarely soon).
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const names = [`sec-tsv-${String(gone)}-a1`, `sec-tsv-${String(process.pid)}-b2`, 'sec-tsv-c3'];
    for (const name of names) mkdirSync(join(folder, name));
    await removeStaleCopies();
    expect(names.map((name) => existsSync(join(folder, name)))).toEqual([false, true, true]);
    rmSync(folder, { recursive: true, force: true });
  });
});
