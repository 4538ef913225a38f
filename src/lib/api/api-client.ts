import { API_PATHS } from '#contract/auth';
import type { TokenResponse } from '#contract/auth';
import type { QueryRequestBody } from '#contract/request-body';
import { HttpError } from './api-errors.ts';
import { createSender, logoutRequest, queryRequest, tokenRequest } from './api-request.ts';
import { errorFrom, queryResultFrom, readBody, tokensFrom } from './api-response.ts';
import type { QueryResult } from './api-response.ts';
import { retryDecision, wait } from './api-retry.ts';
import type { TokenSession } from '../session/token-session.ts';
import { createTokenRenewal } from './token-renewal.ts';

export type { QueryResult };

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

/** A sign-out nobody waits for need not hold a connection for a minute. */
const LOGOUT_TIMEOUT_MS = 10_000;

/**
 * The one HTTP client of the dashboard: typed errors, one retry policy, token renewal. Requests
 * are built and sent by api-request.ts, answers decoded by api-response.ts, the retry policy is
 * api-retry.ts's and token renewal token-renewal.ts's; this composes them per endpoint.
 */
export function createApiClient(options: ApiClientOptions) {
  const send = createSender(options);
  const sleep = options.sleep ?? wait;
  const renewAfterUnauthorized = createTokenRenewal(options);

  async function postToken(body: Record<string, string>): Promise<TokenResponse> {
    const response = await send(API_PATHS.token, tokenRequest(body));
    return tokensFrom(response, await readBody(response));
  }

  /** One attempt of a query with the current token; 401 handling is the caller's. */
  async function queryOnce(
    body: QueryRequestBody,
    token: string | undefined,
    signal?: AbortSignal,
  ): Promise<QueryResult> {
    const response = await send(API_PATHS.query, queryRequest(body, token), signal);
    return queryResultFrom(response, await readBody(response), body.module);
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
        logoutRequest(accessToken, refreshToken),
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
          const decision = retryDecision(error, attempt);
          if ('fail' in decision) throw decision.fail;
          await sleep(decision.retryInMs, signal);
        }
      }
    },
  };
}
