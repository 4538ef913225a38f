import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { DuckDBConnection } from '@duckdb/node-api';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '#contract/app-config';
import { API_PATHS } from '#contract/auth';
import type { ApiBackend } from './api/backend.ts';
import { registerApiRoutes, sendApiError } from './api/routes.ts';
import { isApiPath, registerAssets } from './assets.ts';
import { answerClientError, answerFrameworkError } from './client-errors.ts';
import type { ServeMode } from './assets.ts';
import type { ServerConfig } from './config.ts';
import { LoginThrottle } from './embedded/auth/login-throttle.ts';
import { TokenStore } from './embedded/auth/token-store.ts';
import { DEMO_USERS, demoUsers, readUsersFile } from './embedded/auth/users.ts';
import type { ServiceUser } from './embedded/auth/users.ts';
import { Database } from './embedded/db/database.ts';
import type { DatabaseOptions } from './embedded/db/database.ts';
import { createTables } from './embedded/db/schema.ts';
import { createEmbeddedService } from './embedded/service.ts';
import { ApiError, MAX_BODY_BYTES } from './http.ts';
import type { Logger } from './log.ts';
import { createUpstreamBackend } from './proxy/upstream.ts';
import { contentSecurityPolicy } from './security.ts';

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
  /**
   * `dist` (the default) serves the build; `vite` the sources through Vite's dev server, only for
   * `npm run dev`; `none` only the API (server tests).
   */
  readonly assets?: ServeMode | 'none';
}

/** A constructed app: a Fastify instance, what it serves, and how to release it. */
export interface App {
  readonly server: FastifyInstance;
  readonly assets: ServeMode | 'none';
  readonly backend: 'embedded' | 'upstream';
  /** Listens and returns the bound port. */
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

function clockFor(config: ServerConfig): () => number {
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
    memoryLimit: config.DUCKDB_MEMORY_LIMIT,
    threads: config.DUCKDB_THREADS,
    maxWaiting: config.QUERY_QUEUE_LIMIT,
  };
}

async function openDatabase(options: AppOptions, today: Date): Promise<Database> {
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

async function createBackend(options: AppOptions, now: () => number): Promise<ApiBackend> {
  const { config } = options;
  if (config.SERVICE_BASE_URL !== undefined) {
    return createUpstreamBackend({
      baseUrl: config.SERVICE_BASE_URL,
      queryPath: config.SERVICE_QUERY_PATH,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
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
  });
}

/** What the browser may know about the deployment; never a credential of the upstream. */
function appConfig(config: ServerConfig): AppConfig {
  if (config.SERVICE_BASE_URL !== undefined) {
    return { mode: 'upstream', upstreamHost: new URL(config.SERVICE_BASE_URL).host };
  }
  return {
    mode: 'embedded',
    demoUsers: config.USERS_FILE
      ? []
      : DEMO_USERS.map(({ username, password, note }) => ({ username, password, note })),
  };
}

/** Builds the app: backend, routes, security headers, assets. Does not listen. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const now = options.now ?? clockFor(config);
  const server = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    // Never trust a client-sent id: ids are ours, so log lines can be trusted.
    requestIdHeader: false,
    genReqId: () => randomUUID().slice(0, 8),
    // Off unless configured: `request.ip` (the sign-in throttle's client) is then the socket's.
    trustProxy: config.TRUST_PROXY?.split(',').map((proxy) => proxy.trim()) ?? false,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    // Errors found before a route runs answer in the API's error shape too.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // A client that sends its headers slowly (slow loris) is dropped after HEADERS_TIMEOUT_MS;
    // Node checks for such connections every 30 s unless told to look more often.
    serverFactory: (handler) =>
      createServer(
        {
          headersTimeout: config.HEADERS_TIMEOUT_MS,
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          connectionsCheckingInterval: Math.min(1_000, config.HEADERS_TIMEOUT_MS),
        },
        handler,
      ),
  });

  const assetsMode = options.assets ?? 'dist';
  const [backend] = await Promise.all([
    createBackend(options, now),
    server.register(helmet, {
      contentSecurityPolicy: { directives: contentSecurityPolicy(assetsMode === 'vite') },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    server.register(compress, {
      // Query answers run to megabytes of repetitive JSON; a kilobyte or less is not worth it.
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Quality 4, not zlib's 11: a few megabytes then cost milliseconds, not seconds, of CPU.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      // Request bodies are never compressed by the interface; inflating them would let a small
      // body grow past the body limit's intent.
      globalDecompression: false,
    }),
  ]);

  server.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  server.addHook('onResponse', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    // API calls are the audit trail; asset requests are only noise outside debugging.
    (isApiPath(path) ? logger.info : logger.debug)('request', {
      request_id: request.id,
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
    done();
  });

  server.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendApiError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) {
      return sendApiError(
        reply,
        new ApiError(
          413,
          'payload_too_large',
          `the request body is larger than ${MAX_BODY_BYTES} bytes`,
        ),
      );
    }
    if (status < 500) {
      return sendApiError(
        reply,
        new ApiError(
          status,
          'invalid_request',
          error instanceof Error ? error.message : String(error),
        ),
      );
    }
    logger.error('unhandled_error', {
      request_id: request.id,
      path: request.url.split('?')[0],
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return sendApiError(
      reply,
      new ApiError(
        500,
        'internal_error',
        `The service failed to answer. Quote request id ${request.id} when reporting this.`,
      ),
    );
  });

  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApiPath(path) && wantsPage && assetsMode === 'dist') {
      // Client-side routes (deep links) get the app's page, revalidated on every visit.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const hint = isApiPath(path)
      ? `; use POST ${API_PATHS.token}, ${API_PATHS.logout} or ${API_PATHS.query}`
      : '';
    return sendApiError(reply, new ApiError(404, 'not_found', `nothing at ${path}${hint}`));
  });

  registerApiRoutes(server, backend);
  server.get('/app-config.json', (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(appConfig(config)),
  );
  const closeAssets =
    assetsMode === 'none' ? () => Promise.resolve() : await registerAssets(server, assetsMode);

  return {
    server,
    assets: assetsMode,
    backend: config.SERVICE_BASE_URL === undefined ? 'embedded' : 'upstream',
    async listen(port, host) {
      await server.listen({ port, host });
      const address = server.server.address();
      return typeof address === 'object' && address !== null ? address.port : port;
    },
    async close() {
      await closeAssets();
      await server.close();
      await backend.close();
    },
  };
}
