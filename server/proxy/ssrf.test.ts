import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/api-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import { startForwardProxy } from '../../testing/connect-proxy.ts';
import { rawRequest, statusOf } from '../../testing/raw-http.ts';
import { json, startStub } from '../../testing/stub-upstream.ts';
import type { StubServer } from '../../testing/stub-upstream.ts';

let upstream: StubServer;
let canary: StubServer;
let server: TestServer;
let port: number;

beforeAll(async () => {
  upstream = await startStub(json(200, { record_count: 1 }));
  canary = await startStub(json(200, { pwned: true }));
  server = await startTestServer({ env: { SERVICE_BASE_URL: upstream.url } });
  port = Number(new URL(server.baseUrl).port);
});
afterAll(async () => {
  await Promise.all([server.close(), upstream.close(), canary.close()]);
});

const body = '{"module":"metro_area__c","count_only":true}';
function post(target: string, extraHeaders = '', host = `127.0.0.1:${port}`): string {
  return `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nOauth-Token: t\r\n${extraHeaders}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
}

describe('request targets that try to reach somewhere else', () => {
  const canaryHost = () => `127.0.0.1:${canary.port}`;
  const attempts: [string, () => string][] = [
    ['dot segments', () => post('/index.php/api/../api/service')],
    ['encoded dot segments', () => post('/index.php/api/%2e%2e/api/service')],
    ['encoded slashes', () => post('/index.php/api/service%2F..%2F..%2Fadmin')],
    ['a protocol-relative target', () => post(`//${canaryHost()}/index.php/api/service`)],
    ['an absolute-form target', () => post(`http://${canaryHost()}/index.php/api/service`)],
    ['a spoofed Host', () => post('/index.php/api/service', '', canaryHost())],
    [
      'a spoofed X-Forwarded-Host',
      () => post('/index.php/api/service', `X-Forwarded-Host: ${canaryHost()}\r\n`),
    ],
    ['CR/LF in the path', () => post(`/index.php/api/service%0d%0aHost:%20${canaryHost()}`)],
    [
      'a raw CR/LF header injection',
      () => post('/index.php/api/service', `X-Test: a\r\nHost: ${canaryHost()}\r\n`),
    ],
    ['another API path', () => post('/index.php/api/admin')],
    ['an API path with a query', () => post('/index.php/api/oauth2?next=http://evil')],
  ];

  it.each(attempts)(
    '%s never reaches the canary, only the configured upstream paths',
    async (_, build) => {
      const answer = await rawRequest(port, build());
      expect(statusOf(answer)).toBeGreaterThan(0);
      expect(canary.requests).toHaveLength(0);
      for (const request of upstream.requests) {
        expect(['/index.php/api/service', '/index.php/api/oauth2']).toContain(request.url);
      }
    },
  );
});

describe('corporate proxy', () => {
  it('sends upstream calls through HTTP_PROXY when it is set', async () => {
    const proxy = await startForwardProxy();
    const proxied = await startTestServer({
      env: { SERVICE_BASE_URL: upstream.url, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
    });
    try {
      const before = upstream.requests.length;
      const answer = await proxied.post('/index.php/api/service', body, { 'Oauth-Token': 't' });
      expect(answer.body).toEqual({ record_count: 1 });
      expect(upstream.requests.length).toBe(before + 1);
      expect(proxy.targets.join(' ')).toContain(`127.0.0.1:${upstream.port}`);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});
