import { DuckDBBlobValue, DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { PreparedStatements } from './prepared-statements.ts';
import type { SqlStatement } from './sql.ts';

/** How to open the database; DuckDB's own defaults where a setting is left out. */
export interface DatabaseOptions {
  /** Connections in the pool: how many statements run side by side. */
  readonly poolSize?: number;
  /** DuckDB's `memory_limit`, e.g. `2GiB`. */
  readonly memoryLimit?: string;
  /** DuckDB's `threads`. */
  readonly threads?: number;
  /** Statements that may wait for a connection; more are refused (`DatabaseBusy`). */
  readonly maxWaiting?: number;
}

/** The bytes of a BLOB value as `rows` read it; a NULL BLOB has none. */
export function blobBytes(value: unknown): Uint8Array {
  if (value === null || value === undefined) return new Uint8Array(0);
  if (value instanceof DuckDBBlobValue) return value.bytes;
  throw new TypeError('expected a BLOB value');
}

/** Requests waiting for a connection beyond which new ones are refused at once. */
const DEFAULT_MAX_WAITING = 100;

/** Raised when every connection is busy and the queue for one is full. */
export class DatabaseBusy extends Error {
  constructor(readonly maxWaiting: number) {
    super(`all connections are busy and ${maxWaiting} statements are already waiting`);
  }
}

/** Raised when a statement ran past its deadline and was interrupted. */
export class QueryTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the statement ran longer than ${timeoutMs} ms and was interrupted`);
  }
}

/** Raised when a statement needed more memory than DuckDB's `memory_limit`. */
export class QueryOutOfMemory extends Error {}

/**
 * How often a missed interrupt is repeated. DuckDB forgets an interrupt that arrives before the
 * statement starts executing (preparing and binding come first), so one call is not enough.
 */
const INTERRUPT_REPEAT_MS = 20;

/** `work` on `connection`, interrupted from `timeoutMs` on until it settles. */
async function withDeadline<T>(
  connection: DuckDBConnection,
  timeoutMs: number,
  work: Promise<T>,
): Promise<T> {
  // An object, not a local: the checker cannot see the timer callback set it.
  const deadline = { passed: false };
  let timer: NodeJS.Timeout | undefined;
  const interrupt = () => {
    deadline.passed = true;
    connection.interrupt();
    timer = setTimeout(interrupt, INTERRUPT_REPEAT_MS);
  };
  timer = setTimeout(interrupt, timeoutMs);
  try {
    return await work;
  } catch (error) {
    if (deadline.passed && isDuckDBError(error, 'INTERRUPT')) throw new QueryTimeout(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** DuckDB's errors carry their type only as the start of the message ("Out of Memory Error: …"). */
function isDuckDBError(error: unknown, type: string): error is Error {
  return error instanceof Error && error.message.startsWith(`${type} Error:`);
}

/**
 * An in-process DuckDB database with a small pool of connections, so concurrent requests
 * run side by side instead of queueing behind one connection.
 */
export class Database {
  private readonly idle: DuckDBConnection[];
  private readonly prepared = new PreparedStatements();
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];

  /** Connections in the pool: statements that run at once. */
  readonly size: number;

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: DuckDBConnection[],
    private readonly maxWaiting: number,
    /** Kept out of the pool: a readiness probe never waits behind queries. */
    private readonly probeConnection: DuckDBConnection,
  ) {
    this.idle = connections;
    this.size = connections.length;
  }

  /** Opens an in-memory database (or a file) with a pool of connections (4 by default). */
  static async open(path = ':memory:', options: DatabaseOptions = {}): Promise<Database> {
    const settings: Record<string, string> = {};
    if (options.memoryLimit !== undefined) settings.memory_limit = options.memoryLimit;
    if (options.threads !== undefined) settings.threads = String(options.threads);
    const instance = await DuckDBInstance.create(path, settings);
    const [probe, ...connections] = await Promise.all(
      Array.from({ length: (options.poolSize ?? 4) + 1 }, () => instance.connect()),
    );
    if (probe === undefined) throw new Error('DuckDB gave no connection');
    return new Database(instance, connections, options.maxWaiting ?? DEFAULT_MAX_WAITING, probe);
  }

  /**
   * Whether the database answers a statement now, on a connection of its own: under load every
   * pooled connection may run a query for seconds, and a readiness probe that waited for one
   * would take a busy server out of its load balancer.
   */
  async answers(): Promise<boolean> {
    try {
      await this.probeConnection.run('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Runs `work` with a connection of its own, returning the connection to the pool after. */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    // A flood of requests must not queue without end behind a few heavy statements: past the
    // bound the caller is told at once that the service is busy, and the queue stays small.
    if (this.idle.length === 0 && this.waiting.length >= this.maxWaiting) {
      throw new DatabaseBusy(this.maxWaiting);
    }
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

  /**
   * Runs a statement (prepared once per connection and text, then bound to its values) and
   * returns its rows as plain objects, columns in select order. With
   * `timeoutMs`, a statement still running then is interrupted (`QueryTimeout`); the connection
   * goes back to the pool only once it has stopped, so it is free for the next statement.
   */
  async rows(
    statement: SqlStatement,
    options: { readonly timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>[]> {
    return this.withConnection(async (connection) => {
      const work = this.prepared.get(connection, statement.sql).then(async (prepared) => {
        prepared.clearBindings();
        prepared.bind(statement.params);
        return (await prepared.runAndReadAll()).getRowObjects();
      });
      try {
        return await (options.timeoutMs === undefined
          ? work
          : withDeadline(connection, options.timeoutMs, work));
      } catch (error) {
        if (isDuckDBError(error, 'Out of Memory')) throw new QueryOutOfMemory(error.message);
        throw error;
      }
    });
  }

  /** Closes every connection and the instance. */
  close(): void {
    this.probeConnection.closeSync();
    for (const connection of this.idle) connection.closeSync();
    this.idle.length = 0;
    this.instance.closeSync();
  }
}
