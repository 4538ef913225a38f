import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, API_PATHS } from '#contract/auth';
import { ApiError } from '../http.ts';
import type { ApiAnswer, ApiBackend } from './backend.ts';
import { normalClientAddress } from './client-address.ts';

/** Headers on every API answer: never cached, never sniffed, never rendered as a page. */
export const API_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': 'sandbox',
} as const;

/** Sends a JSON API answer with the API headers. */
function sendAnswer(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .headers({
      ...API_HEADERS,
      ...answer.headers,
      'Content-Type': 'application/json; charset=utf-8',
    })
    .send(answer.json);
}

/** Sends an `ApiError` as `{ error, error_message, … }`. */
export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return sendAnswer(reply, {
    status: error.status,
    json: JSON.stringify(error.body()),
    headers: error.headers,
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * The API's path space: exactly three POST endpoints (token, query, logout), whatever the
 * backend. Everything else under `/index.php/api/` is a JSON 404 or 405, so no other path can
 * reach a backend.
 */
export function registerApiRoutes(app: FastifyInstance, backend: ApiBackend): void {
  // Bodies arrive as text whatever their declared type (text/plain per the interface, JSON, or
  // curl's form default); the backend decides how to read them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  for (const [path, call] of [
    [API_PATHS.token, backend.token],
    [API_PATHS.query, backend.query],
    [API_PATHS.logout, backend.logout],
  ] as const) {
    app.post(path, async (request, reply) => {
      const answer = await call({
        body: typeof request.body === 'string' ? request.body : '',
        contentType: header(request, 'content-type') ?? '',
        accessToken: header(request, ACCESS_TOKEN_HEADER),
        requestId: request.id,
        clientAddress: normalClientAddress(request.ip),
        cookies: header(request, 'cookie') ?? '',
        secure: request.protocol === 'https',
      });
      return sendAnswer(reply, answer);
    });
    app.route({
      method: [...OTHER_METHODS],
      url: path,
      handler: (_request, reply) =>
        sendApiError(
          reply,
          new ApiError(
            405,
            'method_not_allowed',
            `${path} accepts POST only`,
            {},
            { Allow: 'POST' },
          ),
        ),
    });
  }
}
