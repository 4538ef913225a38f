/**
 * A zip written as it goes, entry after entry, each deflated while written: a quarter of SEC's
 * INFOTABLE (hundreds of MB) never sits in memory, as it does in testing/zip-file.ts. Sizes and
 * CRC-32 follow each entry in a data descriptor (general-purpose flag bit 3) and are repeated in
 * the central directory, where readers take them. No Zip64: an entry stays under 4 GB.
 */
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import type { DeflateRaw } from 'node:zlib';
import { centralDirectory, localHeader } from '../testing/zip-file.ts';
import type { ZipEntryRecord } from '../testing/zip-file.ts';

/** Bit 3: sizes and CRC follow the data; bit 11: UTF-8 names. */
const FLAGS = 0x0808;
const DEFLATE = 8;

interface OpenEntry {
  readonly name: Buffer;
  readonly offset: number;
  readonly deflate: DeflateRaw;
  readonly done: Promise<unknown>;
  crc: number;
  size: number;
  compressed: number;
}

export class ZipStream {
  private readonly out: WriteStream;
  private readonly entries: ZipEntryRecord[] = [];
  private offset = 0;
  private entry: OpenEntry | undefined;

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** Starts an entry; what `write` is given goes into it until `endEntry`. */
  async beginEntry(name: string): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    // Sizes and CRC are not known yet: 0 here, in the data descriptor after the data.
    await this.put(
      localHeader({
        name: nameBytes,
        offset,
        crc: 0,
        compressed: 0,
        size: 0,
        method: DEFLATE,
        flags: FLAGS,
      }),
    );
    // Level 1: SEC's zips are deflated at some level; the fastest keeps writing quick.
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    const entry: OpenEntry = {
      name: nameBytes,
      offset,
      deflate,
      done: once(deflate, 'end'),
      crc: 0,
      size: 0,
      compressed: 0,
    };
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    this.entry = entry;
  }

  /** Adds text to the open entry, waiting when the deflater has enough queued. */
  async write(text: string): Promise<void> {
    const entry = this.entry;
    if (entry === undefined) throw new Error('no zip entry is open');
    const bytes = Buffer.from(text, 'utf8');
    entry.crc = crc32(bytes, entry.crc);
    entry.size += bytes.length;
    if (!entry.deflate.write(bytes)) await once(entry.deflate, 'drain');
  }

  /** Ends the open entry: its data descriptor, and its record for the central directory. */
  async endEntry(): Promise<void> {
    const entry = this.entry;
    if (entry === undefined) return;
    this.entry = undefined;
    entry.deflate.end();
    await entry.done;
    if (entry.size >= 2 ** 32 || this.offset >= 2 ** 32)
      throw new Error('a zip entry past 4 GB needs Zip64, which this writer does not write');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    const { name, offset, crc, compressed, size } = entry;
    this.entries.push({ name, offset, crc, compressed, size, method: DEFLATE, flags: FLAGS });
  }

  /** One whole entry from text already in memory (a small file). */
  async addEntry(name: string, text: string): Promise<void> {
    await this.beginEntry(name);
    await this.write(text);
    await this.endEntry();
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    await this.endEntry();
    this.out.end(centralDirectory(this.entries, this.offset));
    await once(this.out, 'finish');
  }
}
