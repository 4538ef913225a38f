import { afterEach, describe, expect, it, vi } from 'vitest';
import { addQuery, renameQuery } from './saved-queries.ts';
import { SavedQueriesStore, savedQueriesKey, unreadableBackupKey } from './saved-queries-store.ts';
import type { SavedQueriesStoreOptions } from './saved-queries-store.ts';
import { TokenSession } from '../../lib/session/token-session.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';

const STATE: WorkspaceLink = {
  v: 1,
  module: 'updates',
  body: { module: 'updates', filters: { max_num: '5' } },
};

/** A store over a real token session, signed in as `username` (null: signed out). */
function setup(username: string | null = 'analyst', options: SavedQueriesStoreOptions = {}) {
  const session = new TokenSession(() => Promise.reject(new Error('no refresh')), {
    storage: window.sessionStorage,
  });
  if (username !== null) {
    session.signIn(
      { access_token: 'access-SECRET', refresh_token: 'refresh-SECRET', expires_in: 3600 },
      username,
    );
  }
  const store = new SavedQueriesStore(session, options);
  const save = (name: string) => store.update((list) => addQuery(list, { name, state: STATE }));
  const names = () => store.getSnapshot().queries.map((query) => query.name);
  return { session, store, save, names };
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('SavedQueriesStore', () => {
  it('keeps queries per user, and stores only query state: no token, no password', () => {
    const { save, names, session } = setup();
    expect(save('Mine').ok).toBe(true);
    expect(names()).toEqual(['Mine']);
    const raw = window.localStorage.getItem(savedQueriesKey('analyst')) ?? '';
    const [stored] = JSON.parse(raw) as Record<string, unknown>[];
    expect(Object.keys(stored ?? {})).toEqual(['id', 'name', 'savedAt', 'state']);
    expect(stored).toMatchObject({ name: 'Mine', state: STATE });
    const everything = Object.keys(window.localStorage)
      .map((key) => `${key}=${window.localStorage.getItem(key) ?? ''}`)
      .join('\n');
    expect(everything).not.toMatch(/SECRET|token|password|analyst-demo/i);

    session.signOut();
    session.signIn({ access_token: 'other', expires_in: 3600 }, 'crm-viewer');
    expect(names()).toEqual([]);
  });

  it('returns the same snapshot until storage changes, and tells subscribers of its writes', () => {
    const { store, save } = setup();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    save('One');
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).not.toBe(before);
    stop();
  });

  it("shows another tab's change on its storage event", () => {
    const { store, names } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    const key = savedQueriesKey('analyst');
    const other = setup();
    other.save('From the other tab');
    window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(names()).toEqual(['From the other tab']);
    window.dispatchEvent(new StorageEvent('storage', { key: 'marketplace.unrelated' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads damaged storage as an empty list, flagged, and keeps the entries it can read', () => {
    const key = savedQueriesKey('analyst');
    window.localStorage.setItem(key, '{not json');
    expect(setup().store.getSnapshot()).toEqual({
      username: 'analyst',
      queries: [],
      unreadable: true,
    });
    const good = { id: 'a', name: 'Good', savedAt: '2025-01-01T00:00:00.000Z', state: STATE };
    window.localStorage.setItem(key, JSON.stringify([good, { id: 'b' }]));
    expect(setup().store.getSnapshot()).toMatchObject({ queries: [good], unreadable: true });
  });

  it('sets unreadable text aside, untouched, before writing the list again', () => {
    const key = savedQueriesKey('analyst');
    const good = { id: 'a', name: 'Good', savedAt: '2025-01-01T00:00:00.000Z', state: STATE };
    const damaged = JSON.stringify([good, { id: 'b', from: 'a newer version' }]);
    window.localStorage.setItem(key, damaged);
    const { save, names } = setup();
    expect(save('New').ok).toBe(true);
    expect(names()).toEqual(['Good', 'New']);
    expect(window.localStorage.getItem(unreadableBackupKey('analyst'))).toBe(damaged);
    // A second damaged write does not replace the first copy set aside.
    window.localStorage.setItem(key, '{not json');
    expect(save('Again').ok).toBe(true);
    expect(window.localStorage.getItem(unreadableBackupKey('analyst'))).toBe(damaged);
  });

  it('passes a refused change on, and stores nothing', () => {
    const { store, save } = setup();
    save('One');
    const before = window.localStorage.getItem(savedQueriesKey('analyst'));
    const [first] = store.getSnapshot().queries;
    const result = store.update((list) => renameQuery(list, first?.id ?? '', ' '));
    expect(result).toEqual({ ok: false, message: 'A name is needed.', field: 'name' });
    expect(window.localStorage.getItem(savedQueriesKey('analyst'))).toBe(before);
  });

  it('refuses to save when signed out', () => {
    const { save, names } = setup(null);
    expect(save('Nobody')).toEqual({ ok: false, message: 'Sign in to keep saved queries.' });
    expect(names()).toEqual([]);
  });

  it('reports a full storage instead of throwing, the list unchanged', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const { save, names } = setup('analyst', { storage: () => full });
    const result = save('Too much');
    expect(!result.ok && result.message).toMatch(/^The browser's storage for this site is full/);
    expect(names()).toEqual([]);
  });

  it('reports storage the browser forbids, reading and writing', () => {
    const forbidden = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const { store, save } = setup('analyst', { storage: forbidden });
    expect(store.getSnapshot()).toMatchObject({ queries: [], unreadable: true });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    const result = save('Blocked');
    expect(!result.ok && result.message).toContain('does not let the dashboard store data');
  });
});
