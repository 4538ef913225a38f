import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_MODULE_IDS } from '#contract/catalog';
import { startTestServer } from '../../testing/api-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import { json, startStub } from '../../testing/stub-upstream.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function setup(
  env: Record<string, string> = {},
  reply = json(200, { records: [], next_offset: -1 }),
) {
  const upstream = await startStub(reply);
  const server = await startTestServer({ env: { SERVICE_BASE_URL: upstream.url, ...env } });
  opened.push(server, upstream);
  return { upstream, server };
}

const query = JSON.stringify({ module: 'metro_area__c', filters: { max_num: '5' } });

async function postQuery(server: TestServer, headers: Record<string, string> = {}) {
  return server.post('/index.php/api/service', query, {
    'Content-Type': 'text/plain;charset=UTF-8',
    'Oauth-Token': 'token-123',
    ...headers,
  });
}

describe('proxy to the real upstream', () => {
  it('forwards method, path, body, Content-Type and Oauth-Token, and nothing else of the client', async () => {
    const { upstream, server } = await setup();
    await postQuery(server, {
      Cookie: 'session=secret',
      Origin: 'https://evil.example',
      Referer: 'https://evil.example/page',
      'X-Forwarded-For': '10.0.0.1',
      'X-Forwarded-Host': 'evil.example',
      Authorization: 'Basic c2VjcmV0',
    });
    const [received] = upstream.requests;
    expect(received).toMatchObject({ method: 'POST', url: '/index.php/api/service', body: query });
    expect(received?.headers).toMatchObject({
      'content-type': 'text/plain;charset=UTF-8',
      'oauth-token': 'token-123',
    });
    for (const absent of [
      'cookie',
      'origin',
      'referer',
      'x-forwarded-for',
      'x-forwarded-host',
      'authorization',
    ]) {
      expect(received?.headers).not.toHaveProperty(absent);
    }
  });

  it('sends the token request to the token path and the query to SERVICE_QUERY_PATH under the base path', async () => {
    const upstream = await startStub(json(200, { access_token: 'abc', expires_in: 3600 }));
    const server = await startTestServer({
      env: {
        SERVICE_BASE_URL: `${upstream.url}/vendor/`,
        SERVICE_QUERY_PATH: '/index.php/api/marketplaceQuery',
      },
    });
    opened.push(server, upstream);
    const login = await server.login('analyst', 'secret');
    expect(login.body).toEqual({ access_token: 'abc', expires_in: 3600 });
    await postQuery(server);
    expect(upstream.requests.map((request) => request.url)).toEqual([
      '/vendor/index.php/api/oauth2',
      '/vendor/index.php/api/marketplaceQuery',
    ]);
  });

  it('passes the upstream JSON through unchanged, drops Set-Cookie, adds the safety headers', async () => {
    const body = { records: [{ name: 'London' }], next_offset: -1 };
    const { server } = await setup(
      {},
      json(200, body, { 'Set-Cookie': 'tracking=1', 'X-Vendor': 'x' }),
    );
    const answer = await postQuery(server);
    expect(answer.body).toEqual(body);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('x-vendor')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe('sandbox');
  });

  it.each([
    [400, { error: 'invalid_filter', error_message: 'bad field' }],
    [401, { error: 'invalid_token' }],
    [500, { error: 'server_error', message: 'boom' }],
  ])('passes the upstream %i JSON error through unchanged', async (status, body) => {
    const { server } = await setup({}, json(status, body, { 'Retry-After': '7' }));
    const answer = await postQuery(server);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
    expect(answer.headers.get('retry-after')).toBe('7');
  });

  it.each([
    ['text/html', '<!DOCTYPE html><html><body>Maintenance</body></html>'],
    ['text/HTML; charset=utf-8', 'Please sign in'],
    ['application/json', '  <html><body>Sign in</body></html>'],
  ])('answers 502 upstream_html when the upstream sends a web page (%s)', async (type, page) => {
    const { server } = await setup({}, (_request, response) => {
      response.writeHead(200, { 'Content-Type': type });
      response.end(page);
    });
    const answer = await postQuery(server);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      error: 'upstream_html',
      error_message: 'The service answered with a web page instead of data.',
    });
  });

  it('answers 502 naming what came when the upstream sends other text', async () => {
    const { server } = await setup({}, (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('OK');
    });
    const answer = await postQuery(server);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ error: 'upstream_error' });
    expect((answer.body as { error_message: string }).error_message).toMatch(
      /not JSON \(text\/plain: "OK"\)/,
    );
  });

  it('passes the bytes through exactly: any script, the whitespace and line breaks as sent', async () => {
    const sent = Buffer.from(
      '\n  {"records": [{"name": "Zürich"}, {"name": "São Paulo"}, {"name": "東京"}],\r\n "next_offset": -1}\n',
      'utf8',
    );
    const { server } = await setup({}, (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(sent);
    });
    const response = await fetch(`${server.baseUrl}/index.php/api/service`, {
      method: 'POST',
      body: query,
      headers: { 'Content-Type': 'text/plain', 'Oauth-Token': 'token-123' },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(sent)).toBe(true);
  });

  it('answers 502 when the JSON of the upstream is cut short', async () => {
    const { server } = await setup({}, (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"records":[{"id":"a1"},');
    });
    const answer = await postQuery(server);
    expect(answer.status).toBe(502);
    expect((answer.body as { error_message: string }).error_message).toMatch(
      /not JSON \(application\/json: "\{"records":\[\{"id":"a1"\},"\)/,
    );
  });

  it('does not follow a redirect, and never reaches where it points', async () => {
    const canary = await startStub();
    opened.push(canary);
    const { upstream, server } = await setup({}, (_request, response) => {
      response.writeHead(302, { Location: `${canary.url}/index.php/api/service` });
      response.end();
    });
    const answer = await postQuery(server);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('location')).toBeNull();
    expect(upstream.requests).toHaveLength(1);
    expect(canary.requests).toHaveLength(0);
  });

  it('answers 504 when the upstream is too slow', async () => {
    // The upstream never answers: only the proxy's own deadline can end the call. How soon is
    // measured by bench/timeouts.bench.ts, never by a clock in a unit test.
    const { upstream, server } = await setup({ UPSTREAM_TIMEOUT_MS: '300' }, () => undefined);
    const answer = await postQuery(server);
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({
      error: 'upstream_timeout',
      error_message: expect.stringContaining('did not answer within 0.3 s') as unknown,
    });
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers 502 when the upstream is down, and recovers without a restart', async () => {
    const upstream = await startStub(json(200, { record_count: 3 }));
    opened.push(upstream);
    upstream.down = true;
    const server = await startTestServer({ env: { SERVICE_BASE_URL: upstream.url } });
    opened.push(server);
    const down = await postQuery(server);
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ error: 'upstream_unreachable' });
    expect(upstream.requests).toHaveLength(0);

    upstream.down = false;
    const recovered = await postQuery(server);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({ record_count: 3 });
  });

  it('refuses bodies over 1 MB with 413 without calling the upstream', async () => {
    const { upstream, server } = await setup();
    const answer = await server.post('/index.php/api/service', 'x'.repeat(1_100_000), {
      'Content-Type': 'text/plain',
    });
    expect(answer.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each(EXTENSION_MODULE_IDS)(
    'refuses a query of the embedded service’s own %s with a JSON 404, never forwarding it',
    async (module) => {
      const { upstream, server } = await setup();
      const answer = await server.post(
        '/index.php/api/service',
        JSON.stringify({ module, filters: { max_num: '5' } }),
        { 'Content-Type': 'text/plain', 'Oauth-Token': 'token-123' },
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'unknown_module', path: 'module' });
      expect((answer.body as { error_message: string }).error_message).toContain(
        `"${module}": it is an aggregate of the dashboard's embedded service`,
      );
      expect(upstream.requests).toHaveLength(0);
      // A vendor module whose filter merely mentions the name is forwarded as ever.
      const mention = JSON.stringify({
        module: '13f_holdings',
        filters: { filter: [{ name: { $contains: module } }] },
      });
      const forwarded = await server.post('/index.php/api/service', mention, {
        'Content-Type': 'text/plain',
        'Oauth-Token': 'token-123',
      });
      expect(forwarded.status).toBe(200);
      expect(upstream.requests.map((request) => request.body)).toEqual([mention]);
    },
  );
});
