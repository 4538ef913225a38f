import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MARGIN_MS, TokenSession } from './token-session.ts';

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
) {
  const clock = { now: 1_000_000 };
  const session = new TokenSession(refresh, window.sessionStorage, () => clock.now);
  return { session, clock, refresh };
}

afterEach(() => {
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

  it('gives no token when the server refuses the refresh, so the caller asks to sign in', async () => {
    const { session, clock } = setup(vi.fn(() => Promise.reject(new Error('invalid_grant'))));
    session.signIn(answer, 'analyst');
    clock.now += 3600_000;
    await expect(session.validAccessToken()).resolves.toBeUndefined();
  });

  it('does not try a refresh token that has itself expired', async () => {
    const { session, clock, refresh } = setup();
    session.signIn(answer, 'analyst');
    clock.now += 18000_000;
    await expect(session.validAccessToken()).resolves.toBeUndefined();
    expect(refresh).not.toHaveBeenCalled();
  });
});
