import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

function setup() {
  const clock = { now: 0 };
  const throttle = new LoginThrottle(() => clock.now);
  const failTimes = (username: string, count: number) => {
    for (let i = 0; i < count; i += 1) throttle.recordFailure(username);
  };
  return { clock, throttle, failTimes };
}

describe('LoginThrottle', () => {
  it('allows five failures and then asks to wait until the oldest leaves the window', () => {
    const { clock, throttle, failTimes } = setup();
    failTimes('Analyst', 4);
    expect(throttle.retryAfterSeconds('analyst')).toBe(0);
    clock.now = 60_000;
    failTimes('analyst', 1);
    // The window runs from the oldest counted failure, four of them at 0 s.
    expect(throttle.retryAfterSeconds('ANALYST')).toBe(15 * 60 - 60);
    clock.now = 15 * 60_000 + 1;
    expect(throttle.retryAfterSeconds('analyst')).toBe(0);
  });

  it('forgets failures after a successful login', () => {
    const { throttle, failTimes } = setup();
    failTimes('analyst', 4);
    throttle.recordSuccess('analyst');
    failTimes('analyst', 4);
    expect(throttle.retryAfterSeconds('analyst')).toBe(0);
  });

  it('never forgets an account under attack while sweeping sprayed user names', () => {
    const { clock, throttle, failTimes } = setup();
    failTimes('stale', 5);
    clock.now = 16 * 60_000;
    failTimes('victim', 5);
    for (let i = 0; i < 10_001; i += 1) throttle.recordFailure(`sprayed-${i}`);
    expect(throttle.retryAfterSeconds('victim')).toBe(15 * 60);
    expect(throttle.retryAfterSeconds('stale')).toBe(0);
  });
});
