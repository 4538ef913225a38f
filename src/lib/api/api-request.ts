import { ACCESS_TOKEN_HEADER } from '#contract/auth';
import type { QueryRequestBody } from '#contract/request-body';
import { NetworkError, TimeoutError } from './api-errors.ts';

/** Where requests go and how long they may take; read from the client's options. */
interface SenderOptions {
  /** '' for same-origin (the dashboard's server proxies); an upstream URL for direct mode. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * The request parts a call chooses: its headers and body, `keepalive` for a sign-out, and
 * `credentials` for the one request that carries a cookie (tokenRequest).
 */
type CallInit = Pick<RequestInit, 'headers' | 'body' | 'keepalive' | 'credentials'>;

/**
 * The client's one way out: a POST without cookies unless the call asks for them, under a
 * deadline and the caller's signal, whose failure to get any answer is a typed error (the
 * caller's abort reason, a TimeoutError or a NetworkError).
 */
export function createSender(options: SenderOptions) {
  // Resolved per call, so the page's fetch (or a test's stand-in) is the one in use.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const timeoutMs = options.timeoutMs ?? 60_000;

  return async function send(
    path: string,
    init: CallInit,
    signal?: AbortSignal,
    limitMs = timeoutMs,
  ): Promise<Response> {
    signal?.throwIfAborted();
    const deadline = AbortSignal.timeout(limitMs);
    try {
      return await doFetch(`${options.baseUrl}${path}`, {
        credentials: 'omit',
        ...init,
        method: 'POST',
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    } catch {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) throw new TimeoutError(limitMs);
      throw new NetworkError();
    }
  };
}

/**
 * A token request (sign-in or refresh): JSON fields, no access token. It sends and keeps
 * same-origin cookies: the service's device cookie (HttpOnly, scoped to the token path) tells a
 * browser that signed in to an account before, which keeps its own failure budget. A query or a
 * sign-out never carries it; in direct mode (another origin) no cookie goes either way.
 */
export function tokenRequest(body: Record<string, string>): CallInit {
  return {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  };
}

/** A query as the interface takes it: the JSON body as text/plain, the token in its header. */
export function queryRequest(body: QueryRequestBody, token: string | undefined): CallInit {
  return {
    headers: {
      'Content-Type': 'text/plain',
      ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
    },
    body: JSON.stringify(body),
  };
}

/**
 * A sign-out: the access token in its header, the refresh token in the body, never in the URL.
 * `keepalive` lets it finish when the tab closes right after.
 */
export function logoutRequest(accessToken: string, refreshToken: string | undefined): CallInit {
  return {
    headers: { 'Content-Type': 'application/json', [ACCESS_TOKEN_HEADER]: accessToken },
    body: JSON.stringify(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    keepalive: true,
  };
}
