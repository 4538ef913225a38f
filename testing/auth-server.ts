import { afterEach } from 'vitest';
import { API_PATHS } from '#contract/auth';
import { startTestServer } from './api-server.ts';
import type { ApiAnswer, TestServer } from './api-server.ts';
import { ANALYST, FIXTURE_NOW, loadFixtures, VIEWER } from './fixtures.ts';

/** A server for the auth tests: the two fixture users, and a clock the test moves. */
export interface AuthServer {
  readonly server: TestServer;
  readonly advanceSeconds: (seconds: number) => void;
  /** The refresh grant. */
  readonly refresh: (refreshToken: string) => Promise<ApiAnswer>;
  /**
   * A password sign-in as from `address` (seen only when `TRUST_PROXY` names loopback), sending
   * `cookie` as the browser's Cookie header when given.
   */
  readonly loginFrom: (
    address: string,
    username: string,
    password: string,
    cookie?: string,
  ) => Promise<ApiAnswer>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/** Starts the API on the fixture rows with an injected clock. */
async function startAuthServer(env: Record<string, string> = {}): Promise<AuthServer> {
  const clock = { now: FIXTURE_NOW };
  const server = await startTestServer({
    users: [ANALYST, VIEWER],
    loadData: loadFixtures,
    now: () => clock.now,
    env,
  });
  return {
    server,
    advanceSeconds: (seconds) => {
      clock.now += seconds * 1000;
    },
    refresh: (refreshToken) =>
      server.post(
        API_PATHS.token,
        JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        JSON_TYPE,
      ),
    loginFrom: (address, username, password, cookie) =>
      server.post(API_PATHS.token, JSON.stringify({ username, password, grant_type: 'password' }), {
        ...JSON_TYPE,
        'X-Forwarded-For': address,
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      }),
  };
}

/**
 * Registers the closing of each test's server, and returns the function that starts one
 * (with `defaults` unless a test passes its own environment).
 */
export function authServerPerTest(
  defaults: Record<string, string> = {},
): (env?: Record<string, string>) => Promise<AuthServer> {
  let current: TestServer | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (env = defaults) => {
    const running = await startAuthServer(env);
    current = running.server;
    return running;
  };
}
