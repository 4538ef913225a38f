/**
 * The proxy in front of a slow upstream: a stub that answers every request after 200 ms,
 * 100 connections, directly and through our server in proxy mode, in one run. The real vendor
 * answers in hundreds of milliseconds; a proxy whose tail grows past the upstream's makes
 * requests wait for one another. Exits 1 when a goal is missed.
 *
 *   npx tsx bench/slow-upstream.bench.ts [--seconds 10] [--rounds 5]
 *
 * Goals: proxied p99 ≤ direct p99 + 10 ms, proxied throughput ≥ 0.95 × direct, no errors; and at
 * one connection the proxy adds ≤ 1 ms at p50. Our proxy runs as `npm start` runs it: in as many
 * processes as PROXY_PROCESSES says (one per core, at most four, by default), its CPU counted over
 * all of them. For information, the same load through our proxy in one process and through a bare
 * single-process node:http + undici proxy (no validation, headers, logs or error answers): what
 * one event loop can do on this machine, and why the proxy runs several.
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { cannon, goalLine, pooled, post, watchedServers } from './autocannon-runs.ts';
import type { RunResult, ServerChild } from './autocannon-runs.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rounds: { type: 'string', default: '5' } },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const DELAY_MS = 200;
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 10;

const { spawn, closeAll } = watchedServers(
  ((2 * rounds + 3) * (seconds + 2) + 4 * WARM_UP_SECONDS + 120) * 1000,
);

const body = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '20' } });

function line(name: string, run: RunResult): string {
  const p = (q: number) => formatMs(percentile(run.latencies, q)).padStart(10);
  return `  ${name.padEnd(26)}${p(50)}${p(97.5)}${p(99)}${run.rps.toFixed(0).padStart(9)}${String(run.errors).padStart(8)}`;
}

const stub = await spawn({ role: 'stub', delayMs: String(DELAY_MS) });
const proxy = await spawn({ role: 'proxy', upstream: stub.url });
const oneProcess = await spawn({ role: 'proxy', upstream: stub.url, processes: '1' });
// For information: the least any Node proxy does, to tell our costs from the platform's.
const bareProxy = await spawn({ role: 'bare-proxy', upstream: stub.url });
try {
  const login = await post(
    `${proxy.url}${API_PATHS.token}`,
    JSON.stringify({ grant_type: 'password', username: 'bench', password: 'bench' }),
  );
  const token = (JSON.parse(login.text) as { access_token?: string }).access_token ?? '';
  const headers = { 'content-type': 'application/json', 'oauth-token': token };
  const request = { method: 'POST' as const, path: API_PATHS.query, headers, body };
  const run = (server: ServerChild, connections: number, duration: number) =>
    cannon(server, { url: server.url, connections, duration, requests: [request] });

  // Each measured run follows a warm-up at the same load on the same server, as in steady use:
  // otherwise the first burst of 100 new connections (upstream ones included) is the p99. Direct
  // and proxied alternate for `--rounds` rounds and their answers are pooled: one 10 s window's p99
  // moves by ±5 ms from one run to the next on this machine, the direct one's as much as ours.
  const measure = async (server: ServerChild) => {
    await run(server, CONNECTIONS, 2);
    return run(server, CONNECTIONS, seconds);
  };
  // First, each server at full load for WARM_UP_SECONDS, unmeasured: V8 optimizes the proxy's
  // code over the first thousands of calls (a shorter warm-up left the first round the worst).
  for (const server of [stub, proxy, oneProcess, bareProxy]) {
    await run(server, CONNECTIONS, WARM_UP_SECONDS);
  }
  const directRuns: RunResult[] = [];
  const proxiedRuns: RunResult[] = [];
  for (let round = 0; round < rounds; round++) {
    directRuns.push(await measure(stub));
    proxiedRuns.push(await measure(proxy));
  }
  const direct = pooled(directRuns);
  const proxied = pooled(proxiedRuns);
  const single = await measure(oneProcess);
  const bare = await measure(bareProxy);
  const p99 = (result: RunResult) => percentile(result.latencies, 99);
  const p50 = (result: RunResult) => percentile(result.latencies, 50);
  await run(stub, 1, 2);
  const direct1 = await run(stub, 1, Math.max(3, seconds / 2));
  await run(proxy, 1, 2);
  const proxied1 = await run(proxy, 1, Math.max(3, seconds / 2));

  console.log(
    `Proxy before a slow upstream: a stub answering after ${String(DELAY_MS)} ms, ` +
      `${String(CONNECTIONS)} connections, ${String(rounds)} rounds of ${String(seconds)} s each way, directly and through our proxy ` +
      `(${String(proxy.pids.length)} processes in all, as npm start runs it here):\n`,
  );
  console.log(
    `  ${''.padEnd(26)}${'p50'.padStart(10)}${'p97.5'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}${'errors'.padStart(8)}`,
  );
  console.log(line(`direct, ${String(CONNECTIONS)} connections`, direct));
  console.log(line(`proxied, ${String(CONNECTIONS)} connections`, proxied));
  console.log(line(`ours in 1 process, ${String(CONNECTIONS)}`, single));
  console.log(line(`bare Node proxy, ${String(CONNECTIONS)}`, bare));
  console.log(line('direct, 1 connection', direct1));
  console.log(line('proxied, 1 connection', proxied1));
  const byRound = proxiedRuns.map((run, round) => {
    const directRun = directRuns[round];
    return directRun === undefined ? '' : formatMs(p99(run) - p99(directRun));
  });
  console.log(`\n  proxied p99 − direct p99, round by round: ${byRound.join(', ')}`);
  console.log(
    `\n  proxy CPU per request at ${String(CONNECTIONS)} connections (all processes): ours ${formatMs(proxied.cpuPerRequest / 1000)}, ` +
      `ours in 1 process ${formatMs(single.cpuPerRequest / 1000)}, a bare node:http + undici proxy ${formatMs(bare.cpuPerRequest / 1000)}\n` +
      `  p99 over direct, for information: ours in 1 process ${formatMs(p99(single) - p99(direct))}, the bare proxy ${formatMs(p99(bare) - p99(direct))}\n`,
  );
  const goals = [
    goalLine(
      'slow upstream: proxied p99 − direct p99',
      formatMs(p99(proxied) - p99(direct)),
      '≤ 10 ms',
      p99(proxied) - p99(direct) <= 10,
    ),
    goalLine(
      'slow upstream: throughput proxied / direct',
      `${(proxied.rps / direct.rps).toFixed(2)} ×`,
      '≥ 0.95 ×',
      proxied.rps / direct.rps >= 0.95,
    ),
    goalLine(
      'slow upstream: errors',
      String(direct.errors + proxied.errors),
      '0',
      direct.errors + proxied.errors === 0,
    ),
    goalLine(
      'slow upstream, 1 connection: added p50',
      formatMs(p50(proxied1) - p50(direct1)),
      '≤ 1 ms',
      p50(proxied1) - p50(direct1) <= 1,
    ),
  ];
  process.exitCode = goals.every(Boolean) ? 0 : 1;
} finally {
  await closeAll();
}
