import { Agent, EnvHttpProxyAgent, errors, request } from 'undici';
import type { Dispatcher } from 'undici';
import { API_PATHS } from '#contract/auth';
import { looksLikeWebPage, WEB_PAGE_ANSWER } from '#contract/errors';
import type { ApiAnswer, ApiBackend, ApiRequest } from '../api/backend.ts';
import { ApiError } from '../http.ts';
import { refuseOwnModule } from './own-modules.ts';
import { readCappedBody } from './upstream-body.ts';
import { createReachabilityProbe } from './upstream-probe.ts';

/** Where and how to reach the real Marketplace service. */
export interface UpstreamOptions {
  readonly baseUrl: string;
  /** The upstream's query path; the vendor's deployment differs from the browser's. */
  readonly queryPath: string;
  readonly timeoutMs: number;
  /** The most bytes of one answer read; more → 502 `upstream_too_large` (upstream-body.ts). */
  readonly maxResponseBytes: number;
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

/** Whether a corporate proxy is set, in the options or in the environment undici also reads. */
function proxyConfigured(options: UpstreamOptions): boolean {
  const env = process.env;
  return [
    options.httpProxy,
    options.httpsProxy,
    env.http_proxy,
    env.HTTP_PROXY,
    env.https_proxy,
    env.HTTPS_PROXY,
  ].some((value) => value !== undefined && value !== '');
}

/**
 * undici's agent for the upstream, with the upstream's deadlines: through the corporate proxy
 * when one is set, else a plain keep-alive pool. EnvHttpProxyAgent works out NO_PROXY on every
 * request; with no proxy that is CPU spent for nothing on each call.
 */
function upstreamAgent(options: UpstreamOptions): Dispatcher {
  const timeouts = {
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
  };
  if (!proxyConfigured(options)) {
    return new Agent(timeouts);
  }
  return new EnvHttpProxyAgent({
    ...(options.httpProxy ? { httpProxy: options.httpProxy } : {}),
    ...(options.httpsProxy ? { httpsProxy: options.httpsProxy } : {}),
    ...(options.noProxy ? { noProxy: options.noProxy } : {}),
    ...timeouts,
  });
}

/** The only headers a call takes upstream: its content type, its token, our request id. */
function forwardedHeaders(call: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': call.contentType || 'text/plain',
    accept: 'application/json',
    'x-request-id': call.requestId,
  };
  if (call.accessToken !== undefined) headers['oauth-token'] = call.accessToken;
  return headers;
}

/** The refusal for a call that got no answer: 504 when the upstream was too slow, else 502. */
function unansweredError(error: unknown, host: string, timeoutMs: number): ApiError {
  const timedOut =
    TIMEOUT_ERRORS.some((type) => error instanceof type) ||
    (error instanceof DOMException && error.name === 'TimeoutError');
  if (timedOut) {
    return new ApiError(
      504,
      'upstream_timeout',
      `The Marketplace service at ${host} did not answer within ${timeoutMs / 1000} s.`,
    );
  }
  return new ApiError(
    502,
    'upstream_unreachable',
    `The Marketplace service at ${host} could not be reached (${describeFailure(error)}).`,
  );
}

/** JSON's whitespace, and the first byte of a UTF-8 byte order mark, skipped at either end. */
const SKIPPED = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]);

/**
 * Whether `bytes` are shaped like a JSON object or array, by their first and last characters. Not
 * parsed, nor even decoded: a page of answers runs to megabytes, and parsing it here would hold
 * every other call waiting behind it for tens of milliseconds, only for the browser to parse it
 * again. What this guards against (a sign-in page, a proxy's error text, a body cut short) is told
 * apart by its ends; anything else that is not JSON fails in the browser's parser with its own
 * error.
 */
function looksLikeJson(bytes: Buffer): boolean {
  let first = 0;
  let last = bytes.length - 1;
  while (first <= last && SKIPPED.has(bytes[first] ?? 0)) first++;
  while (last >= first && SKIPPED.has(bytes[last] ?? 0)) last--;
  const [open, close] = [bytes[first], bytes[last]];
  return (open === 0x7b && close === 0x7d) || (open === 0x5b && close === 0x5d);
}

/** The start of a body as text, enough to recognise a web page and quote it in an error. */
const HEAD_BYTES = 1024;

/**
 * What the upstream answered: status, headers and the body's bytes, passed on as they came:
 * decoding megabytes to text only to encode them again cost CPU that other calls waited for.
 */
interface UpstreamAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly bytes: Buffer;
}

/**
 * The upstream's answer passed through (status, JSON text, Retry-After), or a 502 that says what
 * came instead: a redirect, a web page, or something that is not JSON.
 */
function passThrough({ statusCode, headers, bytes }: UpstreamAnswer, host: string): ApiAnswer {
  if (statusCode >= 300 && statusCode < 400) {
    throw new ApiError(
      502,
      'upstream_error',
      `The Marketplace service at ${host} answered with a redirect (${statusCode}); check SERVICE_BASE_URL.`,
    );
  }
  const contentType = headers['content-type'];
  const head = bytes.subarray(0, HEAD_BYTES).toString('utf8');
  if (looksLikeWebPage(typeof contentType === 'string' ? contentType : undefined, head)) {
    // A sign-in or proxy error page in front of the upstream: one sentence says so.
    throw new ApiError(502, 'upstream_html', WEB_PAGE_ANSWER);
  }
  if (!looksLikeJson(bytes)) {
    const type = String(headers['content-type'] ?? 'no content type');
    throw new ApiError(
      502,
      'upstream_error',
      `The Marketplace service at ${host} answered ${statusCode} with something that is not JSON (${type}: "${preview(head)}").`,
    );
  }
  const retryAfter = headers['retry-after'];
  return {
    status: statusCode,
    json: bytes,
    ...(typeof retryAfter === 'string' ? { headers: { 'Retry-After': retryAfter } } : {}),
  };
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
  // Worked out once: the three addresses never change while the server runs.
  const targets = {
    token: target(API_PATHS.token),
    query: target(options.queryPath),
    logout: target(API_PATHS.logout),
  };
  const host = base.host;
  const dispatcher = upstreamAgent(options);

  async function forward(url: string, call: ApiRequest): Promise<ApiAnswer> {
    // The whole call's deadline, body included. A timer cleared when the call ends, not
    // AbortSignal.timeout: that one registers each signal for garbage collection, which cost
    // measurable CPU on every call.
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort(new DOMException('The upstream took too long', 'TimeoutError'));
    }, options.timeoutMs);
    try {
      let response;
      try {
        response = await request(url, {
          method: 'POST',
          body: call.body,
          headers: forwardedHeaders(call),
          dispatcher,
          signal: deadline.signal,
        });
      } catch (error) {
        throw unansweredError(error, host, options.timeoutMs);
      }
      const bytes = await readCappedBody(response, {
        maxBytes: options.maxResponseBytes,
        host,
        timeoutMs: options.timeoutMs,
        abort: (reason) => {
          deadline.abort(reason);
        },
      });
      return passThrough(
        { statusCode: response.statusCode, headers: response.headers, bytes },
        host,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    token: (call) => forward(targets.token, call),
    query: async (call) => {
      refuseOwnModule(call.body);
      return forward(targets.query, call);
    },
    // The vendor's own sign-out path, under the same base URL as the token path.
    logout: (call) => forward(targets.logout, call),
    ready: createReachabilityProbe(target('/'), dispatcher),
    close: () => dispatcher.close(),
  };
}
