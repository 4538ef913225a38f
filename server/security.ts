import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The app's Content-Security-Policy. Production allows scripts only from our origin; Vite's dev
 * server injects an inline preamble for hot reload and talks over a WebSocket, so development
 * relaxes exactly those two.
 */
function contentSecurityPolicy(development: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Charts and UI primitives set style attributes and inject small style elements.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Deployments on plain http inside a company network must keep working.
    'upgrade-insecure-requests': null,
  };
}

/** A response as helmet writes to it: only its header calls. */
interface HeaderSink {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
}

/**
 * The security headers of every answer, worked out once: helmet's defaults (HSTS, no sniffing,
 * same-origin opener and resources, …), our CSP, no framing and a strict referrer policy.
 * Helmet's middleware rebuilds the CSP text on every request (its directives may be functions);
 * ours are constant, so its output is captured at start and the same list is set on each answer.
 */
export function securityHeaders(development: boolean): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>();
  const sink: HeaderSink = {
    setHeader: (name, value) => headers.set(name.toLowerCase(), value),
    removeHeader: (name) => headers.delete(name.toLowerCase()),
  };
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(development) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet's middleware is synchronous and calls `next` with an error only for a bad option.
  middleware({} as unknown as IncomingMessage, sink as unknown as ServerResponse, (error) => {
    if (error !== undefined) throw new Error('helmet refused its options', { cause: error });
  });
  return [...headers];
}
