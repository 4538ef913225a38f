import { useSyncExternalStore } from 'react';
import { SavedQueriesStore } from './saved-queries-store.ts';
import type { SavedQueriesSnapshot } from './saved-queries-store.ts';
import { session } from '../../lib/api/services.ts';

/** The app's saved queries: the signed-in analyst's, in this browser's `localStorage`. */
export const savedQueries = new SavedQueriesStore(session);

/** The signed-in analyst's saved queries, kept current across this tab's and other tabs' changes. */
export function useSavedQueries(): SavedQueriesSnapshot {
  return useSyncExternalStore(savedQueries.subscribe, savedQueries.getSnapshot);
}
