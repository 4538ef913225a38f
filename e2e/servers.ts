/** The two servers the journeys run against (playwright.config.ts starts both). */
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
