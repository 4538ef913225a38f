import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '#contract/auth';
import { startTestServer } from '../../testing/api-server.ts';
import { json, startStub } from '../../testing/stub-upstream.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function setup(reply = json(200, { success: true })) {
  const upstream = await startStub(reply);
  const server = await startTestServer({ env: { SERVICE_BASE_URL: `${upstream.url}/vendor/` } });
  opened.push(server, upstream);
  return { upstream, server };
}

const body = JSON.stringify({ refresh_token: 'refresh-456' });

describe('proxy: sign-out', () => {
  it('forwards the logout POST to the same path under the base URL, with token and body', async () => {
    const { upstream, server } = await setup();
    const answer = await server.post(API_PATHS.logout, body, {
      'Content-Type': 'application/json',
      'Oauth-Token': 'token-123',
      Cookie: 'session=secret',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(upstream.requests).toHaveLength(1);
    const [received] = upstream.requests;
    expect(received).toMatchObject({
      method: 'POST',
      url: '/vendor/index.php/api/oauth2/logout',
      body,
    });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'oauth-token': 'token-123',
    });
    expect(received?.headers).not.toHaveProperty('cookie');
  });

  it("passes the upstream's refusal through", async () => {
    const refusal = { error: 'invalid_grant', error_message: 'The access token is invalid.' };
    const { server } = await setup(json(401, refusal));
    const answer = await server.post(API_PATHS.logout, '', { 'Oauth-Token': 'stale' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(refusal);
  });

  it('forwards no other path next to it, and no other method', async () => {
    const { upstream, server } = await setup();
    for (const path of [
      '/index.php/api/oauth2/token',
      '/index.php/api/oauth2/logout/x',
      '/index.php/api/oauth2/sudo/admin',
    ]) {
      expect((await server.post(path, body, { 'Oauth-Token': 'token-123' })).status).toBe(404);
    }
    const get = await fetch(`${server.baseUrl}${API_PATHS.logout}`, {
      headers: { 'Oauth-Token': 'token-123' },
    });
    expect(get.status).toBe(405);
    expect(upstream.requests).toEqual([]);
  });
});
