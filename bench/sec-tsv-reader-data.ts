/**
 * The data of bench/sec-tsv-reader.bench.ts beyond the synthetic quarter itself: a copy of the
 * quarter with bad and unusual lines planted in it, and that copy zipped as SEC ships its data
 * sets, all streamed so memory stays flat whatever the size.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { secTable } from '../testing/sec-datasets.ts';
import { centralDirectory, localHeader } from '../testing/zip-file.ts';
import type { ZipEntryRecord } from '../testing/zip-file.ts';

const COLUMNS = secTable('INFOTABLE').header.split('\t');
const at = (column: string) => COLUMNS.indexOf(column);

/**
 * What is planted, in turn: lines each reader must leave out and report (the first six), lines
 * DuckDB's reader hands to Node that are fine (a signed number, a quoted name, trailing spaces),
 * and a blank line, which moves every later line number.
 */
const PLANTS: readonly ((fields: string[]) => string[] | string)[] = [
  (fields) => fields.with(at('SSHPRNAMT'), '-5'),
  (fields) => fields.with(at('CUSIP'), '12345'),
  (fields) => fields.with(at('VALUE'), ''),
  (fields) => fields.with(at('SSHPRNAMT'), '1,000'),
  (fields) => fields.with(at('NAMEOFISSUER'), 'ACME\tINC'),
  (fields) => fields.slice(0, 6),
  (fields) => fields.with(at('VALUE'), '+5'),
  (fields) => fields.with(at('NAMEOFISSUER'), '"""ALPHA"" BETA CORP"'),
  (fields) => fields.with(at('NAMEOFISSUER'), 'PADDED CORP  '),
  (fields) => `\n${fields.join('\t')}`,
];

/**
 * Copies the data set in `from` to `to`, INFOTABLE with one line in `every` replaced by the next
 * plant; returns how many lines were planted.
 */
export async function plantLines(from: string, to: string, every: number): Promise<number> {
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from))
    if (name !== 'INFOTABLE.tsv') await copyFile(join(from, name), join(to, name));
  const out = createWriteStream(join(to, 'INFOTABLE.tsv'));
  let rest = '';
  let line = 0;
  let planted = 0;
  const plant = (text: string) => {
    line += 1;
    if (line === 1 || line % every !== 0) return text;
    const edit = PLANTS[planted % PLANTS.length] ?? ((fields: string[]) => fields);
    planted += 1;
    const edited = edit(text.split('\t'));
    return typeof edited === 'string' ? edited : edited.join('\t');
  };
  const input = createReadStream(join(from, 'INFOTABLE.tsv'), { encoding: 'utf8' });
  for await (const chunk of input as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    if (!out.write(`${lines.map(plant).join('\n')}\n`)) await once(out, 'drain');
  }
  out.end(rest === '' ? '' : plant(rest));
  await once(out, 'finish');
  return planted;
}

/** Feeds every chunk of a file to `each`, in order. */
async function eachChunk(path: string, each: (chunk: Buffer) => void): Promise<void> {
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) each(chunk);
}

/**
 * Zips the files of `folder` into `path`, stored uncompressed, streamed: a first pass takes each
 * file's CRC, the second copies it behind its header. yauzl inflates SEC's deflated entries
 * for both readers alike, so storing them leaves out only a cost they share.
 */
export async function zipFolder(folder: string, path: string): Promise<void> {
  const out = createWriteStream(path);
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const entries: ZipEntryRecord[] = [];
  let offset = 0;
  for (const name of (await readdir(folder)).sort()) {
    const file = join(folder, name);
    const { size } = await stat(file);
    let crc = 0;
    await eachChunk(file, (chunk) => (crc = crc32(chunk, crc)));
    const entry = {
      name: Buffer.from(name),
      offset,
      crc,
      compressed: size,
      size,
      method: 0 as const,
      flags: 0,
    };
    const header = localHeader(entry);
    await write(header);
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) await write(chunk);
    entries.push(entry);
    offset += header.length + size;
  }
  out.end(centralDirectory(entries, offset));
  await once(out, 'finish');
}
