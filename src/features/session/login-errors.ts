import { HttpError, NetworkError, ResponseShapeError, TimeoutError } from '../../lib/api-errors.ts';

/** The sentence the login form shows for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    }
    if (error.status === 502 || error.status === 503 || error.status === 504) {
      return `The Marketplace service cannot be reached right now (${error.message}) Try again shortly.`;
    }
    if (error.status >= 400 && error.status < 500) return error.message;
    return `The service failed to sign you in (${error.status}). Try again shortly.`;
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) return error.message;
  if (error instanceof ResponseShapeError)
    return `The service sent an unexpected answer: ${error.message}`;
  return 'Signing in failed for an unexpected reason. Try again.';
}
