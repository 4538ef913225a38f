/**
 * What the stores kept per user name in `localStorage` share (saved queries, follows): hearing
 * every change that can alter what they read, and saying why a write was refused.
 */

/** Who is signed in: the app's token session fits (`current?.username`, `subscribe`). */
export interface StorageUser {
  readonly current: { readonly username: string } | undefined;
  subscribe(listener: () => void): () => void;
}

export type StorageEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Calls `listener` on every change a per-user store must re-read after: a write of this tab (the
 * store adds `listener` to `own`), another tab's write under `keyPrefix`, a cleared storage, or
 * another sign-in. Returns the unsubscribe function.
 */
export function listenToUserStorage(
  keyPrefix: string,
  user: StorageUser,
  events: StorageEvents | undefined,
  own: Set<() => void>,
  listener: () => void,
): () => void {
  own.add(listener);
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared all of storage.
    if (event.key === null || event.key.startsWith(keyPrefix)) listener();
  };
  events?.addEventListener('storage', onStorage);
  const stopUser = user.subscribe(listener);
  return () => {
    own.delete(listener);
    events?.removeEventListener('storage', onStorage);
    stopUser();
  };
}

/**
 * The sentence for a write the browser refused: a full storage (then `whenFull`, what to free,
 * follows), or none allowed at all.
 */
export function storageRefusal(error: unknown, whenFull = ''): string {
  const full = error instanceof DOMException && error.name === 'QuotaExceededError';
  return full
    ? `The browser's storage for this site is full, so the change was not saved.${whenFull && ` ${whenFull}`}`
    : 'This browser does not let the dashboard store data (private mode or a site setting), so the change was not saved.';
}
