/**
 * Writes two consecutive synthetic SEC 13F quarters in SEC's exact data-set format (see
 * 13f-quarters.ts for their shape), one filer at a time and streamed with back-pressure, so the
 * writer's memory stays flat whatever the size.
 */
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { Random } from '../server/embedded/demo/random.ts';
import {
  coverPageRecord,
  infoTableRecord,
  secTable,
  submissionRecord,
} from '../testing/sec-datasets.ts';
import type { SecSubmission } from '../testing/sec-datasets.ts';
import {
  filerSizes,
  firstQuarter,
  IssuerPicker,
  makeIssuers,
  nextQuarter,
} from './13f-quarters.ts';
import type { Issuer, Position } from './13f-quarters.ts';

export interface ScaleShape {
  readonly rows: number;
  readonly filers: number;
  readonly issuers: number;
  readonly seed: number;
}

export interface WrittenQuarters {
  readonly folders: readonly [string, string];
  readonly periods: readonly [string, string];
  readonly rows: readonly [number, number];
  /** The filer with the most positions, and the most widely held issuer's CUSIP. */
  readonly largestFiler: string;
  readonly widestCusip: string;
}

const QUARTERS = [
  { period: '2025-03-31', filed: '2025-05-15', tag: '25-1' },
  { period: '2025-06-30', filed: '2025-08-14', tag: '25-2' },
] as const;

export const filerName = (i: number) => `MANAGER ${i} CAPITAL LLC`;

function submissionsFor(quarter: (typeof QUARTERS)[number], filers: number): SecSubmission[] {
  return Array.from({ length: filers }, (_, i) => ({
    accession: `0000950123-${quarter.tag}${String(i).padStart(5, '0')}`,
    cik: String(1_000_000 + i),
    filerName: filerName(i),
    filingDate: quarter.filed,
    periodOfReport: quarter.period,
    submissionType: '13F-HR' as const,
  }));
}

/** Where text goes, in order, waiting when the disk asks it to. */
interface TextSink {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/** A file as a `TextSink`. */
function fileSink(path: string): TextSink {
  const out: WriteStream = createWriteStream(path);
  return {
    write: async (text) => {
      if (!out.write(text)) await once(out, 'drain');
    },
    close: async () => {
      out.end();
      await once(out, 'finish');
    },
  };
}

/** INFOTABLE lines in blocks of 10,000, header first, written to a sink. */
export class InfoTableWriter {
  private readonly table = secTable('INFOTABLE');
  private block: string[];
  private sk = 0;
  rows = 0;

  constructor(
    private readonly sink: TextSink,
    private readonly issuers: readonly Issuer[],
  ) {
    this.block = [this.table.header];
  }

  /** A filing's positions, valued at `prices` (one per issuer). */
  async add(
    accession: string,
    positions: readonly Position[],
    prices: Float64Array,
  ): Promise<void> {
    for (const { issuer: index, shares } of positions) {
      const issuer = this.issuers[index];
      if (!issuer) continue;
      this.sk += 1;
      this.rows += 1;
      const record = {
        accession,
        nameOfIssuer: issuer.name,
        titleOfClass: 'COM',
        cusip: issuer.cusip,
        value: Math.round(shares * (prices[index] ?? 1)),
        shares,
        shareType: 'SH',
      };
      this.block.push(this.table.line(infoTableRecord(record, this.sk)));
    }
    if (this.block.length >= 10_000) {
      const text = `${this.block.join('\n')}\n`;
      this.block = [];
      await this.sink.write(text);
    }
  }

  async close(): Promise<void> {
    if (this.block.length > 0) await this.sink.write(`${this.block.join('\n')}\n`);
    this.block = [];
    await this.sink.close();
  }
}

async function writeHeaderFiles(folder: string, filed: readonly SecSubmission[]): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const [file, toRecord] of [
    ['SUBMISSION', submissionRecord],
    ['COVERPAGE', coverPageRecord],
  ] as const) {
    const table = secTable(file);
    const lines = [table.header, ...filed.map((s) => table.line(toRecord(s)))];
    await writeFile(join(folder, `${file}.tsv`), `${lines.join('\n')}\n`);
  }
}

/** Writes both quarters under `dir` (folders `q1` and `q2`) and says where and what. */
export async function writeQuarters(dir: string, shape: ScaleShape): Promise<WrittenQuarters> {
  const random = Random.derive(shape.seed, 'positions');
  const issuers = makeIssuers(shape.issuers);
  const picker = new IssuerPicker(shape.issuers);
  const sizes = filerSizes(shape.rows, shape.filers, Math.floor(shape.issuers / 2));
  const priceOne = Float64Array.from(issuers, () => random.float(2, 600));
  // Prices move between quarters, so values change even where shares do not.
  const priceTwo = priceOne.map((price) => price * random.float(0.85, 1.15));
  const folders = [join(dir, 'q1'), join(dir, 'q2')] as const;
  const filed = QUARTERS.map((quarter) => submissionsFor(quarter, shape.filers));
  for (const [q, folder] of folders.entries()) await writeHeaderFiles(folder, filed[q] ?? []);
  const writers = [
    new InfoTableWriter(fileSink(join(folders[0], 'INFOTABLE.tsv')), issuers),
    new InfoTableWriter(fileSink(join(folders[1], 'INFOTABLE.tsv')), issuers),
  ] as const;
  for (const [i, size] of sizes.entries()) {
    const before = firstQuarter(random, picker, size);
    await writers[0].add(filed[0]?.[i]?.accession ?? '', before, priceOne);
    const after = nextQuarter(random, picker, before);
    await writers[1].add(filed[1]?.[i]?.accession ?? '', after, priceTwo);
  }
  await Promise.all(writers.map((writer) => writer.close()));
  return {
    folders,
    periods: [QUARTERS[0].period, QUARTERS[1].period],
    rows: [writers[0].rows, writers[1].rows],
    largestFiler: filerName(0),
    widestCusip: issuers[0]?.cusip ?? '',
  };
}
