/**
 * The app's Content-Security-Policy. Production allows scripts only from our origin; Vite's dev
 * server injects an inline preamble for hot reload and talks over a WebSocket, so development
 * relaxes exactly those two.
 */
export function contentSecurityPolicy(development: boolean): Record<string, string[] | null> {
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
