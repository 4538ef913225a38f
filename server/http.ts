import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody, ErrorCode } from '#contract/errors';

/** Largest request body the API reads; larger ones get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** An error that becomes a JSON error response with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Omit<ErrorBody, 'error' | 'error_message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Headers every API response carries: never cached, never sniffed. */
const API_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Writes a JSON response. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...API_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Writes an `ApiError` as `{ error, error_message, … }`. */
export function sendApiError(response: ServerResponse, error: ApiError): void {
  // The request id travels in the X-Request-Id header, so equal errors have equal bodies.
  const body: ErrorBody = { error: error.code, error_message: error.message, ...error.details };
  sendJson(response, error.status, body, error.headers);
}

/** Reads the request body as UTF-8, refusing more than `limit` bytes with 413. */
export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () =>
    new ApiError(413, 'payload_too_large', `the request body is larger than ${limit} bytes`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) {
    request.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The media type of a request, lower-cased without parameters (`text/plain`). */
export function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Parses a JSON body, naming the position of a syntax error. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') {
    throw new ApiError(400, 'invalid_json', 'the request body is empty; send a JSON object');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable JSON';
    throw new ApiError(400, 'invalid_json', `the request body is not valid JSON: ${reason}`);
  }
}
