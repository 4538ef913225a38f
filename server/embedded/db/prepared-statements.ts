import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';

/** Statement texts kept prepared per connection; the least recently used is let go past it. */
const PREPARED_PER_CONNECTION = 64;

/**
 * Prepared statements per connection and SQL text, least recently used let go first.
 *
 * The SQL builder writes one text per query shape (module, fields, filter operators, order) and
 * binds every value, so the same few texts come again and again. Parsing, binding and planning a
 * text afresh cost DuckDB about as much as running a small query (profiled:
 * docs/decisions/prepared-statements.md): preparing each once per connection and binding new values
 * is most of what separates the server's CPU per request from DuckDB's own. DuckDB re-plans a
 * prepared statement by itself if a table it reads changes; the service's tables are loaded once at
 * start.
 */
export class PreparedStatements {
  private readonly byConnection = new WeakMap<
    DuckDBConnection,
    Map<string, DuckDBPreparedStatement>
  >();

  constructor(private readonly perConnection = PREPARED_PER_CONNECTION) {}

  /** `sql` prepared on `connection`: the kept statement, or a new one kept from now on. */
  async get(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let kept = this.byConnection.get(connection);
    if (!kept) {
      kept = new Map();
      this.byConnection.set(connection, kept);
    }
    const known = kept.get(sql);
    if (known) {
      // A Map iterates in insertion order: moving the text to the end marks it most recent.
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    const prepared = await connection.prepare(sql);
    kept.set(sql, prepared);
    if (kept.size > this.perConnection) {
      const [oldest] = kept;
      if (oldest) {
        kept.delete(oldest[0]);
        oldest[1].destroySync();
      }
    }
    return prepared;
  }
}
