import { EnvHttpProxyAgent, errors, request } from 'undici';
import { API_PATHS } from '#contract/auth';
import { looksLikeWebPage, WEB_PAGE_ANSWER } from '#contract/errors';
import type { ApiAnswer, ApiBackend, ApiRequest } from '../api/backend.ts';
import { ApiError } from '../http.ts';

/** Where and how to reach the real Marketplace service. */
export interface UpstreamOptions {
  readonly baseUrl: string;
  /** The upstream's query path; the vendor's deployment differs from the browser's. */
  readonly queryPath: string;
  readonly timeoutMs: number;
  /** Corporate proxy settings, as in the environment variables of the same names. */
  readonly httpProxy?: string | undefined;
  readonly httpsProxy?: string | undefined;
  readonly noProxy?: string | undefined;
}

const TIMEOUT_ERRORS = [
  errors.HeadersTimeoutError,
  errors.BodyTimeoutError,
  errors.ConnectTimeoutError,
] as const;

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = (error as { code?: string } | undefined)?.code ?? cause?.code;
  return code ?? (error instanceof Error ? error.message : 'unknown error');
}

function preview(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  return compact.length > 60 ? `${compact.slice(0, 57)}...` : compact;
}

/**
 * Forwards the three API calls (token, query, sign-out) to the configured upstream. The
 * upstream URL comes from configuration only: nothing in a request (path, Host,
 * X-Forwarded-Host) can change where a call goes. Only the body, Content-Type and Oauth-Token
 * are forwarded; only the status, the JSON body and Retry-After come back.
 */
export function createUpstreamBackend(options: UpstreamOptions): ApiBackend {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const target = (path: string) => new URL(`${prefix}${path}`, base.origin).toString();
  const host = base.host;
  const dispatcher = new EnvHttpProxyAgent({
    ...(options.httpProxy ? { httpProxy: options.httpProxy } : {}),
    ...(options.httpsProxy ? { httpsProxy: options.httpsProxy } : {}),
    ...(options.noProxy ? { noProxy: options.noProxy } : {}),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
  });

  async function forward(path: string, call: ApiRequest): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      'content-type': call.contentType || 'text/plain',
      accept: 'application/json',
      'x-request-id': call.requestId,
    };
    if (call.accessToken !== undefined) headers['oauth-token'] = call.accessToken;
    let response;
    try {
      response = await request(target(path), {
        method: 'POST',
        body: call.body,
        headers,
        dispatcher,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut =
        TIMEOUT_ERRORS.some((type) => error instanceof type) ||
        (error instanceof DOMException && error.name === 'TimeoutError');
      if (timedOut) {
        throw new ApiError(
          504,
          'upstream_timeout',
          `The Marketplace service at ${host} did not answer within ${options.timeoutMs / 1000} s.`,
        );
      }
      throw new ApiError(
        502,
        'upstream_unreachable',
        `The Marketplace service at ${host} could not be reached (${describeFailure(error)}).`,
      );
    }
    const text = await response.body.text();
    if (response.statusCode >= 300 && response.statusCode < 400) {
      throw new ApiError(
        502,
        'upstream_error',
        `The Marketplace service at ${host} answered with a redirect (${response.statusCode}); check SERVICE_BASE_URL.`,
      );
    }
    const contentType = response.headers['content-type'];
    if (looksLikeWebPage(typeof contentType === 'string' ? contentType : undefined, text)) {
      // A sign-in or proxy error page in front of the upstream: one sentence says so.
      throw new ApiError(502, 'upstream_html', WEB_PAGE_ANSWER);
    }
    try {
      JSON.parse(text);
    } catch {
      const type = String(response.headers['content-type'] ?? 'no content type');
      throw new ApiError(
        502,
        'upstream_error',
        `The Marketplace service at ${host} answered ${response.statusCode} with something that is not JSON (${type}: "${preview(text)}").`,
      );
    }
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.statusCode,
      json: text,
      ...(typeof retryAfter === 'string' ? { headers: { 'Retry-After': retryAfter } } : {}),
    };
  }

  return {
    token: (call) => forward(API_PATHS.token, call),
    query: (call) => forward(options.queryPath, call),
    // The vendor's own sign-out path, under the same base URL as the token path.
    logout: (call) => forward(API_PATHS.logout, call),
    close: () => dispatcher.close(),
  };
}
