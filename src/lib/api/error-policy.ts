import { WEB_PAGE_ANSWER } from '#contract/errors';
import {
  HttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  WebPageError,
} from './api-errors.ts';

/** How the UI presents a failed request: the one error policy of the dashboard. */
export interface ErrorDescription {
  readonly title: string;
  /** A sentence for the analyst, with the server's own words where it gave any. */
  readonly message: string;
  /** `warning` for conditions outside the analyst's query (access, session, busy service). */
  readonly severity: 'warning' | 'error';
  /** Whether trying the same request again can help. */
  readonly canRetry: boolean;
}

function minutes(seconds: number | undefined): string {
  const count = Math.max(1, Math.ceil((seconds ?? 60) / 60));
  return `${count} minute${count === 1 ? '' : 's'}`;
}

const HEAVY_QUERY_TITLES: Partial<Record<string, string>> = {
  query_timeout: 'The query took too long',
  query_too_large: 'The query needs too much memory',
  upstream_too_large: 'The answer is too large',
};

function describeHttpError(error: HttpError): ErrorDescription {
  if (error.status === 401)
    return {
      title: 'Signed out',
      message: 'Your session has ended. Sign in again to run this query.',
      severity: 'warning',
      canRetry: true,
    };
  if (error.status === 403)
    return {
      title: 'Not in your subscription',
      message:
        'Your account does not include this module. Ask your administrator (the person who manages your Marketplace subscription) to add it.',
      severity: 'warning',
      canRetry: false,
    };
  if (error.status === 429 || error.code === 'service_busy')
    return {
      title: 'The service is busy',
      message: `${error.message} Try again in ${minutes(error.retryAfterSeconds)}.`,
      severity: 'warning',
      canRetry: true,
    };
  // The service stopped this query as too heavy: it is reachable, and the same query would be
  // stopped again, so the analyst gets its advice on narrowing it instead of a retry.
  const heavy = HEAVY_QUERY_TITLES[error.code];
  if (heavy !== undefined)
    return { title: heavy, message: error.message, severity: 'error', canRetry: false };
  if (error.status === 502 || error.status === 503 || error.status === 504)
    return {
      title: 'Service unreachable',
      // The proxy's sentence already says what happened ("… could not be reached (ECONNREFUSED)"),
      // so it is said once, not wrapped in a second sentence that says the same.
      message: `${error.message} Try again shortly.`,
      severity: 'error',
      canRetry: true,
    };
  if (error.status >= 500)
    return {
      title: 'The service failed',
      message: `The service could not answer (${String(error.status)}): ${error.message}`,
      severity: 'error',
      canRetry: true,
    };
  return {
    title: 'The query was refused',
    message: error.message,
    severity: 'error',
    canRetry: false,
  };
}

/**
 * A web page where data belonged, whether the proxy (502 `upstream_html`) or the client (a 200
 * page in direct mode) noticed it. Not "unreachable": something answered, just not the service.
 */
function isWebPage(error: unknown): boolean {
  return (
    error instanceof WebPageError || (error instanceof HttpError && error.code === 'upstream_html')
  );
}

/** Maps any error of the API client (or anything else thrown) to what the UI shows. */
export function describeError(error: unknown): ErrorDescription {
  if (isWebPage(error))
    return {
      title: 'Unexpected answer',
      message: `${WEB_PAGE_ANSWER} It is often a sign-in or error page of a proxy in front of the service: try again shortly, and if it persists, tell whoever runs the dashboard.`,
      severity: 'error',
      canRetry: true,
    };
  if (error instanceof HttpError) return describeHttpError(error);
  if (error instanceof NetworkError)
    return { title: 'No connection', message: error.message, severity: 'error', canRetry: true };
  if (error instanceof TimeoutError)
    return { title: 'No answer', message: error.message, severity: 'error', canRetry: true };
  if (error instanceof ResponseShapeError)
    return {
      title: 'Unexpected answer',
      message: `The service sent an unexpected answer: ${error.message}`,
      severity: 'error',
      canRetry: true,
    };
  return {
    title: 'Something went wrong',
    message: error instanceof Error ? error.message : 'An unexpected error occurred.',
    severity: 'error',
    canRetry: true,
  };
}

/**
 * Seconds the login form waits before the next sign-in when the service throttled this one (429;
 * a minute when it named no `Retry-After`) or said with a wrong password that the next try must
 * wait (400 with `Retry-After`), counted down with Sign in disabled. Undefined for any other
 * failure, which loginErrorMessage words.
 */
export function signInWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.status === 429) return Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60));
  if (error.code === 'invalid_grant' && error.retryAfterSeconds !== undefined)
    return Math.max(1, Math.ceil(error.retryAfterSeconds));
  return undefined;
}

/** The sentence the login form shows for a failed sign-in that is not a wait (signInWaitSeconds). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    // The token endpoint's 4xx sentences are written for this form ("The user name or password…").
    if (error.status >= 400 && error.status < 500) return error.message;
    if (error.status < 502 || error.status > 504)
      return `The service failed to sign you in (${String(error.status)}). Try again shortly.`;
  }
  return describeError(error).message;
}
