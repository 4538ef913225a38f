/**
 * Server throughput over loopback with autocannon, in one run so every number sees the same
 * machine: (1) what the upstream proxy adds to a bare upstream, (2) the embedded service against
 * a bare node:http server sending the same bytes, (3) a mixed-query load test with memory growth.
 *
 *   npx tsx bench/server-throughput.bench.ts [--seconds-per-run 10] [--load-seconds 60]
 *
 * Every server runs in a child process of its own (bench/throughput-server.ts) and autocannon in
 * this one. With the client in the server's process, both share one event loop: the client's own
 * HTTP parsing and bookkeeping (tens of µs per answer) is then added to every latency and taken
 * from every server's throughput, which flattens the ratios we want to compare, and its growing
 * arrays would count as the server's memory. The server's RSS is read from /proc/<pid>/status.
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { cannon, cell, goalLine, post, startServer } from './autocannon-runs.ts';
import type { RunResult, ServerChild } from './autocannon-runs.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    'seconds-per-run': { type: 'string', default: '10' },
    'load-seconds': { type: 'string', default: '60' },
  },
});
const secondsPerRun = Number(args['seconds-per-run']);
const loadSeconds = Number(args['load-seconds']);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const LOAD_CONNECTIONS = 50;

// A watchdog: whatever hangs, the benchmark ends and takes its servers with it.
const budgetMs = (8 * secondsPerRun + 4 * WARMUP_SECONDS + loadSeconds + 180) * 1000;
const servers: ServerChild[] = [];
setTimeout(() => {
  console.error(`\nThe benchmark did not finish within ${budgetMs / 1000} s; stopping.`);
  void Promise.all(servers.map((server) => server.close())).finally(() => process.exit(2));
}, budgetMs).unref();

async function spawn(spec: Record<string, string>): Promise<ServerChild> {
  const server = await startServer(spec);
  servers.push(server);
  return server;
}

async function closeAll(...which: ServerChild[]): Promise<void> {
  await Promise.all(which.map((server) => server.close()));
}

const metroBody = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '20' } });
const goals: boolean[] = [];

/** Alternates A, B, A, B runs of the same request after a short warm-up of each. */
async function alternate(
  targets: readonly { name: string; url: string }[],
  options: { body: string; headers: Record<string, string> },
): Promise<Map<string, RunResult[]>> {
  const common = { method: 'POST' as const, connections: CONNECTIONS, ...options };
  for (const target of targets)
    await cannon({ ...common, url: target.url, duration: WARMUP_SECONDS });
  const results = new Map(targets.map((target) => [target.name, [] as RunResult[]]));
  console.log(
    `${cell.left('run', 26)}${cell.right('requests/s', 12)}${cell.right('p50', 12)}${cell.right('p95', 12)}${cell.right('errors', 8)}`,
  );
  for (const round of [1, 2]) {
    for (const target of targets) {
      const run = await cannon({ ...common, url: target.url, duration: secondsPerRun });
      results.get(target.name)?.push(run);
      console.log(
        `${cell.left(`${target.name} #${round}`, 26)}${cell.rps(run.rps)}${cell.ms(run.p50)}${cell.ms(run.p95)}${cell.right(run.errors, 8)}`,
      );
    }
  }
  for (const target of targets) {
    const runs = results.get(target.name) ?? [];
    const pooled = runs.flatMap((run) => run.latencies);
    const rps = runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
    console.log(
      `${cell.left(`${target.name} (both runs)`, 26)}${cell.rps(rps)}${cell.ms(percentile(pooled, 50))}${cell.ms(percentile(pooled, 95))}${cell.right(
        runs.reduce((sum, run) => sum + run.errors, 0),
        8,
      )}`,
    );
  }
  return results;
}

