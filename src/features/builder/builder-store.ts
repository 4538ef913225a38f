/**
 * The builder's state, held outside React: each edit is a pure function of the state before it,
 * and the body and problems follow from the new state once, when it is made. Everything that
 * shows the query (rows, chips, summary, JSON, Run, curl) reads that one result, so an edit is
 * checked once, however many components show it and however often React renders them.
 */
import type { QueryRequestBody } from '#contract/request-body';
import { add, move, remove, update } from './filter-tree.ts';
import type { FilterList, Path } from './filter-tree.ts';
import type { BuilderState, FilterNode } from './model.ts';
import { builderProblems } from './validation.ts';
import type { BuilderProblem } from './validation.ts';
import { bodyFromState } from './wire.ts';

/** The state and what follows from it: the body it sends and what is wrong with it. */
export interface BuilderSnapshot {
  readonly state: BuilderState;
  readonly body: QueryRequestBody;
  readonly problems: readonly BuilderProblem[];
  /** The problems by where they are (`filter.0.children.1`, `filter.0.value`, `maxNum`, …). */
  readonly problemsByPath: ReadonlyMap<string, BuilderProblem>;
  /** The problems that keep the query from running. */
  readonly blocking: readonly BuilderProblem[];
}

/** The body and problems of a state. */
export function snapshotOf(state: BuilderState): BuilderSnapshot {
  const problems = builderProblems(state);
  return {
    state,
    body: bodyFromState(state),
    problems,
    problemsByPath: new Map(problems.map((problem) => [problem.path, problem])),
    blocking: problems.filter((problem) => problem.blocking),
  };
}

/** The output options: the flat settings of a query, each set as a whole. */
export type OptionKey = 'fields' | 'orderBy' | 'maxNum' | 'offset' | 'countOnly';

/** The filter tree's edits, by path (see filter-tree.ts). */
export interface TreeActions {
  /** Adds `node` to the group at `parent` (`[]`: the top level), at `index` or last. */
  readonly add: (parent: Path, node: FilterNode, index?: number) => void;
  readonly update: (path: Path, edit: (node: FilterNode) => FilterNode) => void;
  readonly remove: (path: Path) => void;
  readonly move: (from: Path, to: Path | 'up' | 'down') => void;
}

/** Every way the query changes. */
export interface BuilderActions {
  /** Replaces the whole query (a pasted body, a starter query, a link opened). */
  readonly load: (state: BuilderState) => void;
  readonly setOption: <K extends OptionKey>(key: K, value: BuilderState[K]) => void;
  readonly tree: TreeActions;
}

/** The builder's state for `useSyncExternalStore`, and the actions that change it. */
export interface BuilderStore {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => BuilderSnapshot;
  readonly actions: BuilderActions;
}

/** A store starting from `initial`. */
export function createBuilderStore(initial: BuilderState): BuilderStore {
  let snapshot = snapshotOf(initial);
  // A query opened without a filter keeps sending none while it holds no conditions, so that
  // adding a condition and removing it again sends the body as it was opened.
  let openedWithoutFilter = initial.filter === undefined;
  const listeners = new Set<() => void>();

  const commit = (state: BuilderState) => {
    if (state === snapshot.state) return;
    snapshot = snapshotOf(state);
    for (const listener of listeners) listener();
  };
  const editTree = (edit: (list: FilterList) => FilterList) => {
    const { state } = snapshot;
    const list = state.filter ?? [];
    const edited = edit(list);
    if (edited === list) return;
    commit({ ...state, filter: edited.length === 0 && openedWithoutFilter ? undefined : edited });
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    actions: {
      load: (state) => {
        openedWithoutFilter = state.filter === undefined;
        commit(state);
      },
      setOption: (key, value) => {
        if (Object.is(snapshot.state[key], value)) return;
        commit({ ...snapshot.state, [key]: value });
      },
      tree: {
        add: (parent, node, index) => {
          editTree((list) => add(list, node, parent, index));
        },
        update: (path, edit) => {
          editTree((list) => update(list, path, edit));
        },
        remove: (path) => {
          editTree((list) => remove(list, path));
        },
        move: (from, to) => {
          editTree((list) => move(list, from, to));
        },
      },
    },
  };
}
