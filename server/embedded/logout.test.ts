import { describe, expect, it } from 'vitest';
import { API_PATHS, tokenResponseSchema } from '#contract/auth';
import type { TestServer } from '../../testing/api-server.ts';
import { authServerPerTest } from '../../testing/auth-server.ts';
import { ANALYST } from '../../testing/fixtures.ts';

const setup = authServerPerTest({ ACCESS_TOKEN_TTL_SECONDS: '60' });

const countMetros = { module: 'metro_area__c', count_only: true };

async function signIn(server: TestServer) {
  return tokenResponseSchema.parse((await server.login(ANALYST.username, ANALYST.password)).body);
}

function logout(server: TestServer, accessToken: string | undefined, body: unknown = {}) {
  return server.post(API_PATHS.logout, JSON.stringify(body), {
    'Content-Type': 'application/json',
    ...(accessToken === undefined ? {} : { 'Oauth-Token': accessToken }),
  });
}

describe('POST /index.php/api/oauth2/logout', () => {
  it('revokes the access token and the refresh token of the login, as SugarCRM answers', async () => {
    const { server, refresh } = await setup();
    const tokens = await signIn(server);
    const other = await signIn(server);
    expect((await server.query(countMetros, tokens.access_token)).status).toBe(200);

    const answer = await logout(server, tokens.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const after = await server.query(countMetros, tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'invalid_token' });
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);
    // Another sign-in of the same user is another session, and stays.
    expect((await server.query(countMetros, other.access_token)).status).toBe(200);
  });

  it('ends the rotated session too: no grace-window resend after sign-out', async () => {
    const { server, refresh } = await setup();
    const first = await signIn(server);
    const second = tokenResponseSchema.parse((await refresh(first.refresh_token ?? '')).body);
    expect((await logout(server, second.access_token)).status).toBe(200);
    expect((await refresh(first.refresh_token ?? '')).status).toBe(400);
    expect((await refresh(second.refresh_token ?? '')).status).toBe(400);
  });

  it('still ends the session when the access token has lapsed, by the refresh token sent', async () => {
    const { server, refresh, advanceSeconds } = await setup();
    const tokens = await signIn(server);
    advanceSeconds(61);
    const answer = await logout(server, tokens.access_token, {
      refresh_token: tokens.refresh_token,
    });
    expect(answer.body).toEqual({ success: true });
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);
  });

  it("ends only the caller's own login: another login's refresh token in the body is ignored", async () => {
    const { server, refresh } = await setup();
    const mine = await signIn(server);
    const theirs = await signIn(server);
    const answer = await logout(server, mine.access_token, {
      refresh_token: theirs.refresh_token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect((await server.query(countMetros, mine.access_token)).status).toBe(401);
    expect((await server.query(countMetros, theirs.access_token)).status).toBe(200);
    expect((await refresh(theirs.refresh_token ?? '')).status).toBe(200);
  });

  it('answers 401 JSON, never a 500, for a missing, unknown or already revoked token', async () => {
    const { server } = await setup();
    const tokens = await signIn(server);
    await logout(server, tokens.access_token);
    for (const answer of [
      await logout(server, undefined),
      await logout(server, 'made-up-token'),
      await logout(server, tokens.access_token),
      await server.post(API_PATHS.logout, 'not json', { 'Oauth-Token': 'made-up-token' }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('accepts POST only', async () => {
    const { server } = await setup();
    const answer = await fetch(`${server.baseUrl}${API_PATHS.logout}`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});
