import { describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '#contract/auth';
import { EXTENSION_MODULE_IDS } from '#contract/catalog';
import { authServerPerTest } from '../../testing/auth-server.ts';
import { ANALYST, VIEWER } from '../../testing/fixtures.ts';

const setup = authServerPerTest();

const countMetros = { module: 'metro_area__c', count_only: true };

describe('token endpoint', () => {
  it('issues random tokens with lifetimes, never cached', async () => {
    const { server } = await setup();
    const first = await server.login(ANALYST.username, ANALYST.password);
    const second = await server.login(ANALYST.username, ANALYST.password);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const tokens = tokenResponseSchema.parse(first.body);
    expect(tokens).toMatchObject({
      expires_in: 3600,
      refresh_expires_in: 18000,
      fuse_client_id_seq: null,
    });
    // 32 random bytes in base64url: 256 bits, well over the 128 required.
    expect(tokens.access_token).toMatch(/^[\w-]{43}$/);
    expect(tokens.access_token).not.toBe(tokenResponseSchema.parse(second.body).access_token);
  });

  it('gives unknown users and wrong passwords the identical answer', async () => {
    const { server } = await setup();
    const unknown = await server.login('nobody', 'whatever');
    const wrong = await server.login(ANALYST.username, 'wrong password');
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a missing grant type and names it', async () => {
    const { server } = await setup();
    const answer = await server.post(
      '/index.php/api/oauth2',
      JSON.stringify({ username: 'a', password: 'b' }),
      {
        'Content-Type': 'application/json',
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'unsupported_grant_type', field: 'grant_type' });
  });

  it('makes one client wait after three failures, with Retry-After, then lets it in again', async () => {
    const { server, advanceSeconds } = await setup();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await server.login(ANALYST.username, 'guess')).status).toBe(400);
    }
    const waiting = await server.login(ANALYST.username, ANALYST.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(waiting.body).toMatchObject({
      error: 'too_many_requests',
      error_message: 'Too many failed sign-in attempts. Try again in 1 second(s).',
    });
    expect((await server.login(VIEWER.username, VIEWER.password)).status).toBe(200);
    advanceSeconds(1);
    expect((await server.login(ANALYST.username, ANALYST.password)).status).toBe(200);
  });
});

describe('access tokens', () => {
  it('answers 401 for a missing, unknown or expired token', async () => {
    const { server, advanceSeconds } = await setup({ ACCESS_TOKEN_TTL_SECONDS: '60' });
    const token = await server.tokenFor(ANALYST);
    expect((await server.query(countMetros, token)).status).toBe(200);
    const missing = await server.post('/index.php/api/service', JSON.stringify(countMetros));
    expect(missing.status).toBe(401);
    expect((await server.query(countMetros, 'made-up-token')).status).toBe(401);
    advanceSeconds(61);
    const expired = await server.query(countMetros, token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'invalid_token' });
  });

  it('answers 403 for a module the user may not query', async () => {
    const { server } = await setup();
    const token = await server.tokenFor(VIEWER);
    const answer = await server.query({ module: '13f_holdings', count_only: true }, token);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'forbidden' });
    expect((await server.query(countMetros, token)).status).toBe(200);
  });

  it.each(EXTENSION_MODULE_IDS)(
    'answers %s to whoever may read 13F rows, and 403 to whoever may not',
    async (module) => {
      const { server } = await setup();
      const body = { module, count_only: true };
      expect((await server.query(body, await server.tokenFor(ANALYST))).status).toBe(200);
      const refused = await server.query(body, await server.tokenFor(VIEWER));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    },
  );
});

describe('refresh grant', () => {
  it('rotates the refresh token, and revokes the session when the old one is reused after the grace window', async () => {
    const { server, refresh, advanceSeconds } = await setup();
    const first = tokenResponseSchema.parse(
      (await server.login(ANALYST.username, ANALYST.password)).body,
    );
    const rotated = await refresh(first.refresh_token ?? '');
    expect(rotated.status).toBe(200);
    const second = tokenResponseSchema.parse(rotated.body);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await server.query(countMetros, second.access_token)).status).toBe(200);

    advanceSeconds(61);
    const reused = await refresh(first.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant' });
    // Reuse means the token was copied: the whole session is revoked.
    expect((await server.query(countMetros, second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token ?? '')).status).toBe(400);
  });

  it('answers 20 parallel refreshes of one token with the same working pair', async () => {
    const { server, refresh } = await setup();
    const first = tokenResponseSchema.parse(
      (await server.login(ANALYST.username, ANALYST.password)).body,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refresh(first.refresh_token ?? '')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const pairs = answers.map((answer) => tokenResponseSchema.parse(answer.body));
    const [pair] = pairs;
    for (const other of pairs) {
      expect(other).toMatchObject({
        access_token: pair?.access_token,
        refresh_token: pair?.refresh_token,
      });
    }
    expect((await server.query(countMetros, pair?.access_token ?? '')).status).toBe(200);
    expect((await refresh(pair?.refresh_token ?? '')).status).toBe(200);
  });

  it('resends the same pair within the window only while its refresh token is unused', async () => {
    const { server, refresh, advanceSeconds } = await setup();
    const first = tokenResponseSchema.parse(
      (await server.login(ANALYST.username, ANALYST.password)).body,
    );
    const second = tokenResponseSchema.parse((await refresh(first.refresh_token ?? '')).body);
    advanceSeconds(59);
    const resent = tokenResponseSchema.parse((await refresh(first.refresh_token ?? '')).body);
    expect(resent).toMatchObject({
      access_token: second.access_token,
      refresh_token: second.refresh_token,
      expires_in: 3600 - 59,
    });
    const third = tokenResponseSchema.parse((await refresh(second.refresh_token ?? '')).body);
    // The client moved on: the old token again is no lost answer but a copy.
    expect((await refresh(first.refresh_token ?? '')).status).toBe(400);
    expect((await server.query(countMetros, third.access_token)).status).toBe(401);
  });

  it('never extends the session past the original refresh deadline', async () => {
    const { server, refresh, advanceSeconds } = await setup({ REFRESH_TOKEN_TTL_SECONDS: '1000' });
    let tokens = tokenResponseSchema.parse(
      (await server.login(ANALYST.username, ANALYST.password)).body,
    );
    advanceSeconds(600);
    tokens = tokenResponseSchema.parse((await refresh(tokens.refresh_token ?? '')).body);
    expect(tokens.refresh_expires_in).toBe(400);
    advanceSeconds(401);
    const late = await refresh(tokens.refresh_token ?? '');
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('gives no access token past the refresh deadline: the login ends there', async () => {
    const { server, refresh, advanceSeconds } = await setup({ REFRESH_TOKEN_TTL_SECONDS: '1000' });
    let tokens = tokenResponseSchema.parse(
      (await server.login(ANALYST.username, ANALYST.password)).body,
    );
    // The hour-long access token is cut to the login's 1,000 s, and its refresh to what is left.
    expect(tokens.expires_in).toBe(1000);
    advanceSeconds(600);
    tokens = tokenResponseSchema.parse((await refresh(tokens.refresh_token ?? '')).body);
    expect([tokens.expires_in, tokens.refresh_expires_in]).toEqual([400, 400]);
    advanceSeconds(399);
    expect((await server.query(countMetros, tokens.access_token)).status).toBe(200);
    advanceSeconds(2);
    expect((await server.query(countMetros, tokens.access_token)).status).toBe(401);
  });
});
