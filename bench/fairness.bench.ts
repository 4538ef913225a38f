/**
 * Fairness under load, against the server exactly as `npm start` runs it (the npm script, its
 * environment, the built app in dist/): one login runs heavy queries in parallel loops while
 * another login's light query and `GET /` are timed, beside the same figures with no load, in
 * one run. On the demo data and on a filing store (FILINGS_DB): `--store`, or one of
 * `--scale-rows` a quarter over two quarters the bench writes and imports (13f-scale-sets.ts, in
 * SEC's format; 0: the demo data alone).
 *
 *   npm run bench:fairness -- [--store path | --scale-rows 450000] [--seconds 20] [--heavy 5]
 *
 * Goals (#34): under the load, the other login's light query median ≤ 250 ms and `GET /` median
 * ≤ 100 ms. Every loop is bounded in count and time; the server listens on loopback only.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { QUERY_LIMITS } from '#contract/query';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { runImport } from './13f-scale-children.ts';
import { cachedDataSets } from './13f-scale-sets.ts';
import { boundedTempRun } from './bounded-run.ts';
import { formatMs, percentile } from './stats.ts';
import { MODULE, worstFilters } from './worst-filters.ts';

const { values: args } = parseArgs({
  options: {
    store: { type: 'string' },
    'scale-rows': { type: 'string', default: '450000' },
    seconds: { type: 'string', default: '20' },
    heavy: { type: 'string', default: '5' },
    samples: { type: 'string', default: '40' },
  },
});
const PHASE_MS = Number(args.seconds) * 1000;
const HEAVY_LOOPS = Number(args.heavy);
const MAX_SAMPLES = Number(args.samples);
const GOALS = { lightMs: 250, pageMs: 100 };

/**
 * The heavy request, five copies of it at once as reported: the heaviest query the validator
 * accepts (every row tested against the most conditions, sorted by the most keys, 50,000 rows of
 * JSON), from `offset`: the first row on the demo data (whose rows end before the largest
 * offset), the largest offset on a store, where it is slowest.
 */
const heavyQuery = (offset: number) =>
  JSON.stringify({ module: MODULE, filters: worstFilters(offset) });
/** A first page of a small CRM module: a few milliseconds alone. */
const LIGHT_QUERY = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '20' } });

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
}

