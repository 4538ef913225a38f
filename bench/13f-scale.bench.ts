/**
 * SEC 13F at scale (#33): writes `--quarters` periods of synthetic filings as SEC publishes them
 * (13f-scale-layout.ts: quarter and window zips, late filings and amendments in later files;
 * per period `--rows` INFOTABLE rows, by default a real quarter's 3M over 8,000 filers, ~80 % of
 * positions carried from the quarter before), and the file after them apart. Then, with the real
 * CLI and server as child processes (public interfaces only: CLI, environment, HTTP):
 *
 * 1. imports the whole history in one run into an empty store (rows/s, peak RSS);
 * 2. imports the next file into a copy of that store, and into an empty store (the ratio);
 * 3. SIGKILLs `--kills` imports of the next file at random times (13f-scale-kills.ts);
 * 4. starts the server on the full store, times the views across managers (where it serves the
 *    aggregates) and four analyst queries, then the same two of them in DuckDB on the file.
 *
 *   npm run bench:13f-scale -- [--quarters 12] [--rows 3000000] [--filers N] [--kills 10]
 *     [--iterations 20] [--seconds 14400] [--data-dir DIR] [--json var/bench/13f-scale.json]
 *
 * `--data-dir` keeps the written zips there and reuses them on the next run of the same shape.
 * `npm run bench` runs `--quarters 3 --rows 30000 --kills 2` as a quick check (~1 minute).
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runImport } from './13f-scale-children.ts';
import type { ImportRun } from './13f-scale-children.ts';
import { killRuns } from './13f-scale-kills.ts';
import { GB, count, mb, printTable, seconds } from './13f-scale-report.ts';
import type { Row } from './13f-scale-report.ts';
import { measureServer } from './13f-scale-serving.ts';
import { cachedDataSets } from './13f-scale-sets.ts';
import type { WrittenSet } from './13f-scale-sets.ts';
import { directTimings, inspectStore, removeStore } from './13f-scale-store.ts';
import { boundedTempRun } from './bounded-run.ts';
import { closeConnections } from './loopback-post.ts';

const { values: args } = parseArgs({
  options: {
    quarters: { type: 'string', default: '12' },
    rows: { type: 'string', default: '3000000' },
    filers: { type: 'string' },
    issuers: { type: 'string', default: '30000' },
    kills: { type: 'string', default: '10' },
    iterations: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '14400' },
    'data-dir': { type: 'string' },
    json: { type: 'string', default: 'var/bench/13f-scale.json' },
    seed: { type: 'string', default: '17' },
  },
});
const rows = Number(args.rows);
const shape = {
  quarters: Number(args.quarters),
  rows,
  // A real quarter averages ~375 positions per filer; a smaller run keeps that average.
  filers: Number(args.filers ?? Math.max(50, Math.round(rows / 375))),
  issuers: Number(args.issuers),
  seed: Number(args.seed),
};
const iterations = Number(args.iterations);
const deadline = performance.now() + Number(args.seconds) * 1000;
const remainingMs = () => Math.max(1000, deadline - performance.now());
const { dir, cleanUp } = await boundedTempRun('13f-scale-bench-', Number(args.seconds));

function storeBytes(store: string): number {
  return [store, `${store}.wal`].reduce((sum, file) => {
    try {
      return sum + statSync(file).size;
    } catch {
      return sum; // No write-ahead log left after a clean close.
    }
  }, 0);
}

/** The runs' TMPDIR: where a zip's INFOTABLE is copied, so what a killed run leaves shows. */
const tmp = join(dir, 'tmp');
mkdirSync(tmp, { recursive: true });
const env = { TMPDIR: tmp };

function printRun(run: ImportRun): void {
  console.log(
    `  import ${seconds(run.seconds)}, derived ${run.derived} in ${seconds(run.deriveSeconds)}; wall ${seconds(run.wallSeconds)}, peak RSS ${mb(run.peakRssBytes)}`,
  );
}

