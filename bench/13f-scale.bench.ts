/**
 * SEC 13F at scale: writes two consecutive synthetic quarters in SEC's data-set format
 * (by default a quarter of a real one: 3M INFOTABLE rows, 8,000 filers, popular CUSIPs held by
 * most filers; the second quarter carries ~80 % of positions over with changes), then for one
 * quarter and for both: imports with the real CLI into a fresh FILINGS_DB, starts the real server
 * on it as a child process, and times four analyst queries over HTTP with a signed-in token.
 * Only public interfaces are used (CLI, environment, HTTP), so it measures whatever the server
 * does on main. Figures sit beside their goals; the last columns show how each grows.
 *
 *   npm run bench:13f-scale -- [--rows 3000000] [--filers N] [--iterations 50] [--seconds 3600]
 *
 * The full size takes about 5 minutes on the 2-core machine; `npm run bench` runs it with
 * --rows 100000 as a quick check (~30 s).
 * The server also serves the demo's own 13F filers, as `npm start` does.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { runImport, startScaleServer } from './13f-scale-children.ts';
import { closeConnections, post } from './loopback-post.ts';
import type { ImportRun } from './13f-scale-children.ts';
import { writeQuarters } from './13f-scale-data.ts';
import type { WrittenQuarters } from './13f-scale-data.ts';
import { boundedTempRun } from './bounded-run.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '3000000' },
    filers: { type: 'string' },
    issuers: { type: 'string', default: '30000' },
    iterations: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '3600' },
  },
});
const rows = Number(args.rows);
// A real quarter averages ~375 positions per filer; a smaller run keeps that average.
const filers = Number(args.filers ?? Math.max(50, Math.round(rows / 375)));
const iterations = Number(args.iterations);
const deadline = performance.now() + Number(args.seconds) * 1000;
const GB = 1024 ** 3;
const GOALS = {
  rowsPerSecond: 100_000,
  importRss: 2 * GB,
  startMs: 5000,
  serverRss: 2 * GB,
  p50Ms: 100,
};

const { dir, cleanUp } = await boundedTempRun('13f-scale-bench-', Number(args.seconds));
const remainingMs = () => Math.max(1000, deadline - performance.now());

interface QueryCase {
  readonly name: string;
  readonly body: Record<string, unknown>;
}

function queryCases(data: WrittenQuarters, period: string): QueryCase[] {
  const inPeriod = { periodofreport: { $equals: period } };
  const filer = { companyname: { $equals: data.largestFiler } };
  const module = '13f_holdings';
  return [
    {
      name: "one filer's top 50 by weight",
      body: {
        module,
        filters: {
          filter: [filer, inPeriod],
          order_by: 'portfolio_pct_weight:DESC',
          max_num: '50',
        },
      },
    },
    {
      name: 'every holder of one CUSIP in a period',
      body: {
        module,
        filters: { filter: [{ cusip: { $equals: data.widestCusip } }, inPeriod], max_num: '-1' },
      },
    },
    {
      name: 'count of NEW positions in a period',
      body: {
        module,
        count_only: true,
        filters: { filter: [{ status: { $equals: 'NEW' } }, inPeriod] },
      },
    },
    {
      name: 'largest filer, max_num "-1"',
      body: { module, filters: { filter: [filer], max_num: '-1' } },
    },
  ];
}

/** How many rows an answer holds, or the count it reports. */
function answerSize(text: string): number {
  const answer = JSON.parse(text) as { records?: unknown[]; record_count?: number; count?: number };
  return answer.records?.length ?? answer.record_count ?? answer.count ?? Number.NaN;
}

interface QueryFigures {
  readonly name: string;
  readonly size: number;
  readonly samples: number[];
}

/** Each case `iterations` times, round-robin so all see the same machine; 3 warm-up rounds. */
async function timeQueries(
  port: number,
  token: string,
  cases: readonly QueryCase[],
): Promise<QueryFigures[]> {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  const figures = cases.map((c) => ({ name: c.name, size: Number.NaN, samples: [] as number[] }));
  const stop = Math.min(deadline - 5000, performance.now() + 300_000);
  for (let round = 0; round < iterations + 3 && performance.now() < stop; round += 1) {
    for (const [i, queryCase] of cases.entries()) {
      const started = performance.now();
      const text = await post(
        port,
        '/index.php/api/service',
        JSON.stringify(queryCase.body),
        headers,
      );
      const ms = performance.now() - started;
      const figure = figures[i];
      if (!figure) continue;
      figure.size = answerSize(text);
      if (round >= 3) figure.samples.push(ms);
    }
  }
  return figures;
}

interface StateFigures {
  readonly imported: ImportRun;
  readonly storeBytes: number;
  readonly startMs: number;
  readonly startRss: number;
  readonly servedRss: number;
  readonly queries: QueryFigures[];
}

function storeBytes(store: string): number {
  let bytes = 0;
  for (const file of [store, `${store}.wal`]) {
    try {
      bytes += statSync(file).size;
    } catch {
      // No write-ahead log left after a clean close.
    }
  }
  return bytes;
}

