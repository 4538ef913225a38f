/**
 * Server throughput over loopback with autocannon, in one run so every number sees the same
 * machine: (1) what the upstream proxy adds to a bare upstream, (2) the embedded service against
 * a bare node:http server sending the same bytes, (3) a mixed-query load test with memory growth.
 *
 *   npx tsx bench/server-throughput.bench.ts [--seconds-per-run 10] [--load-seconds 60]
 *
 * Every server runs in a child process of its own (bench/throughput-server.ts) and autocannon in
 * this one. With the client in the server's process, both share one event loop: the client's own
 * HTTP parsing and bookkeeping (about 40 µs per answer here, as much as a bare node:http server
 * spends) is then added to every latency and taken from every server's throughput, which flattens
 * the very ratios compared below, and the client's growing sample arrays would count as the
 * server's memory. The server's RSS and CPU time are read from /proc/<pid>/ (Linux).
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { alternate, cannon, goalLine, post, watchedServers } from './autocannon-runs.ts';
import type { ServerChild } from './autocannon-runs.ts';
import { loadQueries } from './load-queries.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    'seconds-per-run': { type: 'string', default: '10' },
    'load-seconds': { type: 'string', default: '60' },
  },
});
const seconds = Number(args['seconds-per-run']);
const loadSeconds = Number(args['load-seconds']);
const warmupSeconds = 2;
const connections = 10;
const loadConnections = 50;

// A watchdog: whatever hangs, the benchmark ends and takes its servers with it.
const budgetMs = (9 * seconds + 4 * warmupSeconds + loadSeconds + 180) * 1000;
const { spawn, closeAll } = watchedServers(budgetMs);

const metroBody = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '20' } });
const queryRequest = (headers: Record<string, string>, body = metroBody) => ({
  method: 'POST' as const,
  path: API_PATHS.query,
  headers,
  body,
});
const goals: boolean[] = [];

/** A figure printed for information, beside the goals but not one of them. */
function reportLine(name: string, value: string): void {
  console.log(
    `${name.padEnd(46)}${value.padStart(12)}   report only (retired goal: docs/decisions/retired-throughput-ratios.md)`,
  );
}

async function proxyOverhead(): Promise<void> {
  const stub = await spawn({ role: 'stub' });
  const proxy = await spawn({ role: 'proxy', upstream: stub.url });
  const login = await post(
    `${proxy.url}${API_PATHS.token}`,
    JSON.stringify({ username: 'analyst', password: 'any', grant_type: 'password' }),
    { 'Content-Type': 'application/json' },
  );
  const { access_token: token } = JSON.parse(login.text) as { access_token: string };
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  const direct = await post(`${stub.url}${API_PATHS.query}`, metroBody, headers);
  const proxied = await post(`${proxy.url}${API_PATHS.query}`, metroBody, headers);
  if (proxied.status !== 200 || proxied.text !== direct.text) {
    throw new Error(`the proxy answered ${proxied.status}: ${proxied.text.slice(0, 200)}`);
  }
  console.log(
    `\n1. Proxy overhead: a bare node:http stub upstream (${direct.text.length} B answer), directly and through our server in proxy mode`,
  );
  console.log(`   ${connections} connections, ${seconds} s per run, alternating\n`);
  const targets = [
    { name: 'direct (stub)', server: stub },
    { name: 'proxied (our server → stub)', server: proxy },
  ];
  const common = { ...queryRequest(headers), warmupSeconds };
  const [d, p] = await alternate(targets, { ...common, connections, seconds });
  // Not a goal: one connection shows what each request costs without queueing behind others.
  console.log(`\n   For reference, 1 connection (no queueing):\n`);
  const [d1, p1] = await alternate(targets, {
    ...common,
    connections: 1,
    seconds: Math.min(5, seconds),
    rounds: 1,
  });
  await Promise.all([proxy.close(), stub.close()]);
  if (!d || !p || !d1 || !p1) throw new Error('missing runs');
  console.log(
    `\n   1 connection: proxying adds ${formatMs(p1.p50 - d1.p50)} at p50 (not a goal)\n`,
  );
  const added = p.p50 - d.p50;
  goals.push(
    goalLine('proxy: added p50 (proxied − direct)', formatMs(added), '≤ 1 ms', added <= 1),
  );
  // Retired (docs/decisions/retired-throughput-ratios.md; bench/slow-upstream.bench.ts has the
  // proxy's goals now): a proxy does at least twice its stub's HTTP work on the same two cores,
  // so no proxy could meet 0.7 ×.
  reportLine('proxy: throughput proxied / direct', (p.rps / d.rps).toFixed(2));
  goals.push(
    goalLine('proxy: errors', String(d.errors + p.errors), '0', d.errors + p.errors === 0),
  );
}