function summary(runs: readonly RunResult[] | undefined) {
  const list = runs ?? [];
  return {
    rps: list.reduce((sum, run) => sum + run.rps, 0) / Math.max(list.length, 1),
    p50: percentile(
      list.flatMap((run) => run.latencies),
      50,
    ),
    errors: list.reduce((sum, run) => sum + run.errors, 0),
  };
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
    `\n1. Proxy overhead: a bare node:http stub upstream (${direct.text.length} B answer) directly and through our proxy`,
  );
  console.log(`   ${CONNECTIONS} connections, ${secondsPerRun} s per run, alternating\n`);
  const results = await alternate(
    [
      { name: 'direct (stub)', url: `${stub.url}${API_PATHS.query}` },
      { name: 'proxied (our server)', url: `${proxy.url}${API_PATHS.query}` },
    ],
    { body: metroBody, headers },
  );
  await closeAll(proxy, stub);
  const d = summary(results.get('direct (stub)'));
  const p = summary(results.get('proxied (our server)'));
  console.log('');
  goals.push(
    goalLine(
      'proxy: added p50 (proxied − direct)',
      formatMs(p.p50 - d.p50),
      '≤ 1 ms',
      p.p50 - d.p50 <= 1,
    ),
  );
  goals.push(
    goalLine(
      'proxy: throughput proxied / direct',
      (p.rps / d.rps).toFixed(2),
      '≥ 0.70',
      p.rps / d.rps >= 0.7,
    ),
  );
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
  console.log(`   ${CONNECTIONS} connections, ${secondsPerRun} s per run, alternating\n`);
  const results = await alternate(
    [
      { name: 'bare node:http', url: `${bare.url}${API_PATHS.query}` },
      { name: 'embedded (our server)', url: `${embedded.url}${API_PATHS.query}` },
    ],
    { body: metroBody, headers },
  );
  await closeAll(bare);
  const b = summary(results.get('bare node:http'));
  const e = summary(results.get('embedded (our server)'));
  console.log('');
  goals.push(
    goalLine(
      'embedded: throughput embedded / bare',
      (e.rps / b.rps).toFixed(2),
      '≥ 0.80',
      e.rps / b.rps >= 0.8,
    ),
  );
  goals.push(
    goalLine('embedded: errors', String(b.errors + e.errors), '0', b.errors + e.errors === 0),
  );
}

/** The load test's queries: every module, the operators analysts use most. */
function loadQueries(ticker: string): { name: string; body: unknown }[] {
  const c = (field: string, operator: string, value: unknown) => ({
    [field]: { [operator]: value },
  });
  return [
    {
      name: '13F by ticker, order by value',
      body: {
        module: '13f_holdings',
        filters: {
          filter: [c('ticker', '$equals', ticker)],
          order_by: 'value:DESC',
          max_num: '100',
        },
      },
    },
    {
      name: '13F count over a filing-date range',
      body: {
        module: '13f_holdings',
        count_only: true,
        filters: {
          filter: [c('filedat', '$between', ['2025-01-01 00:00:00', '2025-12-31 23:59:59'])],
        },
      },
    },
    {
      name: 'holdings fund_balance__c $gt',
      body: {
        module: 'investment_holdings',
        filters: {
          filter: [c('fund_balance__c', '$gt', '1000000')],
          order_by: 'fund_balance__c:DESC',
          max_num: '100',
        },
      },
    },
    {
      name: 'job changes in the last year',
      body: {
        module: 'updates',
        filters: {
          filter: [
            c('job_change__c', '$equals', true),
            c('last_updated_date__c', '$dateRange', 'last_year'),
          ],
          max_num: '100',
        },
      },
    },
    {
      name: 'account history: Industry changes',
      body: {
        module: 'accounthistory',
        filters: {
          filter: [
            c('field', '$equals', 'Industry'),
            c('createddate', '$between', ['2024-01-01', '2025-12-31']),
          ],
          max_num: '100',
        },
      },
    },
    {
      name: 'metro areas',
      body: { module: 'metro_area__c', filters: { order_by: 'sort_order__c:ASC', max_num: '100' } },
    },
    {
      name: 'manager presentations',
      body: {
        module: 'manager_presentation__c',
        filters: { order_by: 'createddate:DESC', max_num: '50' },
      },
    },
    {
      name: 'updates: nested $or group',
      body: {
        module: 'updates',
        filters: {
          filter: [
            {
              $or: [
                c('job_change__c', '$equals', true),
                {
                  $and: [
                    c('type__c', '$equals', 'Field Change'),
                    {
                      $or: [
                        c('field_name__c', '$equals', 'Email'),
                        c('field_name__c', '$equals', 'Phone'),
                      ],
                    },
                  ],
                },
              ],
            },
          ],
          max_num: '100',
        },
      },
    },
  ];
}

