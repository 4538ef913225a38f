import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MARGIN_MS, TokenSession } from './token-session.ts';
import type { TokenSessionOptions } from './token-session.ts';

const answer = {
  access_token: 'access-1',
  expires_in: 3600,
  refresh_token: 'refresh-1',
  refresh_expires_in: 18000,
};

function setup(
  refresh = vi.fn(() =>
    Promise.resolve({ ...answer, access_token: 'access-2', refresh_token: 'refresh-2' }),
  ),
  options: TokenSessionOptions = {},
) {
  const clock = { now: 1_000_000 };
  const session = new TokenSession(refresh, {
    storage: window.sessionStorage,
    now: () => clock.now,
    ...options,
  });
  return { session, clock, refresh };
}

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('TokenSession', () => {
  it('keeps the session across a reload in the same tab, and never in localStorage', () => {
    setup().session.signIn(answer, 'analyst');
    const reloaded = setup().session;
    expect(reloaded.current).toMatchObject({ accessToken: 'access-1', username: 'analyst' });
    const everyLocalValue = Object.keys(window.localStorage).map((key) =>
      window.localStorage.getItem(key),
    );
    expect(everyLocalValue.join()).not.toContain('access-1');
  });

  it('ignores a stored session it cannot read', () => {
    window.sessionStorage.setItem('marketplace.session', '{"accessToken":"x"}');
    expect(setup().session.current).toBeUndefined();
  });

  it('forgets every token on sign out', () => {
    const { session } = setup();
    session.signIn(answer, 'analyst');
    session.signOut();
    expect(session.current).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('hands out the current token until it is about to expire, then refreshes once', async () => {
    const { session, clock, refresh } = setup();
    session.signIn(answer, 'analyst');
    await expect(session.validAccessToken()).resolves.toBe('access-1');
    clock.now += 3600_000 - REFRESH_MARGIN_MS + 1;
    const tokens = await Promise.all([
      session.validAccessToken(),
      session.validAccessToken(),
      session.validAccessToken(),
    ]);
    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('refresh-1');
  });

  it('refreshes a short-lived token a quarter of its life before expiry, not a minute', async () => {
    const { session, clock, refresh } = setup();
    session.signIn({ ...answer, expires_in: 40 }, 'analyst');
    clock.now += 29_000;
    await expect(session.validAccessToken()).resolves.toBe('access-1');
    clock.now += 2_000;
    await expect(session.validAccessToken()).resolves.toBe('access-2');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('sends the old token when the refresh is refused, so the server decides', async () => {
    const { session, clock } = setup(vi.fn(() => Promise.reject(new Error('invalid_grant'))));
    session.signIn(answer, 'analyst');
    clock.now += 3600_000;
    await expect(session.validAccessToken()).resolves.toBe('access-1');
  });

  it('does not try a refresh token that has itself expired', async () => {
    const { session, clock, refresh } = setup();
    session.signIn(answer, 'analyst');
    clock.now += 18000_000;
    expect(session.canRefresh()).toBe(false);
    await session.validAccessToken();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes on its own shortly before expiry when idle, and stops after sign out', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const refresh = vi.fn(() =>
      Promise.resolve({ ...answer, access_token: 'access-2', refresh_token: 'refresh-2' }),
    );
    const { session } = setup(refresh, { autoRefresh: true, now: () => Date.now() });
    session.signIn(answer, 'analyst');
    await vi.advanceTimersByTimeAsync(3600_000 - REFRESH_MARGIN_MS - 1_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.current?.accessToken).toBe('access-2');

    session.signOut();
    await vi.advanceTimersByTimeAsync(4 * 3600_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('lets a sign-out made during a refresh win over the refresh answer', async () => {
    let answerRefresh: (value: typeof answer) => void = () => undefined;
    const { session, clock } = setup(
      vi.fn(
        () =>
          new Promise<typeof answer>((resolve) => {
            answerRefresh = resolve;
          }),
      ),
    );
    session.signIn(answer, 'analyst');
    clock.now += 3600_000;
    const refreshing = session.refreshOnce();
    session.signOut();
    answerRefresh({ ...answer, access_token: 'late' });
    await refreshing;
    expect(session.current).toBeUndefined();
  });
});
