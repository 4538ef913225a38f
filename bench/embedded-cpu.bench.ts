/**
 * The embedded service's CPU per request against DuckDB's own: for each query of the load
 * test's mix (bench/load-queries.ts), the CPU the server process spends per HTTP request, and the
 * CPU the same SQL with the same parameters costs when run in this process through the same
 * `Database` (same connection settings), side by side in one run. Exits 1 when a ratio is over
 * the goal.
 *
 *   npx tsx bench/embedded-cpu.bench.ts [--requests 400]
 *
 * The server runs in a child process (bench/throughput-server.ts) on the demo data; its CPU is
 * read from /proc/<pid>/stat (all its threads, DuckDB's included) over `requests` sequential
 * requests on one kept-alive connection. In process, `process.cpuUsage()` (all threads) over the
 * same number of runs of the statement the server builds (`buildPageSql` / `buildCountSql`).
 *
 * DuckDB's own cost, the goal's measure, is the statement run as anyone would run it with the
 * client: `connection.runAndReadAll(sql, params)`, which parses, plans and runs it each time. The
 * server prepares each text once per connection and binds new values (one of the ways it closes
 * the gap), so the same statement run prepared is printed too, for information: what is left
 * above it is the HTTP request, validation, authentication and the answer's JSON.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '#contract/auth';
import { validateQuery } from '#contract/validate';
import { loadConfig } from '../server/config.ts';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import type { DuckDBConnection } from '@duckdb/node-api';
import { Database } from '../server/embedded/db/database.ts';
import { buildCountSql, buildPageSql } from '../server/embedded/db/sql.ts';
import { loadServiceData } from '../server/embedded/load-data.ts';
import { createLogger } from '../server/log.ts';
import { startServer } from './autocannon-runs.ts';
import type { ServerChild } from './autocannon-runs.ts';
import { closeConnections, post } from './loopback-post.ts';
import { loadQueries } from './load-queries.ts';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '400' } } });
const REQUESTS = Number(args.requests);
const GOAL = 1.3;
/** Requests and runs before measuring: plans, caches and the JIT warm on both sides. */
const WARM_UP = 100;
/** The server's row cap, as its default configuration sets it: a page without max_num. */
const ROW_CAP = loadConfig({}).ROW_CAP;

let server: ServerChild | undefined;
setTimeout(() => {
  console.error('\nThe benchmark did not finish within 10 minutes; stopping.');
  void (server?.close() ?? Promise.resolve()).finally(() => process.exit(2));
}, 600_000).unref();

/** CPU milliseconds of this process (every thread) while `work` runs `times` times. */
async function inProcessCpuMs(times: number, work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

try {
  server = await startServer({ role: 'embedded' });
  const port = Number(new URL(server.url).port);
  const analyst = DEMO_USERS[0];
  const login = JSON.parse(
    await post(port, API_PATHS.token, JSON.stringify({ ...analyst, grant_type: 'password' }), {
      'Content-Type': 'application/json',
    }),
  ) as { access_token: string };
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': login.access_token };
  const queries = loadQueries('AAPL');

  // The same data in this process, through the same Database class and settings.
  const today = new Date();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FILINGS_DB: join(tmpdir(), `no-filing-store-${String(process.pid)}.duckdb`),
  });
  const settings = { memoryLimit: config.DUCKDB_MEMORY_LIMIT, threads: config.DUCKDB_THREADS };
  const database = await Database.open(':memory:', settings);
  await database.withConnection((connection) =>
    loadServiceData(connection, { today, config, logger: createLogger('silent') }),
  );
  /** The statement run once, as the client runs it: parsed, planned and run each time. */
  const oneOff = (statement: { sql: string; params: (string | number | boolean)[] }) =>
    database.withConnection(async (connection: DuckDBConnection) =>
      (await connection.runAndReadAll(statement.sql, statement.params)).getRowObjects(),
    );

  console.log(
    `Embedded service: CPU per request over HTTP vs the same SQL in process (${String(REQUESTS)} each, demo data)\n`,
  );
  console.log(
    `  ${'query'.padEnd(36)}${'server'.padStart(10)}${'DuckDB'.padStart(10)}${'ratio'.padStart(8)}  goal ≤ ${String(GOAL)}×${'prepared'.padStart(12)}${'ratio'.padStart(8)}`,
  );
  let met = true;
  for (const query of queries) {
    const checked = validateQuery(query.body);
    if (!checked.ok) throw new Error(`${query.name}: ${checked.problem.message}`);
    const statement = checked.query.countOnly
      ? buildCountSql(checked.query, today)
      : buildPageSql(checked.query, today, checked.query.maxNum ?? ROW_CAP);
    const text = JSON.stringify(query.body);
    // Warm both paths (plans, caches, the JIT) before measuring.
    for (let i = 0; i < WARM_UP; i++) {
      await post(port, API_PATHS.query, text, headers);
      await oneOff(statement);
      await database.rows(statement);
    }
    const serverBefore = await server.cpuMs();
    for (let i = 0; i < REQUESTS; i++) await post(port, API_PATHS.query, text, headers);
    const serverMs = ((await server.cpuMs()) - serverBefore) / REQUESTS;
    const duckMs = (await inProcessCpuMs(REQUESTS, () => oneOff(statement))) / REQUESTS;
    const preparedMs = (await inProcessCpuMs(REQUESTS, () => database.rows(statement))) / REQUESTS;
    const ratio = serverMs / duckMs;
    met &&= ratio <= GOAL;
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `  ${query.name.padEnd(36)}${ms(serverMs).padStart(10)}${ms(duckMs).padStart(10)}${`${ratio.toFixed(2)}×`.padStart(8)}  ${(ratio <= GOAL ? 'met' : 'MISSED').padEnd(9)}${ms(preparedMs).padStart(12)}${`${(serverMs / preparedMs).toFixed(2)}×`.padStart(8)}`,
    );
  }
  console.log(
    `\nembedded CPU per request / DuckDB's for the same SQL: goal ≤ ${String(GOAL)}× for every query — ${met ? 'met' : 'MISSED'}`,
  );
  process.exitCode = met ? 0 : 1;
  database.close();
} finally {
  closeConnections();
  await server?.close();
}
