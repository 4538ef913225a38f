import { crc32, deflateRawSync } from 'node:zlib';

/** How `zipFile` writes its entries. */
export interface ZipOptions {
  /** Deflates the entries, as SEC's zips are, instead of storing them uncompressed. */
  readonly deflate?: boolean;
  /**
   * Damages this entry's deflated bytes three quarters in (implies `deflate`): its name, sizes
   * and CRC stay right, so the zip opens and inflating the entry fails part-way through.
   */
  readonly corrupt?: string;
}

/** Overwrites 64 bytes three quarters into `data` with a fixed pattern no deflate stream survives. */
function damaged(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  const at = Math.floor(copy.length * 0.75);
  for (let i = at; i < Math.min(copy.length, at + 64); i += 1) copy[i] = (i * 37) & 0xff;
  return copy;
}

/** A zip of the entries: all an importer's reader needs, no library. */
export function zipFile(
  entries: readonly (readonly [string, Buffer])[],
  options: ZipOptions = {},
): Buffer {
  const deflate = options.deflate === true || options.corrupt !== undefined;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const deflated = deflate ? deflateRawSync(data) : data;
    const stored = name === options.corrupt ? damaged(deflated) : deflated;
    const method = deflate ? 8 : 0;
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
