import { describe, expect, it } from 'vitest';
import { clientKey, LoginThrottle, THROTTLE_RULES } from './login-throttle.ts';
import type { Admission } from './login-throttle.ts';

const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.20';

function setup(rules: Partial<typeof THROTTLE_RULES> = {}) {
  const clock = { now: 0 };
  const throttle = new LoginThrottle(() => clock.now, rules);
  /** Starts an attempt and fails it at once, as a wrong password does. */
  const fail = (username: string, address: string): Admission => {
    const admission = throttle.begin(username, address);
    if (admission.ok) admission.attempt.failed();
    return admission;
  };
  const failTimes = (count: number, username: string, address: string) => {
    for (let i = 0; i < count; i += 1) fail(username, address);
  };
  const retryAfter = (username: string, address: string) =>
    throttle.retryAfterSeconds(username, address);
  return { clock, throttle, fail, failTimes, retryAfter };
}

describe('LoginThrottle: one account from one address', () => {
  it('allows three failures, then doubles the wait after each further one, up to 15 minutes', () => {
    const { clock, fail, failTimes, retryAfter } = setup();
    failTimes(3, 'analyst', ATTACKER);
    expect(retryAfter('ANALYST', ATTACKER)).toBe(1);
    clock.now += 1_000;
    expect(fail('analyst', ATTACKER).ok).toBe(true);
    expect(retryAfter('analyst', ATTACKER)).toBe(2);
    clock.now += 2_000;
    fail('analyst', ATTACKER);
    expect(retryAfter('analyst', ATTACKER)).toBe(4);
    // However many failures, the wait never exceeds the cap.
    for (let i = 0; i < 20; i += 1) {
      clock.now += 15 * 60_000;
      fail('analyst', ATTACKER);
    }
    expect(retryAfter('analyst', ATTACKER)).toBe(15 * 60);
  });

  it('counts attempts in flight: of 50 parallel guesses only the three free ones are evaluated', () => {
    const { throttle } = setup();
    const admissions = Array.from({ length: 50 }, () => throttle.begin('analyst', ATTACKER));
    const admitted = admissions.filter((admission) => admission.ok);
    expect(admitted).toHaveLength(3);
    for (const admission of admitted) admission.attempt.failed();
  });

  it('a success clears only the failures seen when it started, not those made meanwhile', () => {
    const { clock, throttle, fail, retryAfter } = setup();
    fail('analyst', ATTACKER);
    const right = throttle.begin('analyst', ATTACKER);
    const wrong = throttle.begin('analyst', ATTACKER);
    if (!right.ok || !wrong.ok) throw new Error('three attempts are free');
    wrong.attempt.failed();
    right.attempt.succeeded();
    // The success took away the one failure before it; the one made in parallel still counts.
    clock.now += 1;
    fail('analyst', ATTACKER);
    fail('analyst', ATTACKER);
    expect(retryAfter('analyst', ATTACKER)).toBe(1);
  });

  it('forgets an account and address an hour after its last failure', () => {
    const { clock, failTimes, retryAfter } = setup();
    failTimes(3, 'analyst', ATTACKER);
    clock.now += 60 * 60_000;
    failTimes(3, 'analyst', ATTACKER);
    expect(retryAfter('analyst', ATTACKER)).toBe(1);
  });
});

describe('LoginThrottle: attackers and victims', () => {
  it("never lets an attacker's failures stop the real user from another address", () => {
    const { clock, fail, retryAfter } = setup();
    for (let i = 0; i < 100; i += 1) {
      fail('analyst', ATTACKER);
      clock.now += 1_000;
    }
    expect(retryAfter('analyst', ATTACKER)).toBeGreaterThan(0);
    expect(retryAfter('analyst', VICTIM)).toBe(0);
  });

  it('gives each address a budget of 20 failures in 15 minutes, whatever the user names', () => {
    const { clock, fail, retryAfter } = setup();
    const answers = Array.from({ length: 30 }, (_, i) => {
      clock.now += 1_000;
      return fail(`sprayed-${i}`, ATTACKER).ok;
    });
    expect(answers.filter(Boolean)).toHaveLength(20);
    // The window runs from the oldest counted failure, at 1 s.
    expect(retryAfter('someone-else', ATTACKER)).toBe(15 * 60 + 1 - 30);
    expect(retryAfter('someone-else', VICTIM)).toBe(0);
    clock.now = 15 * 60_000 + 1_001;
    expect(retryAfter('someone-else', ATTACKER)).toBe(0);
  });

  it('counts attempts in flight against the address budget too', () => {
    const { throttle } = setup();
    const admissions = Array.from({ length: 30 }, (_, i) =>
      throttle.begin(`sprayed-${i}`, ATTACKER),
    );
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(20);
  });

  it('never lets successes refill the address budget', () => {
    const { fail, throttle, retryAfter } = setup();
    for (let i = 0; i < 19; i += 1) fail(`sprayed-${i}`, ATTACKER);
    const own = throttle.begin('own-account', ATTACKER);
    if (!own.ok) throw new Error('the budget is not spent yet');
    own.attempt.succeeded();
    fail('sprayed-19', ATTACKER);
    expect(retryAfter('victim', ATTACKER)).toBeGreaterThan(0);
  });

  it('stays bounded under sprayed names and addresses, and keeps the account under attack', () => {
    const { clock, fail, failTimes, retryAfter, throttle } = setup({ maxEntries: 1_000 });
    failTimes(5, 'victim', ATTACKER);
    for (let i = 0; i < 5_000; i += 1) fail(`sprayed-${i}`, `10.0.${i >> 8}.${i & 255}`);
    clock.now += 1_000;
    expect(fail('victim', ATTACKER).ok).toBe(true);
    for (let i = 0; i < 5_000; i += 1) fail(`sprayed-${i}`, `10.1.${i >> 8}.${i & 255}`);
    // Three tables (account and address, address, account), each bounded.
    expect(throttle.size()).toBeLessThanOrEqual(3 * 1_000);
    expect(retryAfter('victim', ATTACKER)).toBeGreaterThan(0);
  });
});

describe('clientKey', () => {
  it('reads IPv4-mapped addresses as IPv4 and groups IPv6 by its /64 network', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:0db8:0001:0002:bbbb:1:2:3'));
    expect(clientKey('2001:db8::1')).not.toBe(clientKey('2001:db8:0:1::1'));
    expect(clientKey('')).toBe('unknown');
  });
});
