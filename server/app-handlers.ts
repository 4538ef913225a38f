import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '#contract/auth';
import { sendApiError } from './api/routes.ts';
import { isApiPath, isFilePath } from './assets.ts';
import type { ServeMode } from './assets.ts';
import { ApiError, MAX_BODY_BYTES } from './http.ts';
import type { Logger } from './log.ts';

/**
 * Every answer names its request id, and every request is logged (API calls at info, assets at
 * debug): id, method, path without the query, status and time; never a header or a body.
 */
export function logRequests(server: FastifyInstance, logger: Logger): void {
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
}

/**
 * Whether `error` only says the client went away before its answer was written (a page left, a
 * query cancelled): the answer's stream closed early on a connection that is gone. Nothing
 * failed on our side, and nobody is left to answer.
 */
function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.socket.destroyed;
}

/**
 * Errors answer in the API's error shape: a body too large (413), any other client error with
 * its message, and a failure of ours (500) with the request id to quote, its stack only logged.
 */
export function answerErrors(server: FastifyInstance, logger: Logger): void {
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
    if (clientWentAway(error, request)) {
      logger.info('client_gone', { request_id: request.id, path: request.url.split('?')[0] });
      return reply;
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
}

/**
 * Unknown addresses: the app's page for a client-side route, a plain 404 for a file the build
 * does not have, else a 404 in the API's shape.
 */
export function answerNotFound(
  server: FastifyInstance,
  assetsMode: ServeMode | 'none',
  dist: string,
): void {
  // /login gets its own page, with the form already in it (vite.config.ts), so it paints before
  // the scripts; a build without one (an app with no login page to prerender) gets index.html.
  const loginPage =
    assetsMode === 'dist' && existsSync(join(dist, 'login.html')) ? 'login.html' : 'index.html';
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && assetsMode === 'dist' && isFilePath(path)) {
      // A hashed file of an older build (a tab opened before a deploy) or a typo: the page in
      // its place would be run as a script or read as a stylesheet, and fail in a confusing
      // way. Not cached: the file may appear with the next build.
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found\n');
    }
    if (!isApiPath(path) && wantsPage && assetsMode === 'dist') {
      // Client-side routes (deep links) get the app's page, revalidated on every visit.
      const page = path === '/login' ? loginPage : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page);
    }
    const hint = isApiPath(path)
      ? `; use POST ${API_PATHS.token}, ${API_PATHS.logout} or ${API_PATHS.query}`
      : '';
    return sendApiError(reply, new ApiError(404, 'not_found', `nothing at ${path}${hint}`));
  });
}
