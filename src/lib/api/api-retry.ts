import { HttpError, isTransient } from './api-errors.ts';

/** Retries after a server failure or lost connection; never after a 4xx. */
const MAX_RETRIES = 2;
/** The longest `Retry-After` worth waiting for inside one request. */
const MAX_RETRY_AFTER_SECONDS = 30;

export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** After a failed attempt: wait this long and try again, or give up with this error. */
type RetryDecision = { readonly retryInMs: number } | { readonly fail: unknown };

/**
 * The retry policy of a query's failed attempt (`attempt` counts from 0): a 429 waits as long as
 * the service asks (a wait beyond MAX_RETRY_AFTER_SECONDS fails at once, saying how long), server
 * failures and lost connections back off (0.5 s, then 1.5 s); anything else fails as it is.
 */
export function retryDecision(error: unknown, attempt: number): RetryDecision {
  if (error instanceof HttpError && error.status === 429 && attempt < MAX_RETRIES) {
    const seconds = error.retryAfterSeconds ?? 1;
    if (seconds > MAX_RETRY_AFTER_SECONDS) {
      return {
        fail: new HttpError(
          429,
          error.code,
          `The service is busy; it asks to wait ${Math.ceil(seconds / 60)} minute(s) before the next query.`,
          seconds,
        ),
      };
    }
    return { retryInMs: seconds * 1000 };
  }
  if (isTransient(error) && attempt < MAX_RETRIES) return { retryInMs: 500 * 3 ** attempt };
  return { fail: error };
}
