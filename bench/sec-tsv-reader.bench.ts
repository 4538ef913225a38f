/**
 * The two INFOTABLE readers of SEC's 13F data sets side by side (issue #33 item 3): DuckDB's CSV
 * reader with the checks in SQL, and Node's own parser. Writes one synthetic quarter in SEC's
 * format (3M rows, 8,000 filers by default, as bench/13f-scale.bench.ts) and a zipped copy of it
 * with a few hundred bad and unusual lines planted, then imports each data set into a fresh
 * store with each reader, in alternating order, each import in a process of its own
 * (bench/sec-tsv-reader-child.ts). Prints rows/s, the import's time and CPU, peak RSS and the
 * ratio of the two; exits 1 when the readers store different rows or report different bad
 * lines, or when DuckDB's reader is not at least 1.5 × as fast on the quarter.
 *
 *   npm run bench:sec-tsv-reader -- [--rows 3000000] [--rounds 2] [--seconds 3600]
 *
 * The full size takes about 5 minutes on the shared 2-core machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { BadLine } from '../server/embedded/thirteen-f/datasets.ts';
import { writeQuarters } from './13f-scale-data.ts';
import { boundedTempRun } from './bounded-run.ts';
import { plantLines, zipFolder } from './sec-tsv-reader-data.ts';
import { formatMs } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '3000000' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '3600' },
  },
});
const rows = Number(args.rows);
const rounds = Math.max(1, Number(args.rounds));
const GOAL_RATIO = 1.5;
const READERS = ['duckdb', 'node'] as const;
type Reader = (typeof READERS)[number];

const CHILD = fileURLToPath(new URL('./sec-tsv-reader-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { dir, cleanUp } = await boundedTempRun('sec-tsv-reader-bench-', Number(args.seconds));
const deadline = performance.now() + Number(args.seconds) * 1000;

interface Run {
  readonly dataSet: string;
  readonly reader: Reader;
  readonly rows: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly peakRssBytes: number;
  readonly fingerprint: string;
  readonly badLines: readonly BadLine[];
  /** The machine's 1-minute load average as the import ended. */
  readonly load: number;
  /** User-space instructions of the whole child process (Node's start included), or NaN. */
  readonly instructions: number;
}

/**
 * Whether `perf` counts this machine's instructions: a count the other processes on a shared
 * machine do not move, unlike time (where perf_event_paranoid or a VM allows it).
 */
const perfCheck = spawnSync('perf', ['stat', '-x,', '-e', 'instructions:u', '--', 'true'], {
  encoding: 'utf8',
});
const PERF = perfCheck.error === undefined && /^\d+,/m.test(perfCheck.stderr);

/** Instructions the child ran in user space, from perf's CSV output; NaN without perf. */
async function instructions(file: string): Promise<number> {
  if (!PERF) return Number.NaN;
  const line = (await readFile(file, 'utf8')).split('\n').find((l) => l.includes('instructions'));
  return Number(line?.split(',')[0]);
}

