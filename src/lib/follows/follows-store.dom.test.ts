import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSession } from '../session/token-session.ts';
import { FollowsStore, MAX_FOLLOWS, followsKey } from './follows-store.ts';
import type { Follow, FollowsStoreOptions } from './follows-store.ts';

const BERKSHIRE = {
  kind: 'filer',
  key: 'BERKSHIRE HATHAWAY INC',
  label: 'BERKSHIRE HATHAWAY INC',
} as const;
const APPLE = { kind: 'security', key: '037833100', label: 'Apple Inc (AAPL)' } as const;

/** A store over a real token session, signed in as `username` (null: signed out). */
function setup(username: string | null = 'analyst', options: FollowsStoreOptions = {}) {
  const session = new TokenSession(() => Promise.reject(new Error('no refresh')), {
    storage: window.sessionStorage,
  });
  if (username !== null) {
    session.signIn({ access_token: 'access-SECRET', expires_in: 3600 }, username);
  }
  const store = new FollowsStore(session, {
    now: () => new Date('2026-11-29T08:00:00Z'),
    ...options,
  });
  const keys = () => store.getSnapshot().follows.map((follow) => follow.key);
  return { session, store, keys };
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('FollowsStore', () => {
  it('follows and unfollows per user, storing names and keys but no token', () => {
    const { store, keys, session } = setup();
    expect(store.toggle(BERKSHIRE).ok).toBe(true);
    expect(store.toggle(APPLE).ok).toBe(true);
    expect(keys()).toEqual(['BERKSHIRE HATHAWAY INC', '037833100']);
    expect(store.isFollowed('security', '037833100')).toBe(true);
    expect(store.getSnapshot().follows[0]?.since).toBe('2026-11-29T08:00:00.000Z');
    const raw = window.localStorage.getItem(followsKey('analyst')) ?? '';
    expect(raw).not.toMatch(/SECRET|token/i);

    expect(store.toggle(BERKSHIRE).ok).toBe(true);
    expect(keys()).toEqual(['037833100']);

    session.signOut();
    session.signIn({ access_token: 'other', expires_in: 3600 }, 'crm-viewer');
    expect(keys()).toEqual([]);
  });

  it('keeps the snapshot until storage changes, and tells subscribers of writes', () => {
    const { store } = setup();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.toggle(APPLE);
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).not.toBe(before);
    stop();
  });

  it("hears another tab's change through the storage event", () => {
    const { store } = setup();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: followsKey('analyst') }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads damaged storage as nothing followed, and keeps the good entries of a mixed list', () => {
    window.localStorage.setItem(followsKey('analyst'), '{not json');
    const { keys } = setup();
    expect(keys()).toEqual([]);
    const good: Follow = { ...APPLE, since: '2026-01-01T00:00:00.000Z' };
    window.localStorage.setItem(
      followsKey('analyst'),
      JSON.stringify([{ kind: 'planet', key: 'x' }, good, good]),
    );
    expect(keys()).toEqual(['037833100']);
  });

  it('says why when storage refuses, and refuses when signed out', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const { store } = setup('analyst', { storage: () => full });
    const refused = store.toggle(APPLE);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/full/);
    // A new session reads the tab's sign-in back from session storage: start from none.
    window.sessionStorage.clear();
    expect(setup(null).store.toggle(APPLE)).toEqual({ ok: false, message: 'Sign in to follow.' });
  });

  it('merges imported follows without duplicates, and bounds the list', () => {
    const { store, keys } = setup();
    store.toggle(APPLE);
    const imported: Follow[] = [
      { ...APPLE, since: '2025-01-01T00:00:00.000Z' },
      { ...BERKSHIRE, since: '2025-01-01T00:00:00.000Z' },
    ];
    expect(store.merge(imported)).toEqual({ ok: true, added: 1, already: 1, full: 0 });
    expect(keys()).toEqual(['037833100', 'BERKSHIRE HATHAWAY INC']);
    const many = Array.from({ length: MAX_FOLLOWS }, (_, at) => ({
      kind: 'security' as const,
      key: `C${String(at)}`,
      label: '',
      since: '2025-01-01T00:00:00.000Z',
    }));
    // Two were followed: 498 of the 500 fit, and the merge says 2 did not.
    expect(store.merge(many)).toEqual({ ok: true, added: MAX_FOLLOWS - 2, already: 0, full: 2 });
    expect(keys()).toHaveLength(MAX_FOLLOWS);
    expect(store.toggle({ kind: 'account', key: 'x', label: 'x' }).ok).toBe(false);
  });
});
