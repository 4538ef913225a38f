/**
 * Writes the 13F scale bench's data sets: `quarters` periods of synthetic filings as SEC
 * publishes them, one zip per data-set file (13f-scale-layout.ts says which file holds what),
 * and the file after them apart. Filers are written one at a time, every zip open at once and
 * its INFOTABLE deflated as it is written, so memory stays flat whatever the size: only the
 * small SUBMISSION and COVERPAGE files are kept in memory until their zip is closed.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Random } from '../server/embedded/demo/random.ts';
import { coverPageRecord, secTable, submissionRecord } from '../testing/sec-datasets.ts';
import type { SecSubmission } from '../testing/sec-datasets.ts';
import {
  filerSizes,
  firstQuarter,
  IssuerPicker,
  makeIssuers,
  nextQuarter,
} from './13f-quarters.ts';
import type { Position } from './13f-quarters.ts';
import { filerName, InfoTableWriter } from './13f-scale-data.ts';
import type { ScaleShape } from './13f-scale-data.ts';
import {
  accessionOf,
  dataSetFiles,
  filerRandom,
  periodOf,
  planFilings,
} from './13f-scale-layout.ts';
import type { PlannedFiling } from './13f-scale-layout.ts';
import { ZipStream } from './zip-stream.ts';

export interface SetShape extends ScaleShape {
  /** The periods of the history; the file after them is written apart (`next`). */
  readonly quarters: number;
}

export interface WrittenSet {
  /** A folder holding the history's zips, and the path of the file after them. */
  readonly history: string;
  readonly next: string;
  /** Every file's name, the next one last, and the INFOTABLE rows each holds. */
  readonly files: readonly string[];
  readonly rows: readonly number[];
  /** The periods of the history, then the next file's own. */
  readonly periods: readonly string[];
  /** The filer with the most positions, and the most widely held issuer's CUSIP. */
  readonly largestFiler: string;
  readonly widestCusip: string;
}

/** One data-set file being written: its zip, INFOTABLE as it goes, the filings it holds. */
interface OpenFile {
  readonly zip: ZipStream;
  readonly infoTable: InfoTableWriter;
  readonly filed: SecSubmission[];
}

/** The positions a planned filing reports: the quarter's, restated ones, or a few new ones. */
function reported(
  filing: PlannedFiling,
  positions: readonly Position[],
  random: Random,
  picker: IssuerPicker,
): readonly Position[] {
  if (filing.empty) return [];
  if (filing.kind === 'original') return positions;
  if (filing.kind === 'RESTATEMENT')
    return positions.map((position) =>
      random.chance(0.2)
        ? { ...position, shares: Math.max(1, Math.round(position.shares * random.float(0.9, 1.1))) }
        : position,
    );
  const held = new Set(positions.map((position) => position.issuer));
  return picker
    .pick(random, random.int(1, 5), held)
    .map((issuer) => ({ issuer, shares: random.int(100, 500_000) }));
}

function submission(filing: PlannedFiling, filer: number): SecSubmission {
  return {
    accession: accessionOf(filing, filer),
    cik: String(1_000_000 + filer),
    filerName: filerName(filer),
    filingDate: filing.filed,
    periodOfReport: periodOf(filing.period),
    submissionType: filing.kind === 'original' ? '13F-HR' : '13F-HR/A',
    ...(filing.kind === 'original' ? {} : { amendmentType: filing.kind }),
  };
}

/** Closes a file: SUBMISSION and COVERPAGE after INFOTABLE, then the central directory. */
async function closeFile(file: OpenFile): Promise<void> {
  await file.infoTable.close();
  for (const [name, toRecord] of [
    ['SUBMISSION', submissionRecord],
    ['COVERPAGE', coverPageRecord],
  ] as const) {
    const table = secTable(name);
    const lines = [table.header, ...file.filed.map((s) => table.line(toRecord(s)))];
    await file.zip.addEntry(`${name}.tsv`, `${lines.join('\n')}\n`);
  }
  await file.zip.close();
}

/** Prices per period: each moves from the one before, so values change where shares do not. */
function pricesByPeriod(random: Random, issuers: number, periods: number): Float64Array[] {
  let current = Float64Array.from({ length: issuers }, () => random.float(2, 600));
  const prices = [current];
  for (let k = 1; k < periods; k += 1) {
    current = current.map((price) => price * random.float(0.85, 1.15));
    prices.push(current);
  }
  return prices;
}

/** Writes the history's zips under `dir/history`, the next file under `dir/next`. */
export async function writeDataSets(dir: string, shape: SetShape): Promise<WrittenSet> {
  const files = dataSetFiles(shape.quarters + 1);
  const issuers = makeIssuers(shape.issuers);
  const picker = new IssuerPicker(shape.issuers);
  const prices = pricesByPeriod(Random.derive(shape.seed, 'prices'), shape.issuers, files.length);
  const sizes = filerSizes(shape.rows, shape.filers, Math.floor(shape.issuers / 2));
  const history = join(dir, 'history');
  const nextDir = join(dir, 'next');
  await mkdir(history, { recursive: true });
  await mkdir(nextDir, { recursive: true });
  const folderOf = (index: number) => (index < shape.quarters ? history : nextDir);
  const open: OpenFile[] = [];
  for (const [index, file] of files.entries()) {
    const zip = new ZipStream(join(folderOf(index), file.name));
    await zip.beginEntry('INFOTABLE.tsv');
    // Closing INFOTABLE ends its entry; the zip takes two more before it is closed.
    const entry = { write: (text: string) => zip.write(text), close: () => zip.endEntry() };
    open.push({ zip, infoTable: new InfoTableWriter(entry, issuers), filed: [] });
  }
  for (const [filer, size] of sizes.entries()) {
    const random = filerRandom(shape.seed, filer);
    let positions = firstQuarter(random, picker, size);
    for (let k = 0; k < files.length; k += 1) {
      if (k > 0) positions = nextQuarter(random, picker, positions);
      for (const filing of planFilings(files, filer, k, random)) {
        const target = open[filing.file];
        if (target === undefined) continue;
        const accession = accessionOf(filing, filer);
        const rows = reported(filing, positions, random, picker);
        target.filed.push(submission(filing, filer));
        await target.infoTable.add(accession, rows, prices[k] ?? new Float64Array(0));
      }
    }
  }
  for (const file of open) await closeFile(file);
  return {
    history,
    next: join(nextDir, files[shape.quarters]?.name ?? ''),
    files: files.map((file) => file.name),
    rows: open.map((file) => file.infoTable.rows),
    periods: files.map((_, k) => periodOf(k)),
    largestFiler: filerName(0),
    widestCusip: issuers[0]?.cusip ?? '',
  };
}

/**
 * The data sets of `shape` under `root`: written there once, then reused while `set.json` says
 * they were written whole (a long run keeps them in `--data-dir` for the next).
 */
export async function cachedDataSets(root: string, shape: SetShape): Promise<WrittenSet> {
  const { quarters, rows, filers, issuers, seed } = shape;
  const dir = join(
    root,
    `13f-q${String(quarters)}-r${String(rows)}-f${String(filers)}-i${String(issuers)}-s${String(seed)}`,
  );
  const done = join(dir, 'set.json');
  try {
    return JSON.parse(await readFile(done, 'utf8')) as WrittenSet;
  } catch {
    // Not written yet, or cut short: written anew.
  }
  await rm(dir, { recursive: true, force: true });
  const set = await writeDataSets(dir, shape);
  await writeFile(done, JSON.stringify(set));
  return set;
}
