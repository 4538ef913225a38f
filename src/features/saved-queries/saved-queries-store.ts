/**
 * The saved queries of the signed-in analyst, kept in `localStorage` under a key of their user
 * name (a name, not a credential), shared live between tabs through the `storage` event. Reading
 * never throws (missing or damaged storage reads as an empty list, flagged); writing reports a
 * full or forbidden storage instead of throwing.
 */
import { z } from 'zod/mini';
import { listenToUserStorage, storageRefusal } from '../../lib/storage/user-storage.ts';
import type { StorageUser } from '../../lib/storage/user-storage.ts';
import { savedQuerySchema } from './saved-queries.ts';
import type { Change, SavedQuery } from './saved-queries.ts';

/** The `localStorage` key of `username`'s saved queries. */
export function savedQueriesKey(username: string): string {
  return `marketplace.savedQueries.v1:${username}`;
}

/**
 * Where stored text that could not be read is set aside, untouched, before the list is next
 * written: a damaged entry (a newer version's, or a hand edit) must not be lost by saving.
 */
export function unreadableBackupKey(username: string): string {
  return `${savedQueriesKey(username)}:unreadable`;
}

/** What the store holds for the signed-in analyst. */
export interface SavedQueriesSnapshot {
  /** Undefined when signed out: nothing can be read or saved then. */
  readonly username: string | undefined;
  readonly queries: readonly SavedQuery[];
  /** Storage held something under the key that could not be read (all or part of it). */
  readonly unreadable: boolean;
}

export interface SavedQueriesStoreOptions {
  /** Where the list lives; read lazily, as touching `localStorage` can throw when disabled. */
  readonly storage?: () => Storage;
  /** What fires `storage` events (other tabs' writes). */
  readonly events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

const storedListSchema = z.array(z.unknown());

const WHEN_FULL = 'Delete or export some saved queries, then try again.';

const SIGNED_OUT: SavedQueriesSnapshot = { username: undefined, queries: [], unreadable: false };

/** Parses what storage holds; entries that fail the schema are dropped and flagged. */
function parseStored(username: string, raw: string | null): SavedQueriesSnapshot {
  if (raw === null) return { username, queries: [], unreadable: false };
  try {
    const list = storedListSchema.safeParse(JSON.parse(raw));
    if (!list.success) return { username, queries: [], unreadable: true };
    const queries: SavedQuery[] = [];
    for (const entry of list.data) {
      const checked = savedQuerySchema.safeParse(entry);
      if (checked.success) queries.push(checked.data);
    }
    return { username, queries, unreadable: queries.length !== list.data.length };
  } catch {
    return { username, queries: [], unreadable: true };
  }
}

/**
 * An external store (for `useSyncExternalStore`) over the signed-in analyst's saved queries.
 * The snapshot is re-read from storage each time and kept while the stored text is unchanged,
 * so another tab's write shows without any bookkeeping here.
 */
export class SavedQueriesStore {
  /** `raw` undefined: storage could not be read at all. */
  private cached:
    { key: string; raw: string | null | undefined; snapshot: SavedQueriesSnapshot } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly storage: () => Storage;
  private readonly events: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;

  constructor(
    private readonly user: StorageUser,
    options: SavedQueriesStoreOptions = {},
  ) {
    this.storage = options.storage ?? (() => globalThis.localStorage);
    this.events = options.events ?? (typeof window === 'undefined' ? undefined : window);
  }

  /** The signed-in analyst's saved queries; the same object until something changes. */
  getSnapshot = (): SavedQueriesSnapshot => {
    const username = this.user.current?.username;
    if (username === undefined) return SIGNED_OUT;
    const key = savedQueriesKey(username);
    let raw: string | null;
    try {
      raw = this.storage().getItem(key);
    } catch {
      // Storage disabled by the browser's settings: nothing can be read.
      return this.remember(key, undefined, () => ({ username, queries: [], unreadable: true }));
    }
    return this.remember(key, raw, () => parseStored(username, raw));
  };

  /** Calls `listener` on any change: this tab's writes, other tabs', or another sign-in. */
  subscribe = (listener: () => void): (() => void) =>
    listenToUserStorage(savedQueriesKey(''), this.user, this.events, this.listeners, listener);

  /**
   * Applies `change` to the current list and stores the result. Refused when signed out, or
   * when the change answers with a message (an invalid name, a clash); a full or forbidden
   * storage is reported, the stored list then unchanged.
   */
  update(change: (queries: readonly SavedQuery[]) => Change | readonly SavedQuery[]): Change {
    const snapshot = this.getSnapshot();
    if (snapshot.username === undefined) {
      return { ok: false, message: 'Sign in to keep saved queries.' };
    }
    const outcome = change(snapshot.queries);
    const result: Change = 'ok' in outcome ? outcome : { ok: true, next: outcome };
    if (!result.ok) return result;
    try {
      const key = savedQueriesKey(snapshot.username);
      const storage = this.storage();
      const raw = storage.getItem(key);
      const backup = unreadableBackupKey(snapshot.username);
      if (snapshot.unreadable && raw !== null && storage.getItem(backup) === null) {
        storage.setItem(backup, raw);
      }
      storage.setItem(key, JSON.stringify(result.next));
    } catch (error) {
      return { ok: false, message: storageRefusal(error, WHEN_FULL) };
    }
    this.notify();
    return result;
  }

  private remember(
    key: string,
    raw: string | null | undefined,
    read: () => SavedQueriesSnapshot,
  ): SavedQueriesSnapshot {
    // Keep the object when nothing differs, as `useSyncExternalStore` compares by identity.
    if (this.cached?.key === key && this.cached.raw === raw) return this.cached.snapshot;
    const snapshot = read();
    this.cached = { key, raw, snapshot };
    return snapshot;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
