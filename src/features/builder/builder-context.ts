import { createContext, useContext } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { BuilderActions, BuilderSnapshot, OptionKey } from './builder-store.ts';
import type { BuilderState } from './model.ts';
import type { BuilderProblem } from './validation.ts';

/** What every row and option of the builder reads and edits. */
export interface BuilderContextValue {
  readonly module: ModuleId;
  readonly state: BuilderState;
  /** Problems by state path (`filter.0.children.1`, `filter.0.value`, `maxNum`, …). */
  readonly problems: ReadonlyMap<string, BuilderProblem>;
  /**
   * The vendor's service answers (upstream mode): it sorts by one key and knows none of the
   * embedded service's extensions.
   */
  readonly upstream: boolean;
  readonly setOption: BuilderActions['setOption'];
  readonly tree: BuilderActions['tree'];
  readonly focus: FocusRequest;
}

/**
 * Which row just added takes the focus (its field picker) once it is drawn: "Add" asks, the row
 * with that id focuses and says it is done. Kept out of the state: it changes nothing drawn.
 */
export interface FocusRequest {
  readonly ask: (id: string) => void;
  readonly isFor: (id: string) => boolean;
  readonly done: () => void;
}

/** A request nobody has made yet; one per builder on screen. */
export function createFocusRequest(): FocusRequest {
  let pending: string | undefined;
  return {
    ask: (id) => {
      pending = id;
    },
    isFor: (id) => pending === id,
    done: () => {
      pending = undefined;
    },
  };
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

/** The context's value for a builder's snapshot and actions. */
export function builderContextOf(
  builder: BuilderSnapshot & BuilderActions,
  upstream: boolean,
  focus: FocusRequest,
): BuilderContextValue {
  return {
    module: builder.state.module,
    state: builder.state,
    problems: builder.problemsByPath,
    upstream,
    setOption: builder.setOption,
    tree: builder.tree,
    focus,
  };
}

/** The builder's module, state, problems and edits; only inside `<QueryBuilder>`. */
export function useBuilderContext(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilderContext is used outside <QueryBuilder>');
  return value;
}

/** One output option: its value and how to set it (`undefined`: not sent). */
export function useOption<K extends OptionKey>(key: K) {
  const { state, setOption } = useBuilderContext();
  return {
    value: state[key],
    set: (value: BuilderState[K]) => {
      setOption(key, value);
    },
  };
}
