import type { DuckDBConnection } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/api-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import {
  ANALYST,
  FIXTURE_NOW,
  FIXTURE_ROWS,
  VIEWER,
  loadFixtures,
} from '../../testing/fixtures.ts';
import { queryConnections, threadpoolSize } from '../threadpool.ts';
import { turnLimits } from './query-turns.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * The fixtures, with `updates` replaced by a view that repeats its rows once per row `i` of
 * `source`: an expensive table the test controls, reached through the service's ordinary SQL.
 * Each repeat gets its own name, so a filter on the name cannot skip the repeats.
 */
function withUpdatesOver(source: string) {
  return async (connection: DuckDBConnection) => {
    await loadFixtures(connection);
    await connection.run('ALTER TABLE updates RENAME TO updates_rows');
    await connection.run(
      `CREATE VIEW updates AS SELECT u.* REPLACE (u.name || r.i::VARCHAR AS name) FROM updates_rows AS u, ${source} AS r(i)`,
    );
  };
}

/** The turns the server gives logins, from this process's threadpool (server/threadpool.ts). */
const LIMITS = turnLimits(queryConnections(threadpoolSize(process.env)));

async function setup(source: string, env: Record<string, string>) {
  server = await startTestServer({
    users: [ANALYST, VIEWER],
    loadData: withUpdatesOver(source),
    now: () => FIXTURE_NOW,
    env,
  });
  return { server, token: await server.tokenFor(ANALYST) };
}

// Matches no row, so the count reads every row of the view.
const countNothing = {
  module: 'updates',
  count_only: true,
  filters: { filter: [{ name: { $contains: 'no such name' } }] },
};

describe('query deadline and memory limit', () => {
  it('stops a query at QUERY_TIMEOUT_MS with a JSON 504, and serves the next one', async () => {
    // 10^12 repeats: no machine counts them before the deadline, however fast or slow.
    const { server, token } = await setup('range(1000000000000)', { QUERY_TIMEOUT_MS: '50' });
    const answer = await server.query(countNothing, token);
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({
      error: 'query_timeout',
      error_message: expect.stringMatching(/took longer than 0\.05 s/) as string,
      path: 'filters',
    });
    // The pool hands back the connection used last: the interrupted one answers this.
    const next = await server.query({ module: 'metro_area__c', count_only: true }, token);
    expect(next).toMatchObject({
      status: 200,
      body: { record_count: FIXTURE_ROWS.metro_area__c.length },
    });
  });

  it('answers a query over DUCKDB_MEMORY_LIMIT with a JSON 503, not a 500', async () => {
    // A list of 10^8 numbers (800 MB) cannot spill to disk, so 64 MiB is always too little.
    const source = '(SELECT unnest(list(range)) FROM range(100000000))';
    const { server, token } = await setup(source, { DUCKDB_MEMORY_LIMIT: '64MiB' });
    const answer = await server.query(countNothing, token);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      error: 'query_too_large',
      error_message: expect.stringContaining('more memory') as string,
      path: 'filters',
    });
    const next = await server.query({ module: 'metro_area__c', count_only: true }, token);
    expect(next.status).toBe(200);
  });

  it('answers 503 service_busy at once when the connections are busy and the queue is full', async () => {
    // One login's share of the connections runs endless counts until the deadline, one more
    // query waits, the rest are refused without waiting.
    const { server, token } = await setup('range(1000000000000)', {
      QUERY_TIMEOUT_MS: '3000',
      QUERY_QUEUE_LIMIT: '1',
    });
    const { perLogin } = LIMITS;
    const answers = await Promise.all(
      Array.from({ length: perLogin + 4 }, () => server.query(countNothing, token)),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy).toHaveLength(3);
    expect(busy[0]?.body).toMatchObject({ error: 'service_busy' });
    expect(busy[0]?.headers.get('retry-after')).toBe('2');
    expect(answers.filter((answer) => answer.status === 504)).toHaveLength(perLogin + 1);
  });

  it("answers another login while one login's flood runs, and 429 past the flood's queue", async () => {
    const { server, token } = await setup('range(1000000000000)', {
      QUERY_TIMEOUT_MS: '3000',
      QUERY_WAITING_PER_LOGIN: '1',
    });
    const viewer = await server.tokenFor(VIEWER);
    const finished: string[] = [];
    const flood = Array.from({ length: LIMITS.perLogin + 3 }, () =>
      server.query(countNothing, token).then((answer) => {
        finished.push(`flood ${String(answer.status)}`);
        return answer;
      }),
    );
    const other = await server.query({ module: 'metro_area__c', count_only: true }, viewer);
    finished.push('other');
    expect(other).toMatchObject({
      status: 200,
      body: { record_count: FIXTURE_ROWS.metro_area__c.length },
    });
    const answers = await Promise.all(flood);
    // Past its one waiting query, the flood is told to come back, at once: before the other
    // login's answer, and the running ones only at their deadline, after it.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body).toMatchObject({ error: 'too_many_requests' });
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(finished.slice(0, 3)).toEqual(['flood 429', 'flood 429', 'other']);
    expect(answers.filter((answer) => answer.status === 504)).toHaveLength(LIMITS.perLogin + 1);
  });

  it('stays ready while queries hold every connection', async () => {
    const { server, token } = await setup('range(1000000000000)', { QUERY_TIMEOUT_MS: '3000' });
    const viewer = await server.tokenFor(VIEWER);
    const finished: string[] = [];
    // Two sign-ins, each its share: every connection runs a count until the deadline.
    const flood = [token, viewer].flatMap((each) =>
      Array.from({ length: LIMITS.perLogin }, () =>
        server.query(countNothing, each).then((answer) => {
          finished.push(`query ${String(answer.status)}`);
        }),
      ),
    );
    // A real pause, the only way over HTTP to let the counts take the connections first (they
    // run for 3 s): without it the probe could come first and pass on a probe that queues.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await fetch(`${server.baseUrl}/readyz`);
    finished.push(`readyz ${String(ready.status)}`);
    await Promise.all(flood);
    expect(finished[0]).toBe('readyz 200');
  });
});
