import { useMemo, useState, useSyncExternalStore } from 'react';
import { createBuilderStore } from './builder-store.ts';
import type { BuilderActions, BuilderSnapshot } from './builder-store.ts';
import type { BuilderState } from './model.ts';

/**
 * The query being built and what follows from it, shared by the builder, the chips, the JSON
 * panel, the summary and Run; and the actions that change it.
 */
export interface QueryBuilderModel extends BuilderSnapshot, BuilderActions {}

/** A query builder starting from `initial` (later states come through `load`). */
export function useQueryBuilder(initial: BuilderState): QueryBuilderModel {
  const [store] = useState(() => createBuilderStore(initial));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(() => ({ ...snapshot, ...store.actions }), [snapshot, store]);
}
