/** One API call as the router hands it to a backend: the raw body and the relevant headers. */
export interface ApiRequest {
  readonly body: string;
  /** The `Content-Type` header as sent; '' when absent. */
  readonly contentType: string;
  /** The `Oauth-Token` header. */
  readonly accessToken: string | undefined;
  readonly requestId: string;
  /**
   * The client's address as Fastify sees it (`request.ip`): the socket's peer, or the
   * `X-Forwarded-For` entry only when `TRUST_PROXY` names the proxy, without a port and with an
   * IPv4-mapped address read as IPv4 (normalClientAddress). Throttles sign-ins.
   */
  readonly clientAddress: string;
  /** The `Cookie` header ('' when absent): a sign-in reads its device cookie (device-cookies.ts). */
  readonly cookies: string;
  /** Whether the browser reached us over HTTPS (a cookie set then is `Secure`). */
  readonly secure: boolean;
}

/** A backend's answer: status, JSON text (or its UTF-8 bytes), and headers the client must see. */
export interface ApiAnswer {
  readonly status: number;
  readonly json: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Where the API endpoints go: the embedded service, or the real upstream through the proxy.
 * Errors are thrown as `ApiError`.
 */
export interface ApiBackend {
  readonly token: (request: ApiRequest) => Promise<ApiAnswer>;
  readonly query: (request: ApiRequest) => Promise<ApiAnswer>;
  /** Sign-out: revokes the session's tokens (SugarCRM's `oauth2/logout`). */
  readonly logout: (request: ApiRequest) => Promise<ApiAnswer>;
  /** Whether the backend can answer now: its database answers, or its upstream is reachable. */
  readonly ready: () => Promise<Readiness>;
  readonly close: () => Promise<void>;
}

/**
 * What `/readyz` says: ready, or why not as a stable code. Never a message of the failure, which
 * could name a path, a host or a credential.
 */
export type Readiness =
  { readonly ready: true } | { readonly ready: false; readonly reason: string };

/** A JSON answer from a value. */
export function jsonAnswer(
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): ApiAnswer {
  return { status, json: JSON.stringify(value), ...(headers ? { headers } : {}) };
}
