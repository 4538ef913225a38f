import type { TreeActions } from './builder-store.ts';
import type { Path } from './filter-tree.ts';
import type { FilterNode } from './model.ts';
import { newGroup, withFreshIds } from './model.ts';

/** What a row can do within its group. */
export interface RowActions {
  /** Where the row stands, for labels: "2", or "3.1" inside the third element's group. */
  readonly number: string;
  readonly position: number;
  readonly count: number;
  readonly remove: () => void;
  readonly duplicate: () => void;
  readonly wrap: () => void;
  readonly move: (by: -1 | 1) => void;
}

/**
 * The actions of the row of `node` at `path`, one of `count` siblings. `leave` runs before an
 * action that takes the row from where the analyst is editing it (a chip's popover closes).
 */
export function rowActions({
  tree,
  node,
  path,
  count,
  number,
  leave,
}: {
  tree: TreeActions;
  node: FilterNode;
  path: Path;
  count: number;
  number: string;
  leave?: () => void;
}): RowActions {
  const position = path.at(-1) ?? 0;
  return {
    number,
    position,
    count,
    remove: () => {
      leave?.();
      tree.remove(path);
    },
    duplicate: () => {
      // The copy stands beside the original, so it needs ids of its own.
      tree.add(path.slice(0, -1), withFreshIds(node), position + 1);
    },
    wrap: () => {
      leave?.();
      tree.update(path, (current) => newGroup('$and', [current]));
    },
    move: (by) => {
      leave?.();
      tree.move(path, by < 0 ? 'up' : 'down');
    },
  };
}
