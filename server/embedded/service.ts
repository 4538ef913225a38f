import { tokenRequestSchema } from '#contract/auth';
import type { TokenRequest } from '#contract/auth';
import { CATALOG, permissionModule } from '#contract/catalog';
import type { ErrorCode } from '#contract/errors';
import { validateQuery } from '#contract/validate';
import type { ValidatedQuery } from '#contract/validate';
import { jsonAnswer } from '../api/backend.ts';
import type { ApiBackend, ApiRequest } from '../api/backend.ts';
import { ApiError, parseJsonBody } from '../http.ts';
import { createAuthenticator } from './auth/authenticator.ts';
import type { DeviceCookies } from './auth/device-cookies.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { TokenStore } from './auth/token-store.ts';
import type { ServiceUser } from './auth/users.ts';
import { DatabaseBusy, QueryOutOfMemory, QueryTimeout } from './db/database.ts';
import type { Database } from './db/database.ts';
import { TooManyQueries } from './query-turns.ts';
import type { QueryTurns } from './query-turns.ts';
import { RowCapExceeded, runQuery } from './run-query.ts';

/** What the embedded service needs; all of it injectable for tests. */
export interface EmbeddedServiceDeps {
  readonly database: Database;
  readonly users: readonly ServiceUser[];
  readonly tokens: TokenStore;
  readonly throttle: LoginThrottle;
  /** Tells browsers that signed in before from others (device cookies). */
  readonly devices: DeviceCookies;
  /** Whose query runs next when the connections are busy (query-turns.ts). */
  readonly turns: QueryTurns;
  readonly now: () => number;
  readonly rowCap: number;
  /** Deadline of every query's statement, in milliseconds. */
  readonly queryTimeoutMs: number;
}

const STATUS_BY_CODE: Partial<Record<string, number>> = { unknown_module: 404 };

function readTokenRequest({ body: text, contentType }: ApiRequest): TokenRequest {
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  // OAuth clients often send form fields; everyone else, JSON (whatever the declared type).
  const isForm = type === 'application/x-www-form-urlencoded' && !text.trimStart().startsWith('{');
  const raw: unknown = isForm ? Object.fromEntries(new URLSearchParams(text)) : parseJsonBody(text);
  const grant = (raw as { grant_type?: unknown } | null)?.grant_type;
  if (grant !== 'password' && grant !== 'refresh_token') {
    throw new ApiError(
      400,
      'unsupported_grant_type',
      'grant_type must be "password" or "refresh_token"',
      {
        field: 'grant_type',
      },
    );
  }
  const parsed = tokenRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new ApiError(400, 'invalid_request', `${field}: ${issue?.message ?? 'invalid'}`, {
      field,
    });
  }
  return parsed.data;
}

/** The query a body asks for, checked against the catalog and the modules the user may query. */
function permittedQuery(user: ServiceUser, text: string): ValidatedQuery {
  // The body is JSON whatever the declared type (text/plain per the interface; curl's default
  // form type too), as the vendor's PHP endpoint reads the raw body.
  const result = validateQuery(parseJsonBody(text));
  if (!result.ok) {
    const { error, message, ...details } = result.problem;
    throw new ApiError(STATUS_BY_CODE[error] ?? 400, error as ErrorCode, message, details);
  }
  const { query } = result;
  // An aggregate module needs the permission of the rows it is made of.
  if (!user.modules.includes(permissionModule(query.module))) {
    throw new ApiError(
      403,
      'forbidden',
      `Your account may not query ${CATALOG[query.module].label} (${query.module}).`,
      { path: 'module' },
    );
  }
  return query;
}

const NARROW_IT =
  'Narrow the filter, return fewer fields or sort keys, or page through the rows with max_num.';

/** The refusal for a query that could not run to the end, or the error itself. */
function queryFailure(error: unknown): unknown {
  if (error instanceof RowCapExceeded) {
    return new ApiError(400, 'row_cap_exceeded', error.message, { path: 'filters.max_num' });
  }
  // Heavy queries are the request's doing, so the answer points at the query, not the service.
  if (error instanceof QueryTimeout) {
    return new ApiError(
      504,
      'query_timeout',
      `The query took longer than ${error.timeoutMs / 1000} s and was stopped. ${NARROW_IT}`,
      { path: 'filters' },
    );
  }
  if (error instanceof QueryOutOfMemory) {
    return new ApiError(
      503,
      'query_too_large',
      `The query needs more memory than the service may use and was stopped. ${NARROW_IT}`,
      { path: 'filters' },
    );
  }
  // One login's flood queues for itself only; past its queue it is told to wait a moment.
  if (error instanceof TooManyQueries) {
    return new ApiError(
      429,
      'too_many_requests',
      'You have many queries running or waiting. Try again in a moment.',
      {},
      { 'Retry-After': '1' },
    );
  }
  if (error instanceof DatabaseBusy) {
    return new ApiError(
      503,
      'service_busy',
      'The service is answering as many queries as it can. Try again in a moment.',
      {},
      { 'Retry-After': '2' },
    );
  }
  return error;
}

/**
 * The refresh token a sign-out may carry, as SugarCRM reads it: optional, and a body that is not
 * a JSON object with one never stops the sign-out by the header's token.
 */
function readLogoutRefreshToken(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const token = (body as { refresh_token?: unknown } | null)?.refresh_token;
    return typeof token === 'string' && token !== '' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The endpoints of the interface (token, query, sign-out), implemented on DuckDB. */
export function createEmbeddedService(deps: EmbeddedServiceDeps): ApiBackend {
  const { passwordLogin, authenticate } = createAuthenticator(deps);

  return {
    token: async (request) => {
      const body = readTokenRequest(request);
      if (body.grant_type === 'password') {
        const { tokens, setCookie } = await passwordLogin(body.username, body.password, request);
        return jsonAnswer(200, tokens, { 'Set-Cookie': setCookie });
      }
      const tokens = deps.tokens.rotate(body.refresh_token);
      if (typeof tokens === 'string') {
        throw new ApiError(
          400,
          'invalid_grant',
          `The refresh token is ${tokens === 'expired' ? 'expired' : 'invalid'}. Sign in again.`,
        );
      }
      return jsonAnswer(200, tokens);
    },

    query: async (request) => {
      const { user, login } = authenticate(request.accessToken);
      const query = permittedQuery(user, request.body);
      try {
        const json = await deps.turns.run({ login, account: user.username }, () =>
          runQuery(deps.database, query, {
            today: new Date(deps.now()),
            rowCap: deps.rowCap,
            timeoutMs: deps.queryTimeoutMs,
          }),
        );
        return { status: 200, json };
      } catch (error) {
        throw queryFailure(error);
      }
    },

    logout: (request) => {
      const revoked = deps.tokens.revoke(request.accessToken, readLogoutRefreshToken(request.body));
      if (!revoked) {
        throw new ApiError(
          401,
          'invalid_token',
          'The access token is invalid or has expired: there is no session to sign out.',
        );
      }
      return Promise.resolve(jsonAnswer(200, { success: true }));
    },

    // The data was loaded and derived before the server listened; what can fail since is the
    // database itself, or every connection busy with a queue past its bound.
    ready: async () =>
      (await deps.database.answers())
        ? { ready: true }
        : { ready: false, reason: 'database_failed' },

    close: () => {
      deps.database.close();
      return Promise.resolve();
    },
  };
}
