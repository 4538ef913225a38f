/**
 * The proxy in front of a slow upstream (#21): a stub that answers every request after 200 ms,
 * 100 connections, directly and through our server in proxy mode, in one run. The real vendor
 * answers in hundreds of milliseconds; a proxy whose tail grows past the upstream's makes
 * requests wait for one another. Exits 1 when a goal is missed.
 *
 *   npx tsx bench/slow-upstream.bench.ts [--seconds 10]
 *
 * Goals: proxied p99 ≤ direct p99 + 10 ms, proxied throughput ≥ 0.95 × direct, no errors; and at
 * one connection the proxy adds ≤ 1 ms at p50. For information, a bare node:http + undici proxy
 * (no validation, headers, logs or error answers) runs the same load: the floor on this machine.
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { cannon, goalLine, post, watchedServers } from './autocannon-runs.ts';
import type { RunResult, ServerChild } from './autocannon-runs.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(args.seconds);
const DELAY_MS = 200;
const CONNECTIONS = 100;

const { spawn, closeAll } = watchedServers((5 * seconds + 60) * 1000);

const body = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '20' } });

function line(name: string, run: RunResult): string {
  const p = (q: number) => formatMs(percentile(run.latencies, q)).padStart(10);
  return `  ${name.padEnd(26)}${p(50)}${p(97.5)}${p(99)}${run.rps.toFixed(0).padStart(9)}${String(run.errors).padStart(8)}`;
}

const stub = await spawn({ role: 'stub', delayMs: String(DELAY_MS) });
const proxy = await spawn({ role: 'proxy', upstream: stub.url });
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

  // Warm both paths, then measure each at 100 connections and at 1.
  await run(stub, 10, 2);
  await run(proxy, 10, 2);
  await run(bareProxy, 10, 2);
  const p99 = (result: RunResult) => percentile(result.latencies, 99);
  const p50 = (result: RunResult) => percentile(result.latencies, 50);
  const direct = await run(stub, CONNECTIONS, seconds);
  const proxied = await run(proxy, CONNECTIONS, seconds);
  const bare = await run(bareProxy, CONNECTIONS, seconds);
  const direct1 = await run(stub, 1, Math.max(3, seconds / 2));
  const proxied1 = await run(proxy, 1, Math.max(3, seconds / 2));

  console.log(
    `Proxy before a slow upstream: a stub answering after ${String(DELAY_MS)} ms, ` +
      `${String(CONNECTIONS)} connections for ${String(seconds)} s each, directly and through our proxy:\n`,
  );
  console.log(
    `  ${''.padEnd(26)}${'p50'.padStart(10)}${'p97.5'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}${'errors'.padStart(8)}`,
  );
  console.log(line(`direct, ${String(CONNECTIONS)} connections`, direct));
  console.log(line(`proxied, ${String(CONNECTIONS)} connections`, proxied));
  console.log(line(`bare Node proxy, ${String(CONNECTIONS)}`, bare));
  console.log(line('direct, 1 connection', direct1));
  console.log(line('proxied, 1 connection', proxied1));
  console.log(
    `\n  proxy CPU per request at ${String(CONNECTIONS)} connections: ours ${formatMs(proxied.cpuPerRequest / 1000)}, ` +
      `a bare node:http + undici proxy ${formatMs(bare.cpuPerRequest / 1000)} (p99 ${formatMs(p99(bare) - p99(direct))} over direct; for information)\n`,
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
