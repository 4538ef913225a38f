import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fixtureFolder,
  infoTableXml,
  readInfoTableXml,
  removeFixtureFolders,
  writeFixture,
} from '../../../testing/thirteen-f.ts';
import type { XmlHolding } from '../../../testing/thirteen-f.ts';
import { ImportError } from './filing.ts';

afterAll(removeFixtureFolders);

const HOLDINGS: XmlHolding[] = [
  { issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares: 100 },
  { issuer: 'BETA INC', cusip: '000000BB2', value: 500, shares: 50 },
];

async function rows(file: string) {
  const read = [];
  for await (const row of readInfoTableXml(file)) read.push(row);
  return read;
}

describe('gzip-compressed information tables', () => {
  it('reads a .xml.gz file exactly as the same .xml', async () => {
    const folder = fixtureFolder();
    const text = infoTableXml(HOLDINGS, 'default-namespace');
    const plain = writeFixture(folder, 'filing.xml', text);
    const compressed = join(folder, 'filing.xml.gz');
    writeFileSync(compressed, gzipSync(text));
    const expected = await rows(plain);
    expect(expected).toHaveLength(2);
    expect(await rows(compressed)).toEqual(expected);
  });

  it('names the file when a .xml.gz is not gzip data', async () => {
    const folder = fixtureFolder();
    const file = writeFixture(folder, 'broken.xml.gz', infoTableXml(HOLDINGS, 'default-namespace'));
    const failure = await rows(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as Error).message).toContain('broken.xml.gz');
  });
});
