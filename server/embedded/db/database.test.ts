import { afterEach, describe, expect, it } from 'vitest';
import { Database, DatabaseBusy, QueryOutOfMemory, QueryTimeout } from './database.ts';

let database: Database | undefined;
afterEach(() => {
  database?.close();
  database = undefined;
});

// A scan no machine finishes in a test's lifetime (10^12 rows), so only the deadline ends it:
// the outcome never depends on how fast the machine is.
const ENDLESS = {
  sql: 'SELECT count(*) AS n FROM range(1000000000000) AS t(i) WHERE i % 7 = 3',
  params: [],
};
// A list of 10^8 numbers (800 MB) cannot spill to disk, so it always exceeds a 64 MB limit.
const HUGE_LIST = {
  sql: 'SELECT max(len(l)) AS n FROM (SELECT list(range) AS l FROM range(100000000))',
  params: [],
};
const ANSWER = { sql: 'SELECT 42 AS x', params: [] };

describe('Database', () => {
  it('opens DuckDB with the memory limit and threads it is given', async () => {
    database = await Database.open(':memory:', { memoryLimit: '256MiB', threads: 1 });
    const [settings] = await database.rows({
      sql: "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
      params: [],
    });
    expect(settings).toEqual({ memory: '256.0 MiB', threads: 1n });
  });

  it('interrupts a statement past its deadline and gives the connection back usable', async () => {
    // One connection: the query after the timeout must run on the interrupted one.
    database = await Database.open(':memory:', { poolSize: 1 });
    await expect(database.rows(ENDLESS, { timeoutMs: 1 })).rejects.toBeInstanceOf(QueryTimeout);
    expect(await database.rows(ANSWER, { timeoutMs: 60_000 })).toEqual([{ x: 42 }]);
    // The interrupted statement stays prepared on that connection and runs again from the start.
    await expect(database.rows(ENDLESS, { timeoutMs: 1 })).rejects.toBeInstanceOf(QueryTimeout);
  });

  it('runs a text it has prepared again with the new values bound', async () => {
    database = await Database.open(':memory:', { poolSize: 1 });
    const twice = (value: number) => ({ sql: 'SELECT $1::INTEGER * 2 AS n', params: [value] });
    expect(await database.rows(twice(21))).toEqual([{ n: 42 }]);
    expect(await database.rows(twice(-4))).toEqual([{ n: -8 }]);
  });

  it('refuses a statement at once when every connection is busy and the queue is full', async () => {
    database = await Database.open(':memory:', { poolSize: 1, maxWaiting: 2 });
    // These calls take the connection and the queue synchronously, in this order, so the outcome
    // does not depend on the machine's speed; the endless scan then ends by its deadline.
    const running = database.rows(ENDLESS, { timeoutMs: 200 });
    const queued = [database.rows(ANSWER), database.rows(ANSWER)];
    await expect(database.rows(ANSWER)).rejects.toBeInstanceOf(DatabaseBusy);
    await expect(running).rejects.toBeInstanceOf(QueryTimeout);
    expect(await Promise.all(queued)).toEqual([[{ x: 42 }], [{ x: 42 }]]);
  });

  it('reports a statement that runs out of memory, and goes on serving', async () => {
    database = await Database.open(':memory:', { poolSize: 1, memoryLimit: '64MiB' });
    await expect(database.rows(HUGE_LIST)).rejects.toBeInstanceOf(QueryOutOfMemory);
    expect(await database.rows(ANSWER)).toEqual([{ x: 42 }]);
  });
});
