import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS, sendApiError } from './api/routes.ts';
import { ApiError } from './http.ts';

/** Node's parser errors, as the API's error: a status and a sentence a client can show. */
function fromParserError(code: string): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError(
      431,
      'invalid_request',
      'the request line and headers are larger than 16 KB',
    );
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(408, 'invalid_request', 'the request did not arrive in time');
  }
  return new ApiError(400, 'invalid_request', 'the request is not a valid HTTP request');
}

/**
 * Answers what Node refuses before any request exists (headers too large, bytes that are not
 * HTTP, a request too slow) in the API's `{ error, error_message }` shape instead of Fastify's,
 * then closes the connection: the parser cannot find the next request on it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // The client went away, or Node already ended the socket: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = fromParserError(error.code ?? '');
  const body = JSON.stringify(answer.body());
  const headers = {
    ...API_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    const status = `HTTP/1.1 ${String(answer.status)} ${STATUS_CODES[answer.status] ?? ''}\r\n`;
    socket.end(`${status}${lines.join('')}\r\n${body}`);
  }
  socket.destroySoon();
}

/** Fastify's router errors (a path that is not valid percent-encoding), in the API's shape. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  void sendApiError(
    reply,
    new ApiError(status, 'invalid_request', `the request's URL is not valid: ${error.message}`),
  );
}
