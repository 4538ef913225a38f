/**
 * Filter nodes and builder states without their ids. Ids name rows on screen and are made anew
 * on every read of a body, so two reads of one body compare equal only without them.
 */
import type { BuilderState, FilterNode } from '../src/features/builder/model.ts';

/** The node and all it holds without `id`. */
export function withoutIds(node: FilterNode): Record<string, unknown> {
  const rest = Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'id'));
  return node.type === 'group' ? { ...rest, children: node.children.map(withoutIds) } : rest;
}

/** The state with its filter's nodes without ids. */
export function stateWithoutIds(state: BuilderState): Record<string, unknown> {
  return { ...state, filter: state.filter?.map(withoutIds) };
}
