import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/api-server.ts';
import type { TestServer } from '../testing/api-server.ts';
import { ANALYST, loadFixtures } from '../testing/fixtures.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function appConfig(env: Record<string, string>) {
  server = await startTestServer({ users: [ANALYST], loadData: loadFixtures, env });
  const response = await fetch(`${server.baseUrl}/app-config.json`);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /app-config.json', () => {
  it('tells the browser it talks to the embedded service, with the demo users as a hint', async () => {
    const { response, body } = await appConfig({});
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ mode: 'embedded' });
    expect(body.demoUsers).toContainEqual(
      expect.objectContaining({ username: 'analyst', password: 'analyst-demo' }),
    );
  });

  it('names only the upstream host in proxy mode: no credentials, no demo users', async () => {
    const { body } = await appConfig({
      SERVICE_BASE_URL: 'https://user:secret@vendor.example.com/base',
    });
    expect(body).toEqual({ mode: 'upstream', upstreamHost: 'vendor.example.com' });
  });
});

describe('security headers', () => {
  it('are on every answer, with no X-Powered-By', async () => {
    server = await startTestServer({ users: [ANALYST], loadData: loadFixtures });
    const response = await fetch(`${server.baseUrl}/app-config.json`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });
});

describe('request log', () => {
  it('writes one line per API request and never a password, token or token body', async () => {
    const lines: string[] = [];
    const record = (event: string, fields?: Record<string, unknown>) => {
      lines.push(JSON.stringify({ event, ...fields }));
    };
    server = await startTestServer({
      users: [ANALYST],
      loadData: loadFixtures,
      logger: { debug: () => undefined, info: record, warn: record, error: record },
    });
    const login = await server.login(ANALYST.username, ANALYST.password);
    const { access_token: token, refresh_token: refresh } = login.body as Record<string, string>;
    await server.query({ module: 'metro_area__c', count_only: true }, token ?? '');
    await server.query({ module: 'nope' }, token ?? '');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry).toMatchObject({ event: 'request', method: 'POST' });
      expect(typeof entry.request_id).toBe('string');
      for (const secret of [ANALYST.password, token, refresh]) expect(line).not.toContain(secret);
    }
  });
});
