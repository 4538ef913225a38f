import { describe, expect, it } from 'vitest';
import { createBuilderStore, snapshotOf } from './builder-store.ts';
import { newCondition } from './model.ts';
import type { BuilderState } from './model.ts';
import { builderProblems } from './validation.ts';
import { bodyFromState, stateFromBody } from './wire.ts';

function stateOf(body: unknown): BuilderState {
  const read = stateFromBody(body);
  if (!read.ok) throw new Error(read.message);
  return read.state;
}

/** A store and how many times it has told its listeners of a change. */
function storeOf(body: unknown) {
  const store = createBuilderStore(stateOf(body));
  const told = { count: 0 };
  store.subscribe(() => {
    told.count += 1;
  });
  return { store, told, body: () => store.getSnapshot().body };
}

const ticker = { ticker: { $equals: 'AAPL' } };

describe('the builder store', () => {
  it('keeps one snapshot until a change, and each change makes one that agrees with its state', () => {
    const { store, told } = storeOf({ module: '13f_holdings', filters: { filter: [ticker] } });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.actions.tree.add([], newCondition('13f_holdings', 'value'));
    const second = store.getSnapshot();
    expect(second).not.toBe(first);
    expect(told.count).toBe(1);
    expect(second.body).toEqual(bodyFromState(second.state));
    expect(second.problems).toEqual(builderProblems(second.state));
    expect(second.blocking.map((problem) => problem.path)).toEqual(['filter.1.value']);
    expect(second.problemsByPath.get('filter.1.value')?.message).toBe('Enter a value');
  });

  it('tells no one of an edit that changes nothing', () => {
    const { store, told } = storeOf({ module: '13f_holdings', filters: { max_num: '5' } });
    const before = store.getSnapshot();
    store.actions.tree.remove([3]);
    store.actions.tree.move([0], 'down');
    store.actions.tree.update([0, 1], (node) => node);
    store.actions.setOption('maxNum', '5');
    store.actions.load(before.state);
    expect(store.getSnapshot()).toBe(before);
    expect(told.count).toBe(0);
  });

  it('sends no filter again once the conditions of a query opened without one are gone', () => {
    const { store, body } = storeOf({ module: 'updates' });
    store.actions.tree.add([], newCondition('updates'));
    expect(body()).toHaveProperty('filters.filter.length', 1);
    store.actions.tree.remove([0]);
    expect(body()).toStrictEqual({ module: 'updates' });
  });

  it('keeps sending the empty filter a query was opened with, and the one it was given', () => {
    const { store, body } = storeOf({ module: 'updates', filters: { filter: [] } });
    store.actions.tree.add([], newCondition('updates'));
    store.actions.tree.remove([0]);
    expect(body()).toStrictEqual({ module: 'updates', filters: { filter: [] } });
    store.actions.load(stateOf({ module: 'updates', filters: { filter: [ticker] } }));
    store.actions.tree.remove([0]);
    expect(body()).toStrictEqual({ module: 'updates', filters: { filter: [] } });
  });

  it('sets an option, and unsets it with undefined', () => {
    const { store, body } = storeOf({ module: '13f_holdings' });
    store.actions.setOption('orderBy', 'value:DESC');
    store.actions.setOption('fields', ['ticker', 'value']);
    expect(body()).toStrictEqual({
      module: '13f_holdings',
      filters: { fields: ['ticker', 'value'], order_by: 'value:DESC' },
    });
    store.actions.setOption('orderBy', undefined);
    store.actions.setOption('fields', undefined);
    expect(body()).toStrictEqual({ module: '13f_holdings' });
  });

  it('computes what the snapshot says from the state alone', () => {
    const state = stateOf({ module: '13f_holdings', filters: { max_num: 'many' } });
    expect(snapshotOf(state).blocking.map((problem) => problem.path)).toEqual(['maxNum']);
  });
});
