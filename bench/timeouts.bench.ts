/**
 * How soon the server's deadlines end a call, over loopback HTTP: a slow-loris client under
 * HEADERS_TIMEOUT_MS, an upstream that never answers under UPSTREAM_TIMEOUT_MS, and an upstream
 * that is down. The unit tests check what happens (408 and a closed socket, 504, 502); the
 * elapsed times are measured here, where a busy machine makes a slow run, not a failed test.
 *
 *   npm run bench -- [--iterations 5]
 */
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { startFixtureServer } from '../testing/fixture-server.ts';
import { startTestServer } from '../testing/api-server.ts';
import type { TestServer } from '../testing/api-server.ts';
import { json, startStub } from '../testing/stub-upstream.ts';
import { formatMs, percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: { iterations: { type: 'string', default: '5' } },
});
const iterations = Number(args.iterations);

const query = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '5' } });
const postQuery = (server: TestServer) =>
  server.post('/index.php/api/service', query, {
    'Content-Type': 'text/plain;charset=UTF-8',
    'Oauth-Token': 'token-123',
  });

/** Milliseconds until the server drops a client that drips header lines every 100 ms. */
function slowLoris(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /index.php/api/service HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.write('X-Slow: a\r\n'), 100);
    socket.on('close', () => {
      clearInterval(drip);
      resolve(performance.now() - started);
    });
    socket.on('error', () => undefined);
  });
}

async function timed(call: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  const answer = await call();
  const elapsed = performance.now() - started;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}`);
  return elapsed;
}

async function measure(run: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) times.push(await run());
  return times;
}

const CASES = [
  {
    name: 'slow loris dropped (HEADERS_TIMEOUT_MS 500)',
    goalMs: 3_000,
    async times() {
      const { server, port } = await startFixtureServer({ HEADERS_TIMEOUT_MS: '500' });
      try {
        return await measure(() => slowLoris(port));
      } finally {
        await server.close();
      }
    },
  },
  {
    name: 'silent upstream → 504 (UPSTREAM_TIMEOUT_MS 300)',
    goalMs: 1_500,
    async times() {
      const upstream = await startStub(() => undefined);
      const server = await startTestServer({
        env: { SERVICE_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '300' },
      });
      try {
        return await measure(() => timed(() => postQuery(server), 504));
      } finally {
        await server.close();
        await upstream.close();
      }
    },
  },
  {
    name: 'upstream down → 502',
    goalMs: 1_000,
    async times() {
      const upstream = await startStub(json(200, { record_count: 3 }));
      upstream.down = true;
      const server = await startTestServer({ env: { SERVICE_BASE_URL: upstream.url } });
      try {
        return await measure(() => timed(() => postQuery(server), 502));
      } finally {
        await server.close();
        await upstream.close();
      }
    },
  },
];

let allMet = true;
console.log(`Server deadlines over loopback HTTP, ${iterations} runs each (p50 / max)\n`);
for (const benchCase of CASES) {
  const times = await benchCase.times();
  const worst = Math.max(...times);
  const met = worst <= benchCase.goalMs;
  allMet &&= met;
  console.log(
    `${benchCase.name.padEnd(48)}${`${formatMs(percentile(times, 50))} / ${formatMs(worst)}`.padStart(22)}  ≤ ${formatMs(benchCase.goalMs)}: ${met ? 'met' : 'MISSED'}`,
  );
}
process.exitCode = allMet ? 0 : 1;
