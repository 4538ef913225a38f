import { createContext, useContext } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { BuilderProblem } from './validation.ts';

/** What every row of the builder needs besides the form: the module and the live problems. */
export interface BuilderContextValue {
  readonly module: ModuleId;
  /** Problems by state path (`filter.0.children.1`, `filter.0.value`, `maxNum`, …). */
  readonly problems: ReadonlyMap<string, BuilderProblem>;
  /** The vendor's service sorts by one key (upstream mode); the embedded one by several. */
  readonly singleSortKey: boolean;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

/** The builder's module and problems; only inside `<QueryBuilder>`. */
export function useBuilderContext(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilderContext is used outside <QueryBuilder>');
  return value;
}
