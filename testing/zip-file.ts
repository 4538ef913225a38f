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

/** A zip of the entries: all an importer's reader needs, no library. */
export function zipFile(
  entries: readonly (readonly [string, Buffer])[],
  options: ZipOptions = {},
): Buffer {
  const deflate = options.deflate === true;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const how = name === options.damage?.entry ? options.damage.how : undefined;
    const stored = entryBytes(data, deflate, how);
    const method = deflate || how === 'inflating fails' ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    // Extra and comment lengths, disk, attributes: all zero.
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, stored);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The first half of a zip's bytes, as a download cut short leaves it. */
export function cutShort(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/** As many bytes of no zip at all, the same every run. */
export function garbage(bytes: Buffer): Buffer {
  return Buffer.from(bytes.map((_, i) => (i * 131 + 7) & 0xff));
}
