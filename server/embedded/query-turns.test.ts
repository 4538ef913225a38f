import { describe, expect, it } from 'vitest';
import { QueryTurns, TooManyQueries, turnLimits } from './query-turns.ts';
import type { QueryAsker, TurnLimits } from './query-turns.ts';

/** A query that runs until the test finishes it. */
interface HeldQuery {
  readonly name: string;
  readonly done: Promise<string>;
  finish(): void;
  fail(): void;
}

function setup(limits: Partial<TurnLimits> = {}) {
  const turns = new QueryTurns({ ...turnLimits(4), ...limits });
  /** Names of the queries that started, in order. */
  const started: string[] = [];
  const ask = (asker: QueryAsker, name: string): HeldQuery => {
    let finish = () => {};
    let fail = () => {};
    const done = turns.run(
      asker,
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          finish = () => {
            resolve(name);
          };
          fail = () => {
            reject(new Error(name));
          };
        }),
    );
    return {
      name,
      done,
      finish: () => {
        finish();
      },
      fail: () => {
        fail();
      },
    };
  };
  // Lets every settled promise's continuation run.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Finishes every query, each as it starts, until all are done. */
  const finishAll = async (queries: readonly HeldQuery[]) => {
    for (let round = 0; round < queries.length; round += 1) {
      for (const query of queries) query.finish();
      await settle();
    }
    return Promise.all(queries.map(async (query) => query.done));
  };
  return { turns, started, ask, settle, finishAll };
}

const heavy = { login: 'heavy-login', account: 'analyst' };
const light = { login: 'light-login', account: 'crm-viewer' };

describe('QueryTurns', () => {
  it('keeps a connection free for another login while one login floods', async () => {
    const { ask, started, settle, turns, finishAll } = setup();
    const flood = ['h1', 'h2', 'h3', 'h4', 'h5'].map((name) => ask(heavy, name));
    await settle();
    // Half the four connections; the rest of the flood waits its turn.
    expect(started).toEqual(['h1', 'h2']);
    expect(turns.queued).toBe(3);
    const other = ask(light, 'light');
    await settle();
    expect(started).toEqual(['h1', 'h2', 'light']);
    other.finish();
    await expect(other.done).resolves.toBe('light');
    await finishAll(flood);
  });

  it('gives a freed connection to the next login in turn, not the one that queued most', async () => {
    const { ask, started, settle, finishAll } = setup({ slots: 2, perLogin: 2, perAccount: 2 });
    const first = [ask(heavy, 'h1'), ask(heavy, 'h2'), ask(heavy, 'h3'), ask(heavy, 'h4')];
    await settle();
    const other = ask(light, 'light');
    await settle();
    expect(started).toEqual(['h1', 'h2']);
    first[0]?.finish();
    await settle();
    // h3 queued before the light query, but the light login's turn comes first.
    expect(started).toEqual(['h1', 'h2', 'light']);
    first[1]?.finish();
    await settle();
    expect(started).toEqual(['h1', 'h2', 'light', 'h3']);
    await finishAll([...first, other]);
  });

  it('bounds an account across its logins, so signing in again gains nothing', async () => {
    const { ask, started, settle, finishAll } = setup();
    const logins = ['a', 'b', 'c', 'd'].map((login) =>
      ask({ login, account: 'analyst' }, `query-${login}`),
    );
    await settle();
    // All but one of the four connections.
    expect(started).toEqual(['query-a', 'query-b', 'query-c']);
    logins[0]?.finish();
    await settle();
    expect(started).toHaveLength(4);
    await finishAll(logins);
  });

  it('refuses a login at once past its waiting queries, and only that login', async () => {
    const { ask, settle, finishAll } = setup({ slots: 2, perLogin: 1, waitingPerLogin: 2 });
    const held = [ask(heavy, 'h1'), ask(heavy, 'h2'), ask(heavy, 'h3')];
    const refused = ask(heavy, 'h4');
    await expect(refused.done).rejects.toBeInstanceOf(TooManyQueries);
    const other = ask(light, 'light');
    await settle();
    other.finish();
    await expect(other.done).resolves.toBe('light');
    await finishAll(held);
  });

  it('frees the turn of a query that failed', async () => {
    const { ask, started, settle } = setup({ slots: 1, perLogin: 1, perAccount: 1 });
    const failing = ask(heavy, 'fails');
    const next = ask(heavy, 'next');
    await settle();
    failing.fail();
    await expect(failing.done).rejects.toThrow('fails');
    await settle();
    expect(started).toEqual(['fails', 'next']);
    next.finish();
    await expect(next.done).resolves.toBe('next');
  });
});
