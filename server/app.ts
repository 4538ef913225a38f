import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyCompressOptions } from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '#contract/app-config';
import { registerApiRoutes } from './api/routes.ts';
import { clockFor, createBackend } from './app-backend.ts';
import type { BackendOptions } from './app-backend.ts';
import { answerErrors, answerNotFound, logRequests } from './app-handlers.ts';
import { registerAssets } from './assets.ts';
import { DIST } from './build.ts';
import { answerClientError, answerFrameworkError } from './client-errors.ts';
import type { ServeMode } from './assets.ts';
import type { ServerConfig } from './config.ts';
import { registerHealthRoutes } from './health.ts';
import { DEMO_USERS } from './embedded/auth/users.ts';
import { MAX_BODY_BYTES } from './http.ts';
import { securityHeaders } from './security.ts';

/** Everything `createApp` needs; tests replace the clock, users, data and assets. */
export interface AppOptions extends BackendOptions {
  /** Milliseconds since the epoch; the service's clock for token expiry and `$dateRange`. */
  readonly now?: () => number;
  /**
   * `dist` (the default) serves the build; `vite` the sources through Vite's dev server, only for
   * `npm run dev`; `none` only the API (server tests).
   */
  readonly assets?: ServeMode | 'none';
  /** The build `dist` mode serves: dist/ by default; tests pass a folder of their own. */
  readonly dist?: string;
}

/** A constructed app: a Fastify instance, what it serves, and how to release it. */
export interface App {
  readonly server: FastifyInstance;
  readonly assets: ServeMode | 'none';
  readonly backend: 'embedded' | 'upstream';
  /**
   * Listens and returns the bound port. `reusePort`: the proxy's processes each listen on the
   * same port and the kernel spreads connections among them.
   */
  listen(port: number, host: string, options?: { reusePort?: boolean }): Promise<number>;
  close(): Promise<void>;
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

/** The Fastify instance: its limits, timeouts and request ids; errors before a route runs. */
function createServerInstance(config: ServerConfig): FastifyInstance {
  return Fastify({
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
}

/**
 * The security headers on every answer. Vite's dev middleware answers from this hook's phase,
 * outside Fastify's reply, so in development they go on the raw response (and Vite's dev server
 * needs its own CSP). Otherwise they go on Fastify's reply, which hands Node all its headers at
 * once: one raw header set first makes Node check and merge every other one, one by one, on
 * every call (docs/decisions/security-headers-once.md).
 */
function setSecurityHeaders(server: FastifyInstance, assetsMode: ServeMode | 'none'): void {
  const headers = securityHeaders(assetsMode === 'vite');
  if (assetsMode === 'vite') {
    server.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    return;
  }
  const all = Object.fromEntries(headers);
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(all);
    done();
  });
}

const COMPRESSION: FastifyCompressOptions = {
  // Query answers run to megabytes of repetitive JSON; a kilobyte or less is not worth it.
  encodings: ['br', 'gzip'],
  threshold: 1024,
  // Quality 4, not zlib's 11: a few megabytes then cost milliseconds, not seconds, of CPU.
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  // Request bodies are never compressed by the interface; inflating them would let a small
  // body grow past the body limit's intent.
  globalDecompression: false,
};

/** Builds the app: backend, routes, security headers, assets. Does not listen. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger } = options;
  const now = options.now ?? clockFor(config);
  const server = createServerInstance(config);

  const assetsMode = options.assets ?? 'dist';
  const dist = options.dist ?? DIST;
  setSecurityHeaders(server, assetsMode);
  const [backend] = await Promise.all([
    createBackend(options, now),
    server.register(compress, COMPRESSION),
  ]);

  logRequests(server, logger);
  answerErrors(server, logger);
  answerNotFound(server, assetsMode, dist);

  registerApiRoutes(server, backend);
  registerHealthRoutes(server, backend);
  server.get('/app-config.json', (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(appConfig(config)),
  );
  const closeAssets =
    assetsMode === 'none'
      ? () => Promise.resolve()
      : await registerAssets(server, assetsMode, dist);

  return {
    server,
    assets: assetsMode,
    backend: config.SERVICE_BASE_URL === undefined ? 'embedded' : 'upstream',
    async listen(port, host, options = {}) {
      await server.listen({ port, host, ...(options.reusePort ? { reusePort: true } : {}) });
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
