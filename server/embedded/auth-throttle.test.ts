import { describe, expect, it } from 'vitest';
import { authServerPerTest } from '../../testing/auth-server.ts';
import { ANALYST } from '../../testing/fixtures.ts';

const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.20';

/** A server that trusts the loopback proxy, so a test can speak from any client address. */
const setup = authServerPerTest({ TRUST_PROXY: '127.0.0.1' });

const statuses = (answers: readonly { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

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

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const { loginFrom } = await setup({});
    for (let i = 0; i < 3; i += 1) await loginFrom(`192.0.2.${i}`, ANALYST.username, 'guess');
    // Three "addresses" are one client (the socket's): its fourth attempt must wait.
    expect((await loginFrom('192.0.2.99', ANALYST.username, ANALYST.password)).status).toBe(429);
  });
});
