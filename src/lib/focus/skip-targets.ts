/**
 * The places the skip links can go to on the current page (the result's heading, its charts):
 * each registers while it is drawn, so the layout offers only the links that lead somewhere.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const SKIP_TARGETS = {
  results: 'results-heading',
  charts: 'result-charts',
} as const;

export type SkipTarget = keyof typeof SKIP_TARGETS;

const present = new Map<SkipTarget, number>();
const listeners = new Set<() => void>();
let snapshot = '';

function changed() {
  snapshot = [...present.keys()].sort().join(' ');
  for (const listener of listeners) listener();
}

/** Marks `target` as on the page while the calling component is mounted. */
export function useSkipTarget(target: SkipTarget): void {
  useEffect(() => {
    present.set(target, (present.get(target) ?? 0) + 1);
    changed();
    return () => {
      const left = (present.get(target) ?? 1) - 1;
      if (left === 0) present.delete(target);
      else present.set(target, left);
      changed();
    };
  }, [target]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The skip targets on the page now. */
export function useSkipTargets(): readonly SkipTarget[] {
  const names = useSyncExternalStore(subscribe, () => snapshot);
  return names === '' ? [] : (names.split(' ') as SkipTarget[]);
}
