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
  const central: Buffer[] = [];
  let offset = 0;
  for (const name of (await readdir(folder)).sort()) {
    const file = join(folder, name);
    const { size } = await stat(file);
    let crc = 0;
    await eachChunk(file, (chunk) => (crc = crc32(chunk, crc)));
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed; flags, method (stored), time and date stay 0
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    await write(Buffer.concat([local, nameBytes]));
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) await write(chunk);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(size, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  out.end(Buffer.concat([directory, end]));
  await once(out, 'finish');
}
