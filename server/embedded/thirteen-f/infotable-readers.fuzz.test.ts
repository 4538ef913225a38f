import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importBothWays,
  rawInfoTableLine,
  writeInfoTableLines,
} from '../../../testing/infotable-readers.ts';

// The 'fuzz' Vitest project runs this file (`npm run test:fuzz`): a few hundred imports, each of
// a data set written twice, so it stays out of the unit projects.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'infotable-readers-fuzz-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Characters where the two readers could part: quotes, every kind of space, digits and signs. */
const ALPHABET = [
  ...['"', '"', ' ', ' ', '\u00a0', '\u3000', '\ufeff', '\u000b', '\u200b', '\u0000'],
  ...['A', 'a', 'Z', 'ß', 'ı', 'é', '0', '1', '9', '.', 'e', 'E', '+', '-', 'x', ',', '_'],
];
const text = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 });
const field = (...usual: string[]) => fc.oneof(fc.constantFrom(...usual), text);

const line = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    ACCESSION_NUMBER: field('Q', 'OLD', 'NOTICE', 'OTHER', ' Q ', '"Q"'),
    NAMEOFISSUER: field('PLAIN CORP', '"QUOTED ""X"""', ' PADDED '),
    TITLEOFCLASS: field('COM', ''),
    CUSIP: field('037833100', '037833a10', '12345'),
    VALUE: field('100', '1.5', '-5', '', '1e3', '0x1F', '+7', ' 8 '),
    SSHPRNAMT: field('10', '0', '-1', '', '2.5'),
    SSHPRNAMTTYPE: field('SH', 'PRN', ''),
    PUTCALL: field('', 'Put', 'call', 'ß'),
  }).map(rawInfoTableLine) },
  { weight: 1, arbitrary: fc.constantFrom('', '  ', 'Q\tSHORT', `${rawInfoTableLine({})}\t`) },
); // prettier-ignore

describe('both INFOTABLE readers', () => {
  it('store the same rows and report the same bad lines for any lines', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        fc.boolean(),
        async (lines, zip, crlf) => {
          run += 1;
          const folder = join(dir, String(run));
          await mkdir(folder);
          const path = await writeInfoTableLines(folder, lines, { zip, crlf });
          const { duckdb, node } = await importBothWays(path);
          expect(duckdb).toEqual(node);
          await rm(folder, { recursive: true, force: true });
        },
      ),
      { numRuns: 150, seed: 33 },
    );
  });
});
