/**
 * Query latency on a large 13F table: the same queries run in-process (validation + DuckDB, no
 * HTTP) and end-to-end over loopback HTTP, interleaved in one run so both see the same machine.
 *
 *   npm run bench -- [--scale 1000000] [--iterations 300] [--seconds 120]
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateQuery } from '#contract/validate';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { demoUsers, DEMO_USERS } from '../server/embedded/auth/users.ts';
import { Database } from '../server/embedded/db/database.ts';
import { loadServiceData } from '../server/embedded/load-data.ts';
import { runQuery } from '../server/embedded/run-query.ts';
import { createLogger } from '../server/log.ts';
import { closeConnections, post } from './loopback-post.ts';
import { percentile, formatMs } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '120' },
  },
});
const scale = Number(args.scale);
const iterations = Number(args.iterations);
const deadline = performance.now() + Number(args.seconds) * 1000;
const today = new Date('2026-06-15T12:00:00Z');

console.log(`Loading ${scale.toLocaleString('en-US')} 13F rows (plus the CRM demo modules)...`);
const loadStarted = performance.now();
// A store path that does not exist keeps an operator's imported filings out of the measurement.
const config = loadConfig({
  LOG_LEVEL: 'silent',
  FILINGS_DB: join(tmpdir(), `no-filing-store-${process.pid}.duckdb`),
});
const logger = createLogger('silent');
const database = await Database.open();
await database.withConnection((connection) =>
  loadServiceData(connection, { today, config, logger, thirteenFRows: scale }),
);
const [loaded] = await database.rows({
  sql: 'SELECT CAST(count(*) AS DOUBLE) AS n FROM "13f_holdings"',
  params: [],
});
console.log(
  `Loaded ${Number(loaded?.n).toLocaleString('en-US')} rows in ${formatMs(performance.now() - loadStarted)}`,
);

const app = await createApp({
  config,
  logger,
  database,
  users: await demoUsers(),
  now: () => today.getTime(),
  assets: 'none',
});
const port = await app.listen(0, '127.0.0.1');
const analyst = DEMO_USERS[0];
const { access_token: token } = JSON.parse(
  await post(
    port,
    '/index.php/api/oauth2',
    JSON.stringify({ ...analyst, grant_type: 'password' }),
    {
      'Content-Type': 'application/json',
    },
  ),
) as { access_token: string };

// A CUSIP held by many filers, so the equality query returns a full page of 100.
const [{ cusip } = { cusip: '' }] = (await database.rows({
  sql: 'SELECT cusip FROM "13f_holdings" GROUP BY cusip ORDER BY count(*) DESC LIMIT 1',
  params: [],
})) as { cusip: string }[];

const cases = [
  {
    name: 'cusip equality, order by value, limit 100',
    body: {
      module: '13f_holdings',
      filters: { filter: [{ cusip: { $equals: cusip } }], order_by: 'value:DESC', max_num: '100' },
    },
  },
  {
    name: 'count over a filedat range',
    body: {
      module: '13f_holdings',
      count_only: true,
      filters: {
        filter: [{ filedat: { $between: ['2025-01-01 00:00:00', '2025-12-31 23:59:59'] } }],
      },
    },
  },
];

console.log(
  `\nEach query ${iterations} times in-process and over HTTP, interleaved (p50 / p95):\n`,
);
console.log(
  `${'query'.padEnd(44)}${'in-process'.padStart(20)}${'HTTP'.padStart(20)}${'HTTP/in-process'.padStart(18)}${'goal'.padStart(26)}`,
);
let allMet = true;
for (const benchCase of cases) {
  const text = JSON.stringify(benchCase.body);
  const validated = validateQuery(benchCase.body);
  if (!validated.ok) throw new Error(validated.problem.message);
  const inProcess: number[] = [];
  const overHttp: number[] = [];
  for (let i = 0; i < iterations + 10 && performance.now() < deadline; i += 1) {
    let started = performance.now();
    const checked = validateQuery(JSON.parse(text));
    if (!checked.ok) throw new Error(checked.problem.message);
    await runQuery(database, checked.query, {
      today,
      rowCap: config.ROW_CAP,
      timeoutMs: config.QUERY_TIMEOUT_MS,
    });
    const local = performance.now() - started;
    started = performance.now();
    await post(port, '/index.php/api/service', text, {
      'Content-Type': 'text/plain',
      'Oauth-Token': token,
    });
    const remote = performance.now() - started;
    // The first ten rounds warm caches and the JIT; they are not counted.
    if (i >= 10) {
      inProcess.push(local);
      overHttp.push(remote);
    }
  }
  const local50 = percentile(inProcess, 50);
  const remote50 = percentile(overHttp, 50);
  const budget = 1.3 * local50 + 1;
  const met = remote50 <= budget;
  allMet &&= met;
  console.log(
    `${benchCase.name.padEnd(44)}${`${formatMs(local50)} / ${formatMs(percentile(inProcess, 95))}`.padStart(20)}${`${formatMs(remote50)} / ${formatMs(percentile(overHttp, 95))}`.padStart(20)}${`${(remote50 / local50).toFixed(2)}x`.padStart(18)}${`≤ ${formatMs(budget)} ${met ? 'met' : 'MISSED'}`.padStart(26)}`,
  );
}
console.log('\nGoal: HTTP p50 ≤ 1.3 × in-process p50 + 1 ms.');

closeConnections();
await app.close();
process.exitCode = allMet ? 0 : 1;
