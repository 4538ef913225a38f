import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A way to damage one entry of a zip, as a bad disk or a broken download does. */
interface ZipDamage {
  readonly entry: string;
  /**
   * `inflating fails`: the entry's deflated bytes break off three quarters in with a block
   * deflate reserves as an error, so inflating stops there. `crc differs`: a byte three quarters
   * in is changed after the CRC-32 was taken, so the entry reads to its full length and only the
   * CRC tells.
   */
  readonly how: 'inflating fails' | 'crc differs';
}

/** How `zipFile` writes its entries. */
export interface ZipOptions {
  /** Deflates the entries, as SEC's zips are, instead of storing them uncompressed. */
  readonly deflate?: boolean;
  readonly damage?: ZipDamage;
}

/** An entry's bytes as the zip holds them: stored or deflated, and damaged as asked. */
function entryBytes(data: Buffer, deflate: boolean, how: ZipDamage['how'] | undefined): Buffer {
  const at = Math.floor(data.length * 0.75);
  if (how === 'inflating fails') {
    // A full flush ends the first part on a byte boundary, where the next block's header starts:
    // 0b110 is a non-final block of type 3, a type deflate reserves, which inflating refuses.
    const head = deflateRawSync(data.subarray(0, at), { finishFlush: constants.Z_FULL_FLUSH });
    return Buffer.concat([head, Buffer.from([0b110, 0, 0, 0])]);
  }
  const content = Buffer.from(data);
  if (how === 'crc differs') content[at] = (content[at] ?? 0) ^ 0x01;
  return deflate ? deflateRawSync(content) : content;
}

/** What a zip's local header and central directory say of an entry. */
export interface ZipEntryRecord {
  readonly name: Buffer;
  /** Where its local header starts. */
  readonly offset: number;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
  /** 0: stored; 8: deflated. */
  readonly method: 0 | 8;
  /** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: UTF-8 names. */
  readonly flags: number;
}

/**
 * The fields a local header and a central record share, from "version needed" on: they sit two
 * bytes later in the central record, after "made by". Time stays 0.
 */
function writeShared(record: Buffer, at: number, entry: ZipEntryRecord): void {
  record.writeUInt16LE(20, at);
  record.writeUInt16LE(entry.flags, at + 2);
  record.writeUInt16LE(entry.method, at + 4);
  record.writeUInt16LE(0x21, at + 8); // date: 1980-01-01
  record.writeUInt32LE(entry.crc, at + 10);
  record.writeUInt32LE(entry.compressed, at + 14);
  record.writeUInt32LE(entry.size, at + 18);
  record.writeUInt16LE(entry.name.length, at + 22);
}

/** An entry's local header and name. */
export function localHeader(entry: ZipEntryRecord): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  writeShared(local, 4, entry);
  return Buffer.concat([local, entry.name]);
}

/** An entry's record in the central directory, and its name. */
function centralRecord(entry: ZipEntryRecord): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by
  writeShared(central, 6, entry);
  central.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([central, entry.name]);
}

/** The central directory of `entries`, which starts at `offset`, and its end record. */
export function centralDirectory(entries: readonly ZipEntryRecord[], offset: number): Buffer {
  const directory = Buffer.concat(entries.map(centralRecord));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** A zip of the entries: all an importer's reader needs, no library. */
export function zipFile(
  entries: readonly (readonly [string, Buffer])[],
  options: ZipOptions = {},
): Buffer {
  const deflate = options.deflate === true;
  const parts: Buffer[] = [];
  const records: ZipEntryRecord[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const how = name === options.damage?.entry ? options.damage.how : undefined;
    const stored = entryBytes(data, deflate, how);
    const method = deflate || how === 'inflating fails' ? 8 : 0;
    const record = {
      name: Buffer.from(name, 'utf8'),
      offset,
      crc: crc32(data),
      compressed: stored.length,
      size: data.length,
      method,
      flags: 0x0800, // UTF-8 names
    } as const;
    const header = localHeader(record);
    parts.push(header, stored);
    records.push(record);
    offset += header.length + stored.length;
  }
  return Buffer.concat([...parts, centralDirectory(records, offset)]);
}

/** The first half of a zip's bytes, as a download cut short leaves it. */
export function cutShort(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/** As many bytes of no zip at all, the same every run. */
export function garbage(bytes: Buffer): Buffer {
  return Buffer.from(bytes.map((_, i) => (i * 131 + 7) & 0xff));
}
