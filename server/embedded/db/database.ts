import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { SqlStatement } from './sql.ts';

/**
 * An in-process DuckDB database with a small pool of connections, so concurrent requests
 * run side by side instead of queueing behind one connection.
 */
export class Database {
  private readonly idle: DuckDBConnection[];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: DuckDBConnection[],
  ) {
    this.idle = connections;
  }

  /** Opens an in-memory database (or a file) with `poolSize` connections. */
  static async open(path = ':memory:', poolSize = 4): Promise<Database> {
    const instance = await DuckDBInstance.create(path);
    const connections = await Promise.all(
      Array.from({ length: poolSize }, () => instance.connect()),
    );
    return new Database(instance, connections);
  }

  /** Runs `work` with a connection of its own, returning the connection to the pool after. */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection =
      this.idle.pop() ??
      (await new Promise<DuckDBConnection>((resolve) => {
        this.waiting.push(resolve);
      }));
    try {
      return await work(connection);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  /** Runs a statement and returns its rows as plain objects, columns in select order. */
  async rows(statement: SqlStatement): Promise<Record<string, unknown>[]> {
    return this.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(statement.sql, statement.params);
      return reader.getRowObjects();
    });
  }

  /** Closes every connection and the instance. */
  close(): void {
    for (const connection of this.idle) connection.closeSync();
    this.idle.length = 0;
    this.instance.closeSync();
  }
}
