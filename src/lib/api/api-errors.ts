import { WEB_PAGE_ANSWER } from '#contract/errors';

/** The server answered with an error status; carries its code and message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait, from `Retry-After` (429). */
    readonly retryAfterSeconds?: number,
    /** The field or operator the server named, when it did. */
    readonly field?: string,
    readonly operator?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The request never got an answer: offline, DNS, connection refused, proxy down. */
export class NetworkError extends Error {
  constructor(message = 'The service could not be reached. Check your connection and try again.') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** No answer within the client's deadline. */
export class TimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    this.name = 'TimeoutError';
  }
}

/** An answer arrived but its shape is not one the dashboard understands. */
export class ResponseShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseShapeError';
  }
}

/** A web page (a sign-in or proxy error page) came where data was expected. */
export class WebPageError extends ResponseShapeError {
  constructor() {
    super(WEB_PAGE_ANSWER);
    this.name = 'WebPageError';
  }
}

/**
 * Server answers that the same request would get again: a query stopped as too heavy (retrying
 * would run the heaviest queries three times), an upstream answer over the proxy's cap (it would
 * be read up to the cap three times) and a web page where data belonged.
 */
const PERMANENT_SERVER_ERRORS: ReadonlySet<string> = new Set([
  'query_timeout',
  'query_too_large',
  'upstream_too_large',
  'upstream_html',
]);

/** True for errors worth retrying automatically: server failures and lost connections. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return (
    error instanceof HttpError && error.status >= 500 && !PERMANENT_SERVER_ERRORS.has(error.code)
  );
}
