import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreparedStatements } from './prepared-statements.ts';

let instance: DuckDBInstance | undefined;
afterEach(() => {
  instance?.closeSync();
  instance = undefined;
});

/** A real in-memory DuckDB connection whose `prepare` calls are counted. */
async function setup(perConnection?: number) {
  const database = await DuckDBInstance.create(':memory:');
  instance = database;
  const connection = await database.connect();
  const prepare = vi.spyOn(connection, 'prepare');
  return { database, connection, prepare, statements: new PreparedStatements(perConnection) };
}

/** Runs `sql` through the kept statements with `values` bound; the first column of each row. */
async function run(
  statements: PreparedStatements,
  connection: DuckDBConnection,
  sql: string,
  values: (string | number)[] = [],
): Promise<unknown[]> {
  const prepared = await statements.get(connection, sql);
  prepared.clearBindings();
  prepared.bind(values);
  const rows = (await prepared.runAndReadAll()).getRows();
  return rows.map((row) => row[0]);
}

const DOUBLE = 'SELECT $1::INTEGER * 2 AS n';

describe('PreparedStatements', () => {
  it('prepares a text once per connection and binds new values on every run', async () => {
    const { connection, prepare, statements } = await setup();
    expect(await run(statements, connection, DOUBLE, [21])).toEqual([42]);
    expect(await run(statements, connection, DOUBLE, [5])).toEqual([10]);
    expect(await run(statements, connection, "SELECT $1 || '!' AS s", ['hi'])).toEqual(['hi!']);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('prepares the same text again on another connection', async () => {
    const { database, connection, prepare, statements } = await setup();
    const other = await database.connect();
    const otherPrepare = vi.spyOn(other, 'prepare');
    await run(statements, connection, DOUBLE, [1]);
    expect(await run(statements, other, DOUBLE, [3])).toEqual([6]);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(otherPrepare).toHaveBeenCalledTimes(1);
  });

  it('lets the least recently used text go past its bound, and prepares it again when asked', async () => {
    const { connection, prepare, statements } = await setup(2);
    const [a, b, c] = ['SELECT 1 AS n', 'SELECT 2 AS n', 'SELECT 3 AS n'];
    await run(statements, connection, a);
    await run(statements, connection, b);
    await run(statements, connection, a); // a is now the most recent: b goes first
    await run(statements, connection, c);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(await run(statements, connection, a)).toEqual([1]);
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(await run(statements, connection, b)).toEqual([2]);
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('keeps nothing for a text that does not prepare, and says why', async () => {
    const { connection, prepare, statements } = await setup();
    await expect(statements.get(connection, 'SELECT * FROM no_such_table')).rejects.toThrow(
      /no_such_table/,
    );
    await expect(statements.get(connection, 'SELECT * FROM no_such_table')).rejects.toThrow();
    expect(prepare).toHaveBeenCalledTimes(2);
  });
});
