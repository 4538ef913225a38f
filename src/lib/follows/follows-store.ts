/**
 * What the signed-in analyst follows: filers, accounts and securities, starred wherever they
 * appear. Kept in `localStorage` under a key of the user name (a name, never a credential), so
 * another analyst on the same browser has a list of their own, and shared live between tabs
 * through the `storage` event. Reading never throws (missing, damaged or forbidden storage reads
 * as nothing followed); writing reports a full or forbidden storage instead of throwing.
 */
import { z } from 'zod/mini';
import { listenToUserStorage, storageRefusal } from '../storage/user-storage.ts';
import type { StorageEvents, StorageUser } from '../storage/user-storage.ts';

/** What can be followed, and what identifies each: the filer's name as filed, the account's ID, the CUSIP. */
const FOLLOW_KINDS = ['filer', 'account', 'security'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

const MAX_KEY = 200;
const MAX_LABEL = 300;
/** Far beyond any analyst's list; a bound so a hand-edited entry cannot grow without end. */
export const MAX_FOLLOWS = 500;

export const followSchema = z.object({
  kind: z.enum(FOLLOW_KINDS),
  /** Filer: its name as it files (what the 13F views key managers by); account: ID; security: CUSIP. */
  key: z.string().check(z.minLength(1), z.maxLength(MAX_KEY)),
  /** What the analyst reads: "BERKSHIRE HATHAWAY INC", "Apple Inc (AAPL)". */
  label: z.string().check(z.maxLength(MAX_LABEL)),
  /** When it was followed (ISO instant). */
  since: z.iso.datetime(),
  /**
   * A filer's CRM account ID, where the star knew it (a 13F row or search result carrying it),
   * so the home feed need not look it up; absent in older entries and elsewhere.
   */
  accountId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_KEY))),
});
export type Follow = z.infer<typeof followSchema>;

/** The list as exported and imported: checked entry by entry, so one bad entry spoils none. */
const followListSchema = z.array(z.unknown());

/** The `localStorage` key of `username`'s follows. */
export function followsKey(username: string): string {
  return `marketplace.follows.v1:${username}`;
}

export interface FollowsSnapshot {
  /** Undefined when signed out: nothing can be followed then. */
  readonly username: string | undefined;
  readonly follows: readonly Follow[];
}

export interface FollowsStoreOptions {
  /** Where the list lives; read lazily, as touching `localStorage` can throw when disabled. */
  readonly storage?: () => Storage;
  /** What fires `storage` events (other tabs' writes). */
  readonly events?: StorageEvents;
  readonly now?: () => Date;
}

/** Whether a change was stored; when not, the sentence to show. */
export type FollowChange = { readonly ok: true } | { readonly ok: false; readonly message: string };

const SIGNED_OUT: FollowsSnapshot = { username: undefined, follows: [] };

/**
 * Entries of `list` that pass the schema, duplicates (same kind and key) after the first dropped,
 * at most `most` of them.
 */
export function readFollows(list: readonly unknown[], most = MAX_FOLLOWS): Follow[] {
  const kept: Follow[] = [];
  for (const entry of list) {
    const checked = followSchema.safeParse(entry);
    if (checked.success && !kept.some((follow) => sameTarget(follow, checked.data))) {
      kept.push(checked.data);
    }
  }
  return kept.slice(0, most);
}

function sameTarget(a: Pick<Follow, 'kind' | 'key'>, b: Pick<Follow, 'kind' | 'key'>): boolean {
  return a.kind === b.kind && a.key === b.key;
}

function parseStored(raw: string | null): Follow[] {
  if (raw === null) return [];
  try {
    const list = followListSchema.safeParse(JSON.parse(raw));
    return list.success ? readFollows(list.data) : [];
  } catch {
    return [];
  }
}

/** An external store (for `useSyncExternalStore`) over the signed-in analyst's follows. */
export class FollowsStore {
  private cached: { key: string; raw: string | null; snapshot: FollowsSnapshot } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly storage: () => Storage;
  private readonly events: StorageEvents | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly user: StorageUser,
    options: FollowsStoreOptions = {},
  ) {
    this.storage = options.storage ?? (() => globalThis.localStorage);
    this.events = options.events ?? (typeof window === 'undefined' ? undefined : window);
    this.now = options.now ?? (() => new Date());
  }

  /** The signed-in analyst's follows; the same object until something changes. */
  getSnapshot = (): FollowsSnapshot => {
    const username = this.user.current?.username;
    if (username === undefined) return SIGNED_OUT;
    const key = followsKey(username);
    let raw: string | null;
    try {
      raw = this.storage().getItem(key);
    } catch {
      raw = null;
    }
    if (this.cached?.key !== key || this.cached.raw !== raw) {
      this.cached = { key, raw, snapshot: { username, follows: parseStored(raw) } };
    }
    return this.cached.snapshot;
  };

  /** Calls `listener` on any change: this tab's writes, other tabs', or another sign-in. */
  subscribe = (listener: () => void): (() => void) =>
    listenToUserStorage(followsKey(''), this.user, this.events, this.listeners, listener);

  /** Whether `kind`/`key` is followed. */
  isFollowed(kind: FollowKind, key: string): boolean {
    return this.getSnapshot().follows.some((follow) => sameTarget(follow, { kind, key }));
  }

  /** Follows `target`, or stops following it when it is followed. */
  toggle(target: Pick<Follow, 'kind' | 'key' | 'label' | 'accountId'>): FollowChange {
    const { follows } = this.getSnapshot();
    if (follows.some((follow) => sameTarget(follow, target))) {
      return this.write(follows.filter((follow) => !sameTarget(follow, target)));
    }
    if (follows.length >= MAX_FOLLOWS) {
      return {
        ok: false,
        message: `You follow ${String(MAX_FOLLOWS)} already: stop following some first.`,
      };
    }
    const since = this.now().toISOString();
    return this.write([...follows, { ...target, since }]);
  }

  /**
   * Adds imported follows to the list (those already followed are kept as they are): how many
   * were added, how many were followed already, and how many did not fit the list's bound.
   */
  merge(
    imported: readonly Follow[],
  ): FollowChange & { readonly added?: number; readonly already?: number; readonly full?: number } {
    const { follows } = this.getSnapshot();
    const fresh = readFollows(imported, Infinity);
    const already = fresh.filter((follow) => follows.some((kept) => sameTarget(kept, follow)));
    const next = readFollows([...follows, ...fresh]);
    const result = this.write(next);
    if (!result.ok) return result;
    const added = next.length - follows.length;
    return {
      ok: true,
      added,
      already: already.length,
      full: fresh.length - already.length - added,
    };
  }

  private write(next: readonly Follow[]): FollowChange {
    const username = this.user.current?.username;
    if (username === undefined) return { ok: false, message: 'Sign in to follow.' };
    try {
      this.storage().setItem(followsKey(username), JSON.stringify(next));
    } catch (error) {
      return { ok: false, message: storageRefusal(error) };
    }
    for (const listener of this.listeners) listener();
    return { ok: true };
  }
}