/** Imports `path` with `reader` into a fresh store, in a child process. */
async function importOnce(name: string, path: string, reader: Reader): Promise<Run> {
  const store = join(dir, `${reader}.duckdb`);
  const counters = join(dir, `${reader}.perf`);
  const node = [process.execPath, '--import', 'tsx', CHILD, path, store, reader];
  const [command = '', ...rest] = PERF
    ? ['perf', 'stat', '-x,', '-e', 'instructions:u', '-o', counters, '--', ...node]
    : node;
  const child = spawn(command, rest, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const killer = setTimeout(
    () => child.kill('SIGKILL'),
    Math.max(1000, deadline - performance.now()),
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  await rm(store, { force: true });
  await rm(`${store}.wal`, { force: true });
  if (code !== 0) throw new Error(`the ${reader} import of ${name} failed (exit ${String(code)})`);
  const figures = JSON.parse(output) as Omit<Run, 'dataSet' | 'reader' | 'load' | 'instructions'>;
  const load = loadavg()[0] ?? Number.NaN;
  return { ...figures, dataSet: name, reader, load, instructions: await instructions(counters) };
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');
/** The middle value, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const high = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? high : ((sorted[middle - 1] ?? Number.NaN) + high) / 2;
}

const giga = (n: number) => (Number.isNaN(n) ? 'n/a' : `${(n / 1e9).toFixed(1)} G`);

function printRun(run: Run): void {
  console.log(
    `  ${run.dataSet.padEnd(22)}${run.reader.padEnd(8)}${count(run.rows / run.seconds).padStart(12)}` +
      `${formatMs(run.seconds * 1000).padStart(10)}${`${run.cpuSeconds.toFixed(1)} s`.padStart(9)}` +
      `${mb(run.peakRssBytes).padStart(9)}${giga(run.instructions).padStart(9)}${run.load.toFixed(1).padStart(6)}`,
  );
}

/** Imports `path` with both readers `pairs` times, alternating which goes first. */
async function compare(name: string, path: string, pairs: number): Promise<Run[]> {
  const runs: Run[] = [];
  for (let pair = 0; pair < pairs && performance.now() < deadline; pair += 1) {
    const order = pair % 2 === 0 ? READERS : [...READERS].reverse();
    for (const reader of order) {
      const run = await importOnce(name, path, reader);
      printRun(run);
      runs.push(run);
    }
  }
  return runs;
}

/** The figures of one data set, both readers side by side; false when the readers differ. */
function summarize(name: string, runs: readonly Run[], goal?: number): boolean {
  const of = (reader: Reader) => runs.filter((run) => run.reader === reader);
  const figures = READERS.map((reader) => {
    const list = of(reader);
    const rates = list.map((run) => run.rows / run.seconds);
    const mid = (pick: (run: Run) => number) => median(list.map(pick));
    return {
      reader,
      median: median(rates),
      best: Math.max(...rates),
      line: `${count(median(rates))} rows/s (best ${count(Math.max(...rates))}), ${mb(mid((r) => r.peakRssBytes))} peak RSS, ${mid((r) => r.cpuSeconds).toFixed(1)} s CPU, ${giga(mid((r) => r.instructions))} instructions`,
      instructions: mid((r) => r.instructions),
    };
  });
  const [duckdb, node] = figures as [(typeof figures)[0], (typeof figures)[0]];
  const ratio = duckdb.median / node.median;
  console.log(`\n${name}, medians of ${runs.length / 2} imports each:`);
  for (const figure of figures) console.log(`  ${figure.reader.padEnd(7)} ${figure.line}`);
  console.log(
    `  DuckDB ÷ Node: ${ratio.toFixed(2)} × the rows/s (best runs ${(duckdb.best / node.best).toFixed(2)} ×), ` +
      `${(duckdb.instructions / node.instructions).toFixed(2)} × the instructions`,
  );
  const [first] = runs;
  const same = runs.every(
    (run) =>
      run.fingerprint === first?.fingerprint && isDeepStrictEqual(run.badLines, first.badLines),
  );
  console.log(
    `  stored: ${first?.fingerprint ?? '?'}; bad lines: ${count(first?.badLines.length ?? 0)}, ` +
      (same ? 'the same with both readers' : 'DIFFERENT between the readers'),
  );
  if (goal !== undefined)
    console.log(`  goal: DuckDB ≥ ${goal} × Node's rows/s: ${ratio >= goal ? 'met' : 'MISSED'}`);
  return same && (goal === undefined || ratio >= goal);
}

let ok: boolean;
try {
  console.log(
    `${availableParallelism()} cores; writing a quarter of ${count(rows)} INFOTABLE rows...`,
  );
  const written = performance.now();
  const data = await writeQuarters(dir, {
    rows,
    filers: Math.max(50, Math.round(rows / 375)),
    issuers: 30_000,
    seed: 17,
  });
  // writeQuarters writes two quarters; one is all this bench reads.
  await rm(data.folders[1], { recursive: true, force: true });
  const planted = join(dir, 'planted');
  const plants = await plantLines(data.folders[0], planted, Math.max(2, Math.floor(rows / 300)));
  const zip = join(dir, 'planted.zip');
  await zipFolder(planted, zip);
  await rm(planted, { recursive: true, force: true });
  console.log(
    `Written in ${formatMs(performance.now() - written)}, ${count(plants)} lines planted in the copy.\n`,
  );

  console.log(
    `  ${'data set'.padEnd(22)}${'reader'.padEnd(8)}${'rows/s'.padStart(12)}${'import'.padStart(10)}` +
      `${'CPU'.padStart(9)}${'peak RSS'.padStart(9)}${'instr.'.padStart(9)}${'load'.padStart(6)}`,
  );
  const quarter = await compare('quarter (folder)', data.folders[0], rounds);
  const withPlants = await compare('planted lines (zip)', zip, rounds);
  const quarterOk = summarize('quarter (folder)', quarter, GOAL_RATIO);
  const plantedOk = summarize('planted lines (zip)', withPlants);
  // The quarter is clean; the copy must have bad lines to compare, or the comparison is empty.
  ok = quarterOk && plantedOk && quarter[0]?.badLines.length === 0;
  ok &&= (withPlants[0]?.badLines.length ?? 0) > 0;
} finally {
  cleanUp();
}
process.exit(ok ? 0 : 1);