/** Starts `npm start` on a free port and waits for its banner's URL. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: '0', DEMO_TODAY: '2026-11-25', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('the server did not start within 300 s'));
    }, 300_000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /URL:\s+(http:\/\/\S+?)\/?\s/.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, child });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${String(code)}) before listening:\n${output}`));
    });
  });
}

function stopServer(server: Server): void {
  // npm, tsx and node: the whole process group.
  if (server.child.pid !== undefined) process.kill(-server.child.pid, 'SIGTERM');
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
async function treeRss(pid: number): Promise<number> {
  let total = 0;
  try {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
    total += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) * 1024;
    for (const task of await readdir(`/proc/${String(pid)}/task`)) {
      const children = await readFile(`/proc/${String(pid)}/task/${task}/children`, 'utf8');
      for (const child of children.split(' ').filter(Boolean))
        total += await treeRss(Number(child));
    }
  } catch {
    // The process ended meanwhile.
  }
  return total;
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}${API_PATHS.token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, client_id: 'sugar' }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (body.access_token === undefined) throw new Error(`sign-in of ${username} failed`);
  return body.access_token;
}

/** One timed call: its status and milliseconds. */
async function timed(call: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await call();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const query = (url: string, token: string, body: string) => () =>
  fetch(`${url}${API_PATHS.query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token },
    body,
    signal: AbortSignal.timeout(60_000),
  });

interface Samples {
  readonly light: number[];
  readonly page: number[];
  readonly heavy: Map<number, number>;
  peakRss: number;
}

/** Times the light query and the page one after the other until `until` or enough samples. */
async function sampleLightCalls(url: string, token: string, until: number, samples: Samples) {
  while (performance.now() < until && samples.light.length < MAX_SAMPLES) {
    samples.light.push((await timed(query(url, token, LIGHT_QUERY))).ms);
    samples.page.push((await timed(() => fetch(`${url}/`))).ms);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The heavy login's loops: `HEAVY_LOOPS` at once, each query after the last, until `until`. */
async function heavyLoad(
  url: string,
  token: string,
  body: string,
  until: number,
  samples: Samples,
) {
  const loop = async () => {
    while (performance.now() < until) {
      const { status } = await timed(query(url, token, body));
      samples.heavy.set(status, (samples.heavy.get(status) ?? 0) + 1);
      // A refused query is retried after a pause, as a polite client would (Retry-After).
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  await Promise.all(Array.from({ length: HEAVY_LOOPS }, loop));
}

/** The calls of one phase: with `heavy`, that request's loops run meanwhile. */
async function phase(
  server: Server,
  tokens: { heavy: string; light: string },
  heavy: string | undefined,
) {
  const samples: Samples = { light: [], page: [], heavy: new Map(), peakRss: 0 };
  const until = performance.now() + PHASE_MS;
  const pid = server.child.pid ?? 0;
  const sampling = setInterval(() => {
    void treeRss(pid).then((rss) => {
      samples.peakRss = Math.max(samples.peakRss, rss);
    });
  }, 200);
  const load =
    heavy === undefined
      ? Promise.resolve()
      : heavyLoad(server.url, tokens.heavy, heavy, until, samples);
  // The load starts first: the light calls meet it under way.
  if (heavy !== undefined) await new Promise((resolve) => setTimeout(resolve, 1000));
  await sampleLightCalls(server.url, tokens.light, until, samples);
  await load;
  clearInterval(sampling);
  return samples;
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const median = (values: readonly number[]) => formatMs(percentile(values, 50));
const max = (values: readonly number[]) => formatMs(Math.max(...values));

async function measure(
  label: string,
  env: Record<string, string>,
  heavyOffset: number,
): Promise<boolean> {
  const server = await startServer(env);
  try {
    const [analyst, viewer] = DEMO_USERS;
    const tokens = {
      heavy: await signIn(server.url, analyst.username, analyst.password),
      light: await signIn(server.url, viewer.username, viewer.password),
    };
    const pid = server.child.pid ?? 0;
    const idle = await phase(server, tokens, undefined);
    const rssBefore = await treeRss(pid);
    const loaded = await phase(server, tokens, heavyQuery(heavyOffset));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const rssAfter = await treeRss(pid);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    const heavy = [...loaded.heavy].map(([status, n]) => `${String(n)}× ${String(status)}`);
    const lightMet = percentile(loaded.light, 50) <= GOALS.lightMs;
    const pageMet = percentile(loaded.page, 50) <= GOALS.pageMs;
    console.log(
      `\n### ${label}: ${String(HEAVY_LOOPS)} copies of the heaviest query (offset ${String(heavyOffset)}) by one login\n`,
    );
    console.log(row(['figure', 'no load', 'under load', 'goal']));
    console.log(row(['---', '---', '---', '---']));
    console.log(
      row([
        "other login's light query, median / max",
        `${median(idle.light)} / ${max(idle.light)}`,
        `${median(loaded.light)} / ${max(loaded.light)}`,
        `median ≤ ${String(GOALS.lightMs)} ms: ${lightMet ? 'met' : 'MISSED'}`,
      ]),
    );
    console.log(
      row([
        '`GET /`, median / max',
        `${median(idle.page)} / ${max(idle.page)}`,
        `${median(loaded.page)} / ${max(loaded.page)}`,
        `median ≤ ${String(GOALS.pageMs)} ms: ${pageMet ? 'met' : 'MISSED'}`,
      ]),
    );
    console.log(row(['heavy answers', '', heavy.join(', '), '']));
    console.log(
      row([
        'server RSS: before, peak, 5 s after',
        '',
        `${mib(rssBefore)}, ${mib(loaded.peakRss)}, ${mib(rssAfter)}`,
        '',
      ]),
    );
    return lightMet && pageMet;
  } finally {
    stopServer(server);
  }
}

/** The filing store to measure on: `--store`, or two synthetic quarters imported into a new one. */
async function scaleStore(dir: string): Promise<{ path: string; label: string } | undefined> {
  if (args.store !== undefined) return { path: args.store, label: `the store ${args.store}` };
  const rows = Number(args['scale-rows']);
  if (rows === 0) return undefined;
  const shape = { quarters: 2, rows, filers: Math.max(50, Math.round(rows / 375)) };
  const set = await cachedDataSets(join(dir, 'sets'), { ...shape, issuers: 30_000, seed: 17 });
  const path = join(dir, 'scale.duckdb');
  console.log(`Importing 2 synthetic quarters of ${String(rows)} rows...`);
  await runImport([set.history], path, { timeoutMs: 1_800_000 });
  return {
    path,
    label: `2 synthetic quarters of ${String(rows)} rows, ${String(shape.filers)} filers`,
  };
}

const { dir, cleanUp } = await boundedTempRun('fairness-bench-', 3600);
const results: boolean[] = [];
try {
  results.push(await measure('demo data', {}, 0));
  const store = await scaleStore(dir);
  if (store) {
    const env = { FILINGS_DB: store.path };
    results.push(await measure(store.label, env, QUERY_LIMITS.maxOffset));
  }
} finally {
  cleanUp();
}
// Kept-alive sockets to the stopped servers would hold the process open.
process.exit(results.length > 0 && results.every(Boolean) ? 0 : 1);
