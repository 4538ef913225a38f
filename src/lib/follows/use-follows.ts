import { useSyncExternalStore } from 'react';
import { session } from '../api/services.ts';
import { FollowsStore } from './follows-store.ts';
import type { Follow, FollowKind } from './follows-store.ts';

/** The app's follows: the signed-in analyst's, in this browser's `localStorage`. */
export const follows = new FollowsStore(session);

/** The signed-in analyst's follows, kept current across this tab's and other tabs' changes. */
export function useFollows(): readonly Follow[] {
  return useSyncExternalStore(follows.subscribe, follows.getSnapshot).follows;
}

/** The followed keys of one kind (filer names, account IDs or CUSIPs), in the order followed. */
export function useFollowedKeys(kind: FollowKind): readonly string[] {
  return useFollows()
    .filter((follow) => follow.kind === kind)
    .map((follow) => follow.key);
}
