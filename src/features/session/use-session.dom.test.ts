import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { moduleAccess, session } from '../../lib/api/services.ts';
import { useSession } from './use-session.ts';

const LOGOUT = '/index.php/api/oauth2/logout';

function signedIn(logout: FakeAnswer) {
  session.signIn(
    {
      access_token: 'access-abc',
      expires_in: 3600,
      refresh_token: 'refresh-xyz',
      refresh_expires_in: 18000,
    },
    'analyst',
  );
  moduleAccess.markUnavailable('13f_holdings');
  const fake = fakeFetch({ [LOGOUT]: logout });
  vi.stubGlobal('fetch', fake.fetch);
  const { result } = renderHook(() => useSession());
  return { fake, result };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('useSession: sign out', () => {
  it('asks the service to revoke the tokens, sent in the header and body, never the URL', async () => {
    const { fake, result } = signedIn(() => jsonResponse(200, { success: true }));
    act(() => {
      result.current.signOut();
    });
    await vi.waitFor(() => {
      expect(fake.calls).toHaveLength(1);
    });
    const [call] = fake.calls;
    expect(call?.url).toBe(LOGOUT);
    expect(call?.headers['oauth-token']).toBe('access-abc');
    expect(JSON.parse(call?.body ?? '')).toEqual({ refresh_token: 'refresh-xyz' });
  });

  it.each([
    ['fails', () => new TypeError('Failed to fetch')],
    ['never answers', () => new Promise<Response>(() => undefined)],
    ['is refused', () => jsonResponse(401, { error: 'invalid_token', error_message: 'x' })],
  ] as const)('clears the tab at once even when the call %s', async (_case, answer) => {
    const { fake, result } = signedIn(answer);
    act(() => {
      result.current.signOut();
    });
    // Cleared synchronously, before the network has said anything.
    expect(result.current.tokens).toBeUndefined();
    expect(session.current).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
    expect(moduleAccess.refused.size).toBe(0);
    const local = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));
    expect(local.join('\n')).not.toContain('access-abc');
    await vi.waitFor(() => {
      expect(fake.calls).toHaveLength(1);
    });
  });
});