/** The history in one run, then the next file into a copy of it and into an empty store. */
async function importAll(data: WrittenSet) {
  const history = join(dir, 'history.duckdb');
  console.log(`\nImporting the history (${String(shape.quarters)} files) in one run...`);
  const whole = await runImport([data.history], history, { timeoutMs: remainingMs(), env });
  printRun(whole);
  const full = join(dir, 'full.duckdb');
  copyFileSync(history, full);
  console.log('Importing the next file into the history...');
  const added = await runImport([data.next], full, { timeoutMs: remainingMs(), env });
  printRun(added);
  console.log('Importing the next file into an empty store...');
  const empty = join(dir, 'alone.duckdb');
  const alone = await runImport([data.next], empty, { timeoutMs: remainingMs(), env });
  printRun(alone);
  removeStore(empty, tmp);
  return { history, full, whole, added, alone };
}

/** The table's rows for the imports and the kills (the server's come from measureServer). */
function importRows(whole: ImportRun, added: ImportRun, alone: ImportRun): Row[] {
  const importRate = whole.rows / whole.seconds;
  const servedRate = whole.rows / (whole.seconds + whole.deriveSeconds);
  const ratio = added.wallSeconds / alone.wallSeconds;
  return [
    {
      figure: `the next file into the ${String(shape.quarters)}-quarter store vs into an empty one (wall, import + derive)`,
      measured: `${seconds(added.wallSeconds)} vs ${seconds(alone.wallSeconds)}: ×${ratio.toFixed(2)}`,
      goal: '≤ 1.3×',
      met: ratio <= 1.3,
    },
    {
      figure: `whole-history import, ${String(shape.quarters)} files in one run: rows/s (import alone)`,
      measured: `${count(importRate)} rows/s (${count(whole.rows)} rows in ${seconds(whole.seconds)}; derive ${seconds(whole.deriveSeconds)})`,
      goal: '≥ 150,000 rows/s',
      met: importRate >= 150_000,
    },
    {
      // What the operator waits for: the rows are served once derived.
      figure: '  the same, import and derivation (until the store serves them)',
      measured: `${count(servedRate)} rows/s (${count(whole.rows)} rows in ${seconds(whole.seconds + whole.deriveSeconds)})`,
      goal: '≥ 150,000 rows/s',
      met: servedRate >= 150_000,
    },
    {
      figure: '  peak RSS of that import process',
      measured: mb(whole.peakRssBytes),
      goal: '≤ 2 GB',
      met: whole.peakRssBytes <= 2 * GB,
    },
  ];
}

async function main(): Promise<boolean> {
  const started = performance.now();
  const data = await cachedDataSets(args['data-dir'] ?? join(dir, 'data'), shape);
  console.log(`Data sets ready in ${seconds((performance.now() - started) / 1000)}:`);
  for (const [i, name] of data.files.entries())
    console.log(`  ${name}: ${count(data.rows[i] ?? 0)} INFOTABLE rows`);
  const { history, full, whole, added, alone } = await importAll(data);

  console.log(`\nKilling ${args.kills} imports of the next file (kill -9 at a random time)...`);
  const kills = await killRuns({
    store: history,
    dataSet: data.next,
    dir,
    tmp,
    before: await inspectStore(history),
    reference: await inspectStore(full),
    expectedMs: added.wallSeconds * 1000,
    kills: Number(args.kills),
    seed: shape.seed,
    remainingMs,
  });
  removeStore(history, tmp);

  const period = data.periods[shape.quarters - 1] ?? '';
  const served = await measureServer(full, data, period, { iterations, remainingMs });
  const direct = await directTimings(full, period, data.largestFiler, iterations);
  const table: Row[] = [
    ...importRows(whole, added, alone),
    ...served.rows(direct),
    {
      figure: `kill -9 at ${String(kills.length)} random points of the next file's import`,
      measured: `${String(kills.filter((k) => k.ok).length)} of ${String(kills.length)} unchanged or updated, --derive finishing`,
      goal: 'every time',
      met: kills.length > 0 && kills.every((k) => k.ok),
    },
  ];
  const total = data.rows.reduce((a, b) => a + b, 0);
  console.log(`\nStore: ${mb(storeBytes(full))} on disk for ${count(total)} rows.`);
  mkdirSync(dirname(args.json), { recursive: true });
  return printTable(table, args.json, { shape, periods: data.periods, files: data.files, kills });
}

try {
  process.exitCode = (await main()) ? 1 : 0;
} finally {
  closeConnections();
  cleanUp();
}
process.exit();
