/** The servers the journeys run against (playwright.config.ts starts them all). */
const port = Number(process.env.E2E_PORT ?? 4399);

/** The production server with the default token lifetimes. */
export const MAIN_SERVER = { port, url: `http://127.0.0.1:${String(port)}` };

/**
 * The same build with tokens that lapse within seconds and a refresh deadline already past
 * when the token expires, so a session ends mid-journey as an hour-long one would.
 */
export const SHORT_SESSION_SERVER = {
  port: port - 1,
  url: `http://127.0.0.1:${String(port - 1)}`,
  accessTokenSeconds: 6,
};

/**
 * The same build with a login that lasts 4 min 40 s (the access token renewing inside it), so
 * the five-minute warning shows from the start and "Stay signed in" can be tried.
 */
export const ENDING_SESSION_SERVER = {
  port: port - 2,
  url: `http://127.0.0.1:${String(port - 2)}`,
  refreshTokenSeconds: 280,
};

/**
 * The same build in proxy mode, with the main server as its "vendor": the views across managers
 * go through the proxy and the vendor's interface unchanged, in two processes sharing the
 * port (docs/decisions/proxy-processes.md), so the browser's connections reach both.
 */
export const PROXY_SERVER = {
  port: port - 3,
  url: `http://127.0.0.1:${String(port - 3)}`,
};
