import type { DuckDBConnection } from '@duckdb/node-api';
import { API_PATHS } from '#contract/auth';
import type { ModuleId } from '#contract/catalog';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { ServerConfig } from '../server/config.ts';
import { hashPassword } from '../server/embedded/auth/passwords.ts';
import type { ServiceUser } from '../server/embedded/auth/users.ts';
import { createLogger } from '../server/log.ts';
import type { Logger } from '../server/log.ts';

/** A user for server tests, with a known password. */
interface TestUser {
  readonly username: string;
  readonly password: string;
  readonly modules: readonly ModuleId[];
}

/** Options for an in-process API server on a random loopback port. */
export interface TestServerOptions {
  readonly users?: readonly TestUser[];
  readonly loadData?: (connection: DuckDBConnection, today: Date) => Promise<void>;
  readonly env?: Record<string, string>;
  /** Where log lines go; silent by default. */
  readonly logger?: Logger;
  /** A controllable clock; real time by default. */
  readonly now?: () => number;
  /** A build folder to serve as `npm start` serves dist/; only the API without one. */
  readonly dist?: string;
}

/** A JSON answer: status, headers and parsed body. */
export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A running test server and helpers to call it over real HTTP. */
export interface TestServer {
  readonly baseUrl: string;
  readonly config: ServerConfig;
  post(path: string, body: string, headers?: Record<string, string>): Promise<ApiAnswer>;
  login(username: string, password: string): Promise<ApiAnswer>;
  /** Logs in and returns the access token; fails the test when login fails. */
  tokenFor(user: TestUser): Promise<string>;
  query(body: unknown, token: string): Promise<ApiAnswer>;
  close(): Promise<void>;
}

/** Starts the real app (API only, unless given a build) on 127.0.0.1 with an ephemeral port. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const users: ServiceUser[] = await Promise.all(
    (options.users ?? []).map(async (user) => ({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      modules: user.modules,
    })),
  );
  const app = await createApp({
    config,
    logger: options.logger ?? createLogger('silent'),
    users,
    ...(options.dist === undefined ? { assets: 'none' } : { assets: 'dist', dist: options.dist }),
    ...(options.loadData ? { loadData: options.loadData } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const port = await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;

  async function post(path: string, body: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body, headers });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON bodies are returned as text so a test can show what arrived.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  const login = (username: string, password: string) =>
    post(API_PATHS.token, JSON.stringify({ username, password, grant_type: 'password' }), {
      'Content-Type': 'application/json',
    });

  return {
    baseUrl,
    config,
    post,
    login,
    async tokenFor(user) {
      const answer = await login(user.username, user.password);
      const token = (answer.body as { access_token?: unknown }).access_token;
      if (answer.status !== 200 || typeof token !== 'string') {
        throw new Error(
          `login as ${user.username} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      return token;
    },
    query: (body, token) =>
      post(API_PATHS.query, typeof body === 'string' ? body : JSON.stringify(body), {
        'Content-Type': 'text/plain',
        'Oauth-Token': token,
      }),
    close: () => app.close(),
  };
}