async function measureState(
  data: WrittenQuarters,
  quarter: 0 | 1,
  store: string,
): Promise<StateFigures> {
  const label = quarter === 0 ? 'one quarter' : 'two quarters';
  console.log(`\nImporting quarter ${quarter + 1} (${data.periods[quarter]})...`);
  const imported = await runImport(data.folders[quarter], store, remainingMs());
  console.log(`Starting the server on ${label}...`);
  const server = await startScaleServer(store, Math.min(remainingMs(), 300_000));
  try {
    const startRss = await server.peakRss();
    const analyst = DEMO_USERS[0];
    const signIn = JSON.stringify({ ...analyst, grant_type: 'password' });
    const { access_token: token } = JSON.parse(
      await post(server.port, '/index.php/api/oauth2', signIn, {
        'Content-Type': 'application/json',
      }),
    ) as { access_token: string };
    console.log(`Timing the queries on ${label}...`);
    const queries = await timeQueries(server.port, token, queryCases(data, data.periods[quarter]));
    return {
      imported,
      storeBytes: storeBytes(store),
      startMs: server.wallMs,
      startRss,
      servedRss: await server.peakRss(),
      queries,
    };
  } finally {
    await server.close();
  }
}

/**
 * One start on the empty store, not counted: it fills tsx's compile cache and the OS's file cache
 * so the first counted start is not the only one that pays for them, and it gives the baseline.
 */
async function warmUp(store: string): Promise<void> {
  const server = await startScaleServer(store, Math.min(remainingMs(), 300_000));
  const rss = await server.peakRss();
  await server.close();
  console.log(
    `Server with no imported filings (warm-up, not counted): listening in ${formatMs(server.wallMs)}, peak RSS ${mb(rss)}`,
  );
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const outcome = { missed: false };

/** One line: the figure for one and two quarters, its growth, and its goal with met/MISSED. */
function line(
  name: string,
  values: readonly [number, number],
  show: (n: number) => string,
  goal?: [string, boolean],
) {
  const growth = `×${(values[1] / values[0]).toFixed(2)}`;
  const verdict = goal ? `${goal[0]} ${goal[1] ? 'met' : 'MISSED'}` : '';
  if (goal && !goal[1]) outcome.missed = true;
  console.log(
    `${name.padEnd(46)}${show(values[0]).padStart(18)}${show(values[1]).padStart(18)}${growth.padStart(8)}  ${verdict}`,
  );
}

function report(states: readonly [StateFigures, StateFigures]): void {
  const [one, two] = states;
  const pair = (pick: (s: StateFigures) => number) => [pick(one), pick(two)] as [number, number];
  const within = (values: [number, number], limit: number) => values.every((v) => v <= limit);
  console.log(
    `\n${'figure'.padEnd(46)}${'1 quarter'.padStart(18)}${'2 quarters'.padStart(18)}${'growth'.padStart(8)}  goal`,
  );
  const rate = pair((s) => s.imported.rows / s.imported.seconds);
  line('import rows/s (that quarter)', rate, count, [
    '≥ 100,000',
    rate.every((v) => v >= GOALS.rowsPerSecond),
  ]);
  line(
    'derive the store (every quarter it holds)',
    pair((s) => s.imported.deriveSeconds * 1000),
    formatMs,
  );
  line(
    'rows/s of the whole run (import + derive)',
    pair((s) => s.imported.rows / (s.imported.seconds + s.imported.deriveSeconds)),
    count,
  );
  line(
    'import wall time incl. Node start',
    pair((s) => s.imported.wallSeconds * 1000),
    formatMs,
  );
  const importRss = pair((s) => s.imported.peakRssBytes);
  line('import peak RSS', importRss, mb, ['≤ 2 GB', within(importRss, GOALS.importRss)]);
  line(
    'database size',
    pair((s) => s.storeBytes),
    mb,
  );
  const start = pair((s) => s.startMs);
  line('server start to listening', start, formatMs, ['≤ 5 s', within(start, GOALS.startMs)]);
  const startRss = pair((s) => s.startRss);
  line('server peak RSS at ready', startRss, mb, ['≤ 2 GB', within(startRss, GOALS.serverRss)]);
  const servedRss = pair((s) => s.servedRss);
  line('server peak RSS after the queries', servedRss, mb, [
    '≤ 2 GB',
    within(servedRss, GOALS.serverRss),
  ]);
  for (const [i, query] of one.queries.entries()) {
    const other = two.queries[i];
    if (!other) continue;
    const what = query.name.startsWith('count') ? 'counted' : 'rows';
    console.log(`${query.name} (${count(query.size)} → ${count(other.size)} ${what})`);
    const p50 = [percentile(query.samples, 50), percentile(other.samples, 50)] as [number, number];
    line('  p50 over HTTP', p50, formatMs, ['≤ 100 ms', within(p50, GOALS.p50Ms)]);
    line(
      '  p95 over HTTP',
      [percentile(query.samples, 95), percentile(other.samples, 95)],
      formatMs,
    );
  }
  console.log(
    `\n${count(one.queries[0]?.samples.length ?? 0)} timed runs of each query per column. Goals are set for two full quarters (6M rows); this run has ${count(one.imported.rows + two.imported.rows)}.`,
  );
}

try {
  console.log(
    `Writing two quarters of ${count(rows)} INFOTABLE rows, ${count(filers)} filers, ${count(Number(args.issuers))} issuers...`,
  );
  const written = performance.now();
  const data = await writeQuarters(dir, { rows, filers, issuers: Number(args.issuers), seed: 17 });
  console.log(
    `Written ${count(data.rows[0])} + ${count(data.rows[1])} rows in ${formatMs(performance.now() - written)}`,
  );
  const store = join(dir, 'filings.duckdb');
  await warmUp(store);
  const one = await measureState(data, 0, store);
  const two = await measureState(data, 1, store);
  report([one, two]);
} finally {
  closeConnections();
  cleanUp();
}
process.exit(outcome.missed ? 1 : 0);