async function embeddedVsBare(embedded: ServerChild, token: string): Promise<void> {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  const answer = await post(`${embedded.url}${API_PATHS.query}`, metroBody, headers);
  if (answer.status !== 200) throw new Error(`embedded answered ${answer.status}: ${answer.text}`);
  const bare = await spawn({ role: 'bare', body: answer.text });
  const check = await post(`${bare.url}${API_PATHS.query}`, metroBody, headers);
  if (check.text !== answer.text) throw new Error('the bare server does not send the same answer');
  console.log(
    `\n2. Embedded service (metro_area__c, max_num 20: ${answer.text.length} B answer) vs bare node:http sending the same text`,
  );
  console.log(`   ${connections} connections, ${seconds} s per run, alternating\n`);
  const [b, e] = await alternate(
    [
      { name: 'bare node:http', server: bare },
      { name: 'embedded (our server)', server: embedded },
    ],
    { ...queryRequest(headers), connections, seconds, warmupSeconds },
  );
  await bare.close();
  if (!b || !e) throw new Error('missing runs');
  console.log('');
  // Retired (docs/decisions/retired-throughput-ratios.md; bench/embedded-cpu.bench.ts compares
  // with DuckDB's own CPU now): a query costs a DuckDB execution where the bare server sends a
  // constant.
  reportLine('embedded: throughput embedded / bare', (e.rps / b.rps).toFixed(2));
  goals.push(
    goalLine('embedded: errors', String(b.errors + e.errors), '0', b.errors + e.errors === 0),
  );
}

async function loadTest(embedded: ServerChild, token: string): Promise<void> {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  const topQuery = {
    module: '13f_holdings',
    filters: { fields: ['ticker'], order_by: 'value:DESC', max_num: '1' },
  };
  const top = await post(`${embedded.url}${API_PATHS.query}`, JSON.stringify(topQuery), headers);
  const [first] = (JSON.parse(top.text) as { records?: { ticker: string }[] }).records ?? [];
  const queries = loadQueries(first?.ticker ?? 'AAPL').map((query) => ({
    ...query,
    text: JSON.stringify(query.body),
  }));
  console.log(
    `\n3. Load test: ${loadConnections} connections for ${loadSeconds} s, these ${queries.length} queries in rotation, embedded service\n`,
  );
  for (const query of queries) {
    const answer = await post(`${embedded.url}${API_PATHS.query}`, query.text, headers);
    if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${answer.text}`);
    const parsed = JSON.parse(answer.text) as { records?: unknown[] };
    const size = parsed.records ? `${parsed.records.length} records` : answer.text;
    console.log(
      `   ${query.name.padEnd(34)}${size.padStart(22)}${`${answer.text.length} B`.padStart(10)}`,
    );
  }
  const idleRss = await embedded.rss();
  const samples: number[] = [];
  const sampler = setInterval(() => void embedded.rss().then((rss) => samples.push(rss)), 1000);
  const run = await cannon(embedded, {
    url: embedded.url,
    connections: loadConnections,
    duration: loadSeconds,
    requests: queries.map((query) => queryRequest(headers, query.text)),
  }).finally(() => {
    clearInterval(sampler);
  });
  const window = Math.min(10, Math.floor(samples.length / 2));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [early, late] = [mean(samples.slice(0, window)), mean(samples.slice(-window))];
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const rps = Math.round(run.rps).toLocaleString('en-US');
  console.log(
    `\n   requests      ${run.requests.toLocaleString('en-US')} (${rps}/s), server CPU ${Math.round(run.cpuPerRequest)} µs per request`,
  );
  console.log(
    `   latency       p50 ${formatMs(run.p50)}, p95 ${formatMs(run.p95)}, p99 ${formatMs(percentile(run.latencies, 99))}, max ${formatMs(Math.max(...run.latencies))}`,
  );
  console.log(
    `   server RSS    idle ${mib(idleRss)}; first ${window} s ${mib(early)}, last ${window} s ${mib(late)}, peak ${mib(Math.max(...samples))}`,
  );
  console.log(
    `                 (the server is child process ${embedded.pid}, RSS read every second from /proc/${embedded.pid}/status; autocannon runs in this process)\n`,
  );
  const growth = (late - early) / early;
  goals.push(
    goalLine('load: errors (non-2xx + socket)', String(run.errors), '0', run.errors === 0),
  );
  goals.push(goalLine('load: p95 latency', formatMs(run.p95), '≤ 200 ms', run.p95 <= 200));
  goals.push(
    goalLine(
      `load: server RSS growth, last vs first ${window} s`,
      `${(growth * 100).toFixed(1)} %`,
      '< 20 %',
      growth < 0.2,
    ),
  );
}

try {
  console.log(
    'Server throughput on 127.0.0.1: autocannon in this process, each server in a child process.',
  );
  await proxyOverhead();
  const started = performance.now();
  const embedded = await spawn({ role: 'embedded' });
  console.log(
    `\nEmbedded server up (demo database seeded) in ${formatMs(performance.now() - started)}.`,
  );
  const [analyst] = DEMO_USERS;
  const login = await post(
    `${embedded.url}${API_PATHS.token}`,
    JSON.stringify({
      username: analyst.username,
      password: analyst.password,
      grant_type: 'password',
    }),
    { 'Content-Type': 'application/json' },
  );
  const { access_token: token } = JSON.parse(login.text) as { access_token: string };
  await embeddedVsBare(embedded, token);
  await loadTest(embedded, token);
} finally {
  await closeAll();
}
// Six goals in all (two earlier ones are report lines now): fewer means a section did not run.
const GOALS = 6;
const allMet = goals.length === GOALS && goals.every(Boolean);
console.log(`\n${allMet ? 'Every goal met.' : 'Some goals MISSED.'}`);
process.exitCode = allMet ? 0 : 1;
