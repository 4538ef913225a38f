import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { API_PATHS } from '#contract/auth';
import { createAssetHandler, resolveServeMode } from './assets.ts';
import type { AssetHandler, ResolvedServeMode } from './assets.ts';
import type { ServerConfig } from './config.ts';
import { LoginThrottle } from './embedded/auth/login-throttle.ts';
import { TokenStore } from './embedded/auth/token-store.ts';
import { demoUsers, readUsersFile } from './embedded/auth/users.ts';
import type { ServiceUser } from './embedded/auth/users.ts';
import { Database } from './embedded/db/database.ts';
import { createTables } from './embedded/db/schema.ts';
import type { DuckDBConnection } from '@duckdb/node-api';
import { createEmbeddedService } from './embedded/service.ts';
import type { EmbeddedService } from './embedded/service.ts';
import { ApiError, sendApiError } from './http.ts';
import type { Logger } from './log.ts';

/** Everything `createApp` needs; tests replace the clock, users, data and assets. */
export interface AppOptions {
  readonly config: ServerConfig;
  readonly logger: Logger;
  /** Milliseconds since the epoch; the service's clock for token expiry and `$dateRange`. */
  readonly now?: () => number;
  readonly users?: readonly ServiceUser[];
  /** A database already loaded by the caller (benchmarks); `loadData` is then not used. */
  readonly database?: Database;
  /** Fills the empty module tables; by default the demo data, imported filings and 13F derivation. */
  readonly loadData?: (connection: DuckDBConnection, today: Date) => Promise<void>;
  /** `none` serves only the API (server tests). */
  readonly assets?: ResolvedServeMode | 'none';
  /** The server the app will listen on, so Vite's hot reload shares its port. */
  readonly httpServer?: Server;
}

/** A constructed app: a request handler, what it serves, and how to release it. */
export interface App {
  readonly handle: (request: IncomingMessage, response: ServerResponse) => void;
  readonly assets: ResolvedServeMode | 'none';
  close(): Promise<void>;
}

const API_PREFIX = '/index.php/api';

function clockFor(config: ServerConfig): () => number {
  if (config.DEMO_TODAY === undefined) return Date.now;
  // A fixed "today" keeps relative dates stable for demos and end-to-end tests; the time of day
  // still advances so tokens expire normally.
  const offset =
    Date.parse(`${config.DEMO_TODAY}T00:00:00Z`) -
    Date.parse(new Date().toISOString().slice(0, 10));
  return () => Date.now() + offset;
}

async function routeApi(
  service: EmbeddedService,
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
): Promise<void> {
  const handler =
    pathname === API_PATHS.token
      ? service.token
      : pathname === API_PATHS.query
        ? service.query
        : undefined;
  if (!handler) {
    throw new ApiError(
      404,
      'not_found',
      `no API endpoint at ${pathname}; use POST ${API_PATHS.token} or POST ${API_PATHS.query}`,
    );
  }
  if (request.method !== 'POST') {
    throw new ApiError(
      405,
      'method_not_allowed',
      `${pathname} accepts POST only`,
      {},
      { Allow: 'POST' },
    );
  }
  await handler(request, response);
}

async function openDatabase(options: AppOptions, today: Date): Promise<Database> {
  const database = await Database.open();
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

/** Builds the app: database, embedded service, assets. Does not listen. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const now = options.now ?? clockFor(config);
  const assetsMode = options.assets ?? resolveServeMode(config.SERVE_MODE);
  // Independent start-up work runs side by side: DuckDB and scrypt work off the main thread
  // while Vite loads, which keeps the start within its three-second budget.
  const [database, users, assets] = await Promise.all([
    options.database ?? openDatabase(options, new Date(now())),
    options.users ?? (config.USERS_FILE ? readUsersFile(config.USERS_FILE) : demoUsers()),
    assetsMode === 'none' ? undefined : createAssetHandler(assetsMode, options.httpServer),
  ]);
  const service = createEmbeddedService({
    database,
    users,
    now,
    rowCap: config.ROW_CAP,
    tokens: new TokenStore(now, config.ACCESS_TOKEN_TTL_SECONDS, config.REFRESH_TOKEN_TTL_SECONDS),
    throttle: new LoginThrottle(now),
  });

  const notFound: AssetHandler = (_request, response) => {
    sendApiError(response, new ApiError(404, 'not_found', 'not found'));
  };

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const requestId = randomUUID().slice(0, 8);
    const started = performance.now();
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    response.setHeader('X-Request-Id', requestId);
    const isApi = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
    response.on('finish', () => {
      // API calls are the audit trail; asset requests are only noise outside debugging.
      (isApi ? logger.info : logger.debug)('request', {
        request_id: requestId,
        method: request.method,
        path: pathname,
        status: response.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    if (!isApi) {
      (assets?.handle ?? notFound)(request, response, () => {
        notFound(request, response, () => undefined);
      });
      return;
    }
    routeApi(service, request, response, pathname).catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof ApiError) {
        sendApiError(response, error);
        return;
      }
      logger.error('unhandled_error', {
        request_id: requestId,
        path: pathname,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      sendApiError(
        response,
        new ApiError(
          500,
          'internal_error',
          `The service failed to answer. Quote request id ${requestId} when reporting this.`,
        ),
      );
    });
  }

  return {
    handle,
    assets: assetsMode,
    async close() {
      await assets?.close();
      database.close();
    },
  };
}
