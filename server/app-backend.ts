import type { DuckDBConnection } from '@duckdb/node-api';
import type { ApiBackend } from './api/backend.ts';
import type { ServerConfig } from './config.ts';
import { DeviceCookies } from './embedded/auth/device-cookies.ts';
import { LoginThrottle } from './embedded/auth/login-throttle.ts';
import { TokenStore } from './embedded/auth/token-store.ts';
import { demoUsers, readUsersFile } from './embedded/auth/users.ts';
import type { ServiceUser } from './embedded/auth/users.ts';
import { Database } from './embedded/db/database.ts';
import type { DatabaseOptions } from './embedded/db/database.ts';
import { createTables } from './embedded/db/schema.ts';
import { createEmbeddedService } from './embedded/service.ts';
import type { Logger } from './log.ts';
import { QueryTurns, turnLimits } from './embedded/query-turns.ts';
import { createUpstreamBackend } from './proxy/upstream.ts';
import { queryConnections, threadpoolSize } from './threadpool.ts';

/** What the backend is made of; tests replace the users and data. */
export interface BackendOptions {
  readonly config: ServerConfig;
  readonly logger: Logger;
  readonly users?: readonly ServiceUser[];
  /** A database already loaded by the caller (benchmarks); `loadData` is then not used. */
  readonly database?: Database;
  /** Fills the empty module tables; by default the demo data, imported filings and 13F derivation. */
  readonly loadData?: (connection: DuckDBConnection, today: Date) => Promise<void>;
}

export function clockFor(config: ServerConfig): () => number {
  if (config.DEMO_TODAY === undefined) return Date.now;
  // A fixed "today" keeps relative dates stable for demos and end-to-end tests; the time of day
  // still advances so tokens expire normally.
  const offset =
    Date.parse(`${config.DEMO_TODAY}T00:00:00Z`) -
    Date.parse(new Date().toISOString().slice(0, 10));
  return () => Date.now() + offset;
}

/** DuckDB's memory and threads from the configuration; benchmarks open theirs with it too. */
function databaseOptions(config: ServerConfig): DatabaseOptions {
  return {
    poolSize: queryConnections(threadpoolSize(process.env)),
    memoryLimit: config.DUCKDB_MEMORY_LIMIT,
    threads: config.DUCKDB_THREADS,
    maxWaiting: config.QUERY_QUEUE_LIMIT,
  };
}

async function openDatabase(options: BackendOptions, today: Date): Promise<Database> {
  const database = await Database.open(':memory:', databaseOptions(options.config));
  await database.withConnection(async (connection) => {
    if (options.loadData) {
      await createTables(connection);
      await options.loadData(connection, today);
      return;
    }
    // Loaded only when used: tests bring their own data.
    const { loadServiceData } = await import('./embedded/load-data.ts');
    await loadServiceData(connection, { today, config: options.config, logger: options.logger });
  });
  return database;
}

/** The upstream proxy when SERVICE_BASE_URL is set, else the embedded service on its data. */
export async function createBackend(
  options: BackendOptions,
  now: () => number,
): Promise<ApiBackend> {
  const { config } = options;
  if (config.SERVICE_BASE_URL !== undefined) {
    return createUpstreamBackend({
      baseUrl: config.SERVICE_BASE_URL,
      queryPath: config.SERVICE_QUERY_PATH,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: config.UPSTREAM_MAX_RESPONSE_BYTES,
      httpProxy: config.HTTP_PROXY,
      httpsProxy: config.HTTPS_PROXY,
      noProxy: config.NO_PROXY,
    });
  }
  // Independent start-up work runs side by side: DuckDB and scrypt work off the main thread.
  const [database, users] = await Promise.all([
    options.database ?? openDatabase(options, new Date(now())),
    options.users ?? (config.USERS_FILE ? readUsersFile(config.USERS_FILE) : demoUsers()),
  ]);
  return createEmbeddedService({
    database,
    users,
    now,
    rowCap: config.ROW_CAP,
    queryTimeoutMs: config.QUERY_TIMEOUT_MS,
    tokens: new TokenStore(now, config.ACCESS_TOKEN_TTL_SECONDS, config.REFRESH_TOKEN_TTL_SECONDS),
    throttle: new LoginThrottle(now),
    devices: new DeviceCookies(now),
    turns: new QueryTurns(
      turnLimits(database.size, {
        perLogin: config.QUERY_WAITING_PER_LOGIN,
        inAll: config.QUERY_QUEUE_LIMIT,
      }),
    ),
  });
}
