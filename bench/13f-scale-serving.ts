/**
 * The server part of the 13F scale bench: starts the real server on the full store as a child
 * (a first start on an empty store, not counted, warms tsx's cache and the OS's), signs in, and
 * times over HTTP the views across managers (where the server serves the aggregate modules) and
 * four analyst queries, each round-robin so all see the same machine.
 */
import { join, dirname } from 'node:path';
import type { QueryRequestBody } from '#contract/request-body';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { startScaleServer } from './13f-scale-children.ts';
import { GB, count, mb, ratioRow, spread, viewRow } from './13f-scale-report.ts';
import type { Row } from './13f-scale-report.ts';
import type { WrittenSet } from './13f-scale-sets.ts';
import {
  httpRunner,
  httpText,
  quarterView,
  readAnswer,
  securityView,
  servesAggregates,
} from './13f-scale-views.ts';
import { post } from './loopback-post.ts';
import { formatMs } from './stats.ts';

interface Timed {
  readonly name: string;
  readonly run: () => Promise<unknown>;
  /** Reads the answer after its time is taken: parsing it is the client's cost. */
  readonly check?: () => void;
  readonly samples: number[];
  size: number;
}

/**
 * The four analyst queries of the first scale bench (#17), on one period: each timed until its
 * answer's last byte, as DuckDB's side is timed until its JSON is made (13f-scale-store.ts), and
 * read after.
 */
function analystQueries(
  send: (body: QueryRequestBody) => Promise<string>,
  data: WrittenSet,
  period: string,
): Timed[] {
  const inPeriod = { periodofreport: { $equals: period } };
  const filer = { companyname: { $equals: data.largestFiler } };
  const module = '13f_holdings';
  const bodies: [string, QueryRequestBody][] = [
    [
      "one filer's top 50 by weight",
      {
        module,
        filters: {
          filter: [filer, inPeriod],
          order_by: 'portfolio_pct_weight:DESC',
          max_num: '50',
        },
      },
    ],
    [
      'every holder of one CUSIP in a period',
      {
        module,
        filters: { filter: [{ cusip: { $equals: data.widestCusip } }, inPeriod], max_num: '-1' },
      },
    ],
    [
      'count of NEW positions in a period',
      { module, count_only: true, filters: { filter: [{ status: { $equals: 'NEW' } }, inPeriod] } },
    ],
    // One period: the filer's every period passes the server's 50,000-row cap at this size.
    [
      'largest filer, max_num "-1"',
      { module, filters: { filter: [filer, inPeriod], max_num: '-1' } },
    ],
  ];
  return bodies.map(([name, body]) => {
    let text = '';
    const timed: Timed = {
      name,
      samples: [],
      size: Number.NaN,
      run: async () => {
        text = await send(body);
      },
      check: () => {
        const answer = readAnswer(body, text);
        timed.size = answer.kind === 'count' ? answer.count : answer.rows.length;
      },
    };
    return timed;
  });
}

/** Each case `iterations` times after 2 warm-up rounds, within `budgetMs`. */
async function timeAll(cases: readonly Timed[], iterations: number, budgetMs: number) {
  const stop = performance.now() + budgetMs;
  for (let round = 0; round < iterations + 2 && performance.now() < stop; round += 1) {
    for (const timed of cases) {
      const started = performance.now();
      await timed.run();
      if (round >= 2) timed.samples.push(performance.now() - started);
      timed.check?.();
    }
  }
}

async function signIn(port: number): Promise<string> {
  const body = JSON.stringify({ ...DEMO_USERS[0], grant_type: 'password' });
  const answer = await post(port, '/index.php/api/oauth2', body, {
    'Content-Type': 'application/json',
  });
  return (JSON.parse(answer) as { access_token: string }).access_token;
}

interface ServedFigures {
  /** The table's rows for the server, with the direct timings to hold two queries against. */
  rows(direct: { newCount: number[]; largestFiler: number[] }): Row[];
}

export async function measureServer(
  store: string,
  data: WrittenSet,
  period: string,
  options: { iterations: number; remainingMs: () => number },
): Promise<ServedFigures> {
  const warm = await startScaleServer(join(dirname(store), 'empty.duckdb'), 300_000);
  await warm.close();
  console.log(`\nStarting the server on the full store...`);
  const server = await startScaleServer(store, Math.min(options.remainingMs(), 300_000));
  try {
    const startRss = await server.peakRss();
    const token = await signIn(server.port);
    const run = httpRunner(server.port, token);
    const aggregates = await servesAggregates(run);
    const views: Timed[] = aggregates
      ? [
          {
            name: 'quarter',
            run: () => quarterView(run, period, [...data.periods].reverse()),
            samples: [],
            size: 0,
          },
          {
            name: 'security',
            run: () => securityView(run, data.widestCusip),
            samples: [],
            size: 0,
          },
        ]
      : [];
    console.log(
      `Listening in ${formatMs(server.wallMs)}; the aggregate modules are ${aggregates ? '' : 'not '}served. Timing...`,
    );
    const queries = analystQueries(httpText(server.port, token), data, period);
    await timeAll(
      [...views, ...queries],
      options.iterations,
      Math.min(options.remainingMs() - 60_000, 900_000),
    );
    const servedRss = await server.peakRss();
    for (const query of queries)
      console.log(`  ${query.name} (${count(query.size)}): ${spread(query.samples)}`);
    return {
      rows: (direct) => [
        {
          figure: 'server start on the full store (fork → listening); RSS at ready',
          measured: `${formatMs(server.wallMs)}; ${mb(startRss)} (${mb(servedRss)} after the queries)`,
          goal: '≤ 5 s; ≤ 1 GB',
          met: server.wallMs <= 5000 && startRss <= GB,
        },
        viewRow(`quarter view over all filers (${period})`, views[0]?.samples ?? null, 1000),
        viewRow(
          `security view, the most held CUSIP, every quarter`,
          views[1]?.samples ?? null,
          500,
        ),
        ratioRow(
          `count of ${period}'s NEW rows: served vs DuckDB on the file`,
          queries[2]?.samples ?? [],
          direct.newCount,
          2,
        ),
        ratioRow(
          `largest filer in ${period}, max_num "-1" (${count(queries[3]?.size ?? 0)} rows): served vs DuckDB`,
          queries[3]?.samples ?? [],
          direct.largestFiler,
          1.5,
        ),
      ],
    };
  } finally {
    await server.close();
  }
}
