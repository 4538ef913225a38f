/**
 * The worst query the validator accepts, against the real server over loopback HTTP: most
 * fields, most sort keys, most conditions nested deepest, longest values and $contains patterns,
 * most rows, largest offset; each beside a normal query. Server time is the loopback round trip;
 * peak RSS is the server process's, read from /proc every few ms while the request runs.
 *
 *   npm run bench -- [--scale 0] [--iterations 10] [--seconds 120]
 *
 * `--scale N` loads about N 13F rows (0: the demo data `npm start` serves).
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { QUERY_LIMITS } from '#contract/query';
import { validateQuery } from '#contract/validate';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { post, startServer } from './autocannon-runs.ts';
import type { ServerChild } from './autocannon-runs.ts';
import { formatMs, percentile } from './stats.ts';
import { MODULE, worstFilters } from './worst-filters.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0' },
    iterations: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '120' },
  },
});
const iterations = Number(args.iterations);
const deadline = performance.now() + Number(args.seconds) * 1000;
const GOAL_MS = 1000;
const GOAL_BYTES = 200 * 2 ** 20;
const SAMPLE_MS = 5;

const CASES = [
  {
    name: 'normal: ticker equality, top 100 by value',
    body: {
      module: MODULE,
      filters: {
        filter: [{ ticker: { $equals: 'AAPL' } }],
        order_by: 'value:DESC',
        max_num: '100',
      },
    },
  },
  { name: 'worst: every limit, most rows', body: { module: MODULE, filters: worstFilters(0) } },
  {
    name: 'worst: every limit, largest offset',
    body: { module: MODULE, filters: worstFilters(QUERY_LIMITS.maxOffset) },
  },
];

/** One request: its round trip, its status, and the server's RSS peak above its RSS before. */
async function measure(server: ServerChild, body: string, token: string) {
  const before = await server.rss();
  // An object, not locals: the checker cannot see the request's end change them.
  const watch = { sampling: true, peak: before };
  const sampler = (async () => {
    while (watch.sampling) {
      watch.peak = Math.max(watch.peak, await server.rss());
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const answer = await post(`${server.url}${API_PATHS.query}`, body, { 'Oauth-Token': token });
  const ms = performance.now() - started;
  watch.sampling = false;
  await sampler;
  return { ms, status: answer.status, bytes: answer.text.length, growth: watch.peak - before };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

console.log(
  `Starting the server (${args.scale === '0' ? 'demo data' : `${args.scale} 13F rows`})...`,
);
const server = await startServer(
  args.scale === '0' ? { role: 'embedded' } : { role: 'embedded', thirteenFRows: args.scale },
  600_000,
);
let allMet = true;
try {
  const analyst = DEMO_USERS[0];
  const login = await post(
    `${server.url}${API_PATHS.token}`,
    JSON.stringify({ ...analyst, grant_type: 'password' }),
  );
  const { access_token: token } = JSON.parse(login.text) as { access_token: string };
  console.log(`Server RSS at rest: ${mb(await server.rss())}\n`);
  console.log(
    `${'query'.padEnd(44)}${'body'.padStart(9)}${'answer'.padStart(10)}${'p50 / max'.padStart(22)}${'peak RSS +'.padStart(12)}  goal (≤ 1 s, ≤ +200 MB)`,
  );
  for (const benchCase of CASES) {
    const checked = validateQuery(benchCase.body);
    if (!checked.ok) throw new Error(`${benchCase.name}: ${checked.problem.message}`);
    const body = JSON.stringify(benchCase.body);
    const runs = [];
    // Up to `iterations` after two warm-ups, bounded by --seconds overall. Warm-ups count for
    // memory (a first run may grow the heap most) and status, not for time.
    for (let i = 0; i < iterations + 2 && performance.now() < deadline; i += 1) {
      runs.push(await measure(server, body, token));
    }
    const times = (runs.length > 2 ? runs.slice(2) : runs).map((run) => run.ms);
    const p50 = percentile(times, 50);
    const growth = Math.max(...runs.map((run) => run.growth));
    const statuses = [...new Set(runs.map((run) => run.status))].join(',');
    const met = statuses === '200' && p50 <= GOAL_MS && growth <= GOAL_BYTES;
    allMet &&= met;
    console.log(
      `${benchCase.name.padEnd(44)}${`${(body.length / 1024).toFixed(0)} kB`.padStart(9)}${`${((runs[0]?.bytes ?? 0) / 1024).toFixed(0)} kB`.padStart(10)}${`${formatMs(p50)} / ${formatMs(Math.max(...times))}`.padStart(22)}${mb(growth).padStart(12)}  ${met ? 'met' : `MISSED (HTTP ${statuses})`}`,
    );
  }
  console.log(`\nServer RSS after the runs: ${mb(await server.rss())}`);
  console.log('Goals: every query answers 200, p50 ≤ 1 s, peak RSS ≤ +200 MB over its start.');
} finally {
  await server.close();
}
process.exitCode = allMet ? 0 : 1;
