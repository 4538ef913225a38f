import { describe, expect, it } from 'vitest';
import { authServerPerTest } from '../../testing/auth-server.ts';
import { API_PATHS } from '#contract/auth';
import type { ApiAnswer } from '../../testing/api-server.ts';
import { ANALYST, VIEWER } from '../../testing/fixtures.ts';
import { THROTTLE_RULES } from './auth/login-throttle.ts';

const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.20';

/** A server that trusts the loopback proxy, so a test can speak from any client address. */
const setup = authServerPerTest({ TRUST_PROXY: '127.0.0.1' });

const statuses = (answers: readonly { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** The `name=value` of the device cookie a successful sign-in set, as a browser sends it back. */
function deviceCookieOf(answer: ApiAnswer): string {
  expect(answer.status).toBe(200);
  const [pair = ''] = (answer.headers.get('set-cookie') ?? '').split(';');
  expect(pair).toMatch(/^[\w-]+=\S+$/);
  return pair;
}

describe('sign-in throttling over HTTP', () => {
  it('evaluates only three of 50 parallel guesses from one address; the rest get 429', async () => {
    const { server } = await setup({});
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.login(ANALYST.username, `guess-${i}`)),
    );
    expect(statuses(answers)).toEqual({ 400: 3, 429: 47 });
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused?.body).toMatchObject({ error: 'too_many_requests' });
  });

  it('slows a spray of 30 user names from one address after 20 failures', async () => {
    const { loginFrom, advanceSeconds } = await setup();
    const answers = [];
    for (let i = 0; i < 30; i += 1) {
      answers.push(await loginFrom(ATTACKER, `user-${i}`, 'Winter2025!'));
      advanceSeconds(1);
    }
    expect(statuses(answers)).toEqual({ 400: 20, 429: 10 });
    expect((await loginFrom(VICTIM, 'user-29', 'Winter2025!')).status).toBe(400);
  });

  it('lets the real user sign in from another address while an attacker hammers the account', async () => {
    const { loginFrom, advanceSeconds } = await setup();
    for (let i = 0; i < 40; i += 1) {
      await loginFrom(ATTACKER, ANALYST.username, `guess-${i}`);
      advanceSeconds(5);
    }
    expect((await loginFrom(ATTACKER, ANALYST.username, ANALYST.password)).status).toBe(429);
    const victim = await loginFrom(VICTIM, ANALYST.username, ANALYST.password);
    expect(victim.status).toBe(200);
  });

  it('lets a browser that signed in before sign in while its address is over budget', async () => {
    const { loginFrom, advanceSeconds } = await setup();
    const first = await loginFrom(VICTIM, ANALYST.username, ANALYST.password);
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);
    // Someone else behind the same address (a NAT) sprays user names past its budget.
    for (let i = 0; i < 25; i += 1) {
      await loginFrom(VICTIM, `user-${String(i)}`, 'Winter2025!');
      advanceSeconds(1);
    }
    expect((await loginFrom(VICTIM, VIEWER.username, VIEWER.password)).status).toBe(429);
    expect((await loginFrom(VICTIM, ANALYST.username, ANALYST.password)).status).toBe(429);
    expect((await loginFrom(VICTIM, ANALYST.username, ANALYST.password, cookie)).status).toBe(200);
  });

  it("keeps a known browser's own budget while the account is guessed at from 300 addresses", async () => {
    const { loginFrom } = await setup();
    const cookie = deviceCookieOf(await loginFrom(VICTIM, ANALYST.username, ANALYST.password));
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        loginFrom(`10.${String(i >> 8)}.${String(i & 255)}.9`, ANALYST.username, `guess-${i}`),
      ),
    );
    // Unknown browsers share a ceiling per account, whatever their addresses: at most that many
    // guesses reach the password check.
    const evaluated = answers.filter((answer) => answer.status === 400).length;
    expect(evaluated).toBeLessThanOrEqual(THROTTLE_RULES.accountCeiling);
    expect(evaluated + (statuses(answers)[429] ?? 0)).toBe(300);
    expect((await loginFrom('192.0.2.50', ANALYST.username, ANALYST.password)).status).toBe(429);
    // The browser that signed in before is not locked out by them, from any address.
    expect((await loginFrom(VICTIM, ANALYST.username, ANALYST.password, cookie)).status).toBe(200);
    expect((await loginFrom(ATTACKER, ANALYST.username, ANALYST.password, cookie)).status).toBe(
      200,
    );
  });

  it("counts a known browser's failures against that browser only", async () => {
    const { loginFrom } = await setup();
    const cookie = deviceCookieOf(await loginFrom(VICTIM, ANALYST.username, ANALYST.password));
    for (let i = 0; i < 4; i += 1) await loginFrom(VICTIM, ANALYST.username, `typo-${i}`, cookie);
    expect((await loginFrom(VICTIM, ANALYST.username, ANALYST.password, cookie)).status).toBe(429);
    expect((await loginFrom(VICTIM, ANALYST.username, ANALYST.password)).status).toBe(200);
  });

  it('refuses a forged, foreign or tampered device cookie as an unknown browser', async () => {
    const { loginFrom } = await setup();
    const viewerCookie = deviceCookieOf(await loginFrom(VICTIM, VIEWER.username, VIEWER.password));
    const [name = '', value = ''] = viewerCookie.split('=');
    const analystName = deviceCookieOf(
      await loginFrom(VICTIM, ANALYST.username, ANALYST.password),
    ).split('=')[0];
    for (let i = 0; i < 25; i += 1) await loginFrom(ATTACKER, `user-${String(i)}`, 'x');
    for (const forged of [
      `${analystName ?? ''}=${value}`,
      `${name}=${value.slice(0, -2)}xx`,
      `${analystName ?? ''}=nonsense`,
    ]) {
      expect((await loginFrom(ATTACKER, ANALYST.username, ANALYST.password, forged)).status).toBe(
        429,
      );
    }
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, on the sign-in path only', async () => {
    const { loginFrom } = await setup();
    const answer = await loginFrom(VICTIM, ANALYST.username, ANALYST.password);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(new RegExp(`Path=${API_PATHS.token}(;|$)`, 'i'));
    expect(cookie).toMatch(/Max-Age=\d+/i);
    // Nothing of the account or the tokens in it.
    expect(cookie).not.toContain(ANALYST.username);
    const body = answer.body as { access_token: string; refresh_token: string };
    expect(cookie).not.toContain(body.access_token);
    expect(cookie).not.toContain(body.refresh_token);
  });

  it('says on the failure that starts a wait how long it lasts, not only on the next try', async () => {
    const { loginFrom } = await setup();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await loginFrom(VICTIM, ANALYST.username, 'x'));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(answers.map((answer) => answer.headers.get('retry-after'))).toEqual([null, null, '1']);
    expect(answers[2]?.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const { loginFrom } = await setup({});
    for (let i = 0; i < 3; i += 1) await loginFrom(`192.0.2.${i}`, ANALYST.username, 'guess');
    // Three "addresses" are one client (the socket's): its fourth attempt must wait.
    expect((await loginFrom('192.0.2.99', ANALYST.username, ANALYST.password)).status).toBe(429);
  });
});
