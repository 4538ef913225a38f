import { ACCESS_TOKEN_HEADER, API_PATHS, tokenResponseSchema } from '#contract/auth';
import type { TokenResponse } from '#contract/auth';
import { errorBodySchema, looksLikeWebPage } from '#contract/errors';
import type { QueryRequestBody } from '#contract/request-body';
import { adaptResponse, UnexpectedResponseError } from '#contract/response';
import type { AdaptedResponse } from '#contract/response';
import {
  HttpError,
  isTransient,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  WebPageError,
} from './api-errors.ts';
import type { TokenSession } from './token-session.ts';

// The body's one typed home is the contract; re-exported for the app's fetch layer.
export type { QueryRequestBody };

/** Rows or a count: a query's successful answer. */
export type QueryResult = Exclude<AdaptedResponse, { kind: 'error' }>;

export interface ApiClientOptions {
  /** '' for same-origin (the dashboard's server proxies); an upstream URL for direct mode. */
  readonly baseUrl: string;
  readonly session: TokenSession;
  /**
   * Asks the analyst to sign in again (the re-login dialog) when the session cannot be renewed;
   * resolves true once they have, false if they gave up.
   */
  readonly reauthenticate: () => Promise<boolean>;
  /** Told when the service refuses a module (403): the subscription does not include it. */
  readonly onForbidden?: (module: string) => void;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** Waits between retries; injectable so tests need not wait. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Retries after a server failure or lost connection; never after a 4xx. */
const MAX_RETRIES = 2;
/** The longest `Retry-After` worth waiting for inside one request. */
const MAX_RETRY_AFTER_SECONDS = 30;
/** A sign-out nobody waits for need not hold a connection for a minute. */
const LOGOUT_TIMEOUT_MS = 10_000;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The one HTTP client of the dashboard: typed errors, one retry policy, token renewal. */
export function createApiClient(options: ApiClientOptions) {
  // Resolved per call, so the page's fetch (or a test's stand-in) is the one in use.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sleep = options.sleep ?? wait;
  let reauthenticating: Promise<boolean> | undefined;

  async function send(
    path: string,
    init: RequestInit,
    signal?: AbortSignal,
    limitMs = timeoutMs,
  ): Promise<Response> {
    signal?.throwIfAborted();
    const deadline = AbortSignal.timeout(limitMs);
    try {
      return await doFetch(`${options.baseUrl}${path}`, {
        ...init,
        method: 'POST',
        credentials: 'omit',
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    } catch {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) throw new TimeoutError(limitMs);
      throw new NetworkError();
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    // Direct mode meets the upstream's sign-in or proxy pages itself (the proxy says 502).
    if (response.ok && looksLikeWebPage(response.headers.get('content-type'), text))
      throw new WebPageError();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (response.ok) throw new ResponseShapeError('The service sent an answer that is not JSON.');
      throw new HttpError(
        response.status,
        'http_error',
        `The service answered ${response.status} without details.`,
      );
    }
  }

  /** The error a non-2xx answer stands for; the contract's adapter reads any error shape. */
  function errorFrom(response: Response, body: unknown): HttpError {
    let adapted: AdaptedResponse | undefined;
    try {
      adapted = adaptResponse(body);
    } catch {
      adapted = undefined;
    }
    const named = errorBodySchema.safeParse(body).data;
    return adapted?.kind === 'error'
      ? new HttpError(
          response.status,
          adapted.code,
          adapted.message,
          retryAfterSeconds(response),
          named?.field,
          named?.operator,
        )
      : new HttpError(
          response.status,
          'http_error',
          `The service answered ${response.status}.`,
          retryAfterSeconds(response),
        );
  }

  async function postToken(body: Record<string, string>): Promise<TokenResponse> {
    const response = await send(API_PATHS.token, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = await readBody(response);
    if (!response.ok) throw errorFrom(response, parsed);
    const tokens = tokenResponseSchema.safeParse(parsed);
    if (!tokens.success)
      throw new ResponseShapeError(
        'The service sent a token answer the dashboard does not understand.',
      );
    return tokens.data;
  }

  /** One attempt of a query with the current token; 401 handling is the caller's. */
  async function queryOnce(
    body: QueryRequestBody,
    token: string | undefined,
    signal?: AbortSignal,
  ): Promise<QueryResult> {
    const response = await send(
      API_PATHS.query,
      {
        headers: {
          'Content-Type': 'text/plain',
          ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
        },
        body: JSON.stringify(body),
      },
      signal,
    );
    const parsed = await readBody(response);
    if (!response.ok) throw errorFrom(response, parsed);
    try {
      // The module names the catalog the rows are matched to (field names, booleans).
      const adapted = adaptResponse(parsed, body.module);
      if (adapted.kind === 'error')
        throw new HttpError(response.status, adapted.code, adapted.message);
      return adapted;
    } catch (error) {
      if (error instanceof UnexpectedResponseError) throw new ResponseShapeError(error.message);
      throw error;
    }
  }

  function reauthenticateOnce(): Promise<boolean> {
    reauthenticating ??= options.reauthenticate().finally(() => {
      reauthenticating = undefined;
    });
    return reauthenticating;
  }

  /** A fresh token after a 401: a refresh if the session can, else the analyst signs in again. */
  async function renewAfterUnauthorized(): Promise<string | undefined> {
    const session = options.session;
    // Signed out meanwhile: nobody to ask.
    if (!session.current) return undefined;
    const refreshed = await session.refreshOnce();
    if (refreshed) return refreshed.accessToken;
    return (await reauthenticateOnce()) ? session.validAccessToken() : undefined;
  }

  return {
    /** Signs in with the password grant. Never retried: a retry could lock the account. */
    login: (username: string, password: string) =>
      postToken({ username, password, grant_type: 'password' }),

    /** Exchanges a refresh token (the session's single-flight refresh calls this). */
    refresh: (refreshToken: string) =>
      postToken({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /**
     * Revokes the session on the service (SugarCRM's `oauth2/logout`): the access token in its
     * header, the refresh token in the body, never in the URL. `keepalive` lets it finish when
     * the tab closes right after. Rejects on failure; signing out never waits for it.
     */
    async logout(accessToken: string, refreshToken: string | undefined): Promise<void> {
      const response = await send(
        API_PATHS.logout,
        {
          headers: { 'Content-Type': 'application/json', [ACCESS_TOKEN_HEADER]: accessToken },
          body: JSON.stringify(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
          keepalive: true,
        },
        undefined,
        LOGOUT_TIMEOUT_MS,
      );
      if (!response.ok) throw errorFrom(response, await readBody(response));
    },

    /** Runs a query: cancellable, retried on server failures, re-authenticated once on 401. */
    async query(body: QueryRequestBody, signal?: AbortSignal): Promise<QueryResult> {
      let token = await options.session.validAccessToken();
      let renewed = false;
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await queryOnce(body, token, signal);
        } catch (error) {
          if (error instanceof HttpError && error.status === 401 && !renewed) {
            renewed = true;
            token = await renewAfterUnauthorized();
            if (token === undefined) throw error;
            continue;
          }
          if (error instanceof HttpError && error.status === 403)
            options.onForbidden?.(body.module);
          if (error instanceof HttpError && error.status === 429 && attempt < MAX_RETRIES) {
            const seconds = error.retryAfterSeconds ?? 1;
            if (seconds > MAX_RETRY_AFTER_SECONDS) {
              throw new HttpError(
                429,
                error.code,
                `The service is busy; it asks to wait ${Math.ceil(seconds / 60)} minute(s) before the next query.`,
                seconds,
              );
            }
            await sleep(seconds * 1000, signal);
            continue;
          }
          if (isTransient(error) && attempt < MAX_RETRIES) {
            await sleep(500 * 3 ** attempt, signal);
            continue;
          }
          throw error;
        }
      }
    },
  };
}
