import { useSyncExternalStore } from 'react';
import { moduleAccess } from './services.ts';

/** The modules the service refused this session (403), for marking them unavailable. */
export function useRefusedModules(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => moduleAccess.subscribe(listener),
    () => moduleAccess.refused,
  );
}