async function loadTest(embedded: ServerChild, token: string): Promise<void> {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  const top = await post(
    `${embedded.url}${API_PATHS.query}`,
    JSON.stringify({
      module: '13f_holdings',
      fields: ['ticker'],
      filters: { order_by: 'value:DESC', max_num: '1' },
    }),
    headers,
  );
  const ticker =
    (JSON.parse(top.text) as { records: { ticker: string }[] }).records[0]?.ticker ?? 'AAPL';
  const queries = loadQueries(ticker).map((query) => ({
    ...query,
    text: JSON.stringify(query.body),
  }));
  console.log(
    `\n3. Load test: ${LOAD_CONNECTIONS} connections for ${loadSeconds} s, ${queries.length} queries in rotation against the embedded service`,
  );
  for (const query of queries) {
    const answer = await post(`${embedded.url}${API_PATHS.query}`, query.text, headers);
    if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${answer.text}`);
    const parsed = JSON.parse(answer.text) as { records?: unknown[]; record_count?: number };
    const size = parsed.records ? `${parsed.records.length} records` : `count ${answer.text}`;
    console.log(
      `   ${query.name.padEnd(38)}${size.padStart(18)}${`${answer.text.length} B`.padStart(10)}`,
    );
  }
  const idleRss = await embedded.rss();
  const samples: number[] = [];
  const sampler = setInterval(() => void embedded.rss().then((rss) => samples.push(rss)), 1000);
  const run = await cannon({
    url: embedded.url,
    connections: LOAD_CONNECTIONS,
    duration: loadSeconds,
    requests: queries.map((query) => ({
      method: 'POST',
      path: API_PATHS.query,
      headers,
      body: query.text,
    })),
  }).finally(() => {
    clearInterval(sampler);
  });
  const window = Math.min(10, Math.floor(samples.length / 2));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const first = mean(samples.slice(0, window));
  const last = mean(samples.slice(-window));
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  console.log(
    `\n   requests           ${run.requests.toLocaleString('en-US')} (${Math.round(run.rps).toLocaleString('en-US')}/s)`,
  );
  console.log(
    `   latency            p50 ${formatMs(run.p50)}, p95 ${formatMs(run.p95)}, p99 ${formatMs(percentile(run.latencies, 99))}, max ${formatMs(Math.max(...run.latencies))}`,
  );
  console.log(
    `   server RSS         idle ${mib(idleRss)}; first ${window} s ${mib(first)}, last ${window} s ${mib(last)}, peak ${mib(Math.max(...samples))}`,
  );
  console.log(
    `                      (the server runs in child process ${embedded.pid}, sampled every second from /proc/${embedded.pid}/status; autocannon runs in this process)\n`,
  );
  goals.push(
    goalLine('load: errors (non-2xx + socket)', String(run.errors), '0', run.errors === 0),
  );
  goals.push(goalLine('load: p95 latency', formatMs(run.p95), '≤ 200 ms', run.p95 <= 200));
  const growth = (last - first) / first;
  goals.push(
    goalLine(
      'load: RSS growth, last vs first window',
      `${(growth * 100).toFixed(1)} %`,
      '< 20 %',
      growth < 0.2,
    ),
  );
}

try {
  console.log(
    'Server throughput over loopback (127.0.0.1); autocannon in this process, each server in its own.',
  );
  await proxyOverhead();
  const started = performance.now();
  const embedded = await spawn({ role: 'embedded' });
  console.log(
    `\nEmbedded server started (demo database seeded) in ${formatMs(performance.now() - started)}.`,
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
  await closeAll(...servers);
}
const allMet = goals.length > 0 && goals.every(Boolean);
console.log(`\n${allMet ? 'Every goal met.' : 'Some goals MISSED.'}`);
process.exitCode = allMet ? 0 : 1;
