import { describe, expect, it } from 'vitest';
import type { Operator } from '#contract/operators';
import type { ConditionNode, FilterNode } from './model.ts';
import { newCondition, newGroup, withField, withFreshIds, withOperator } from './model.ts';
import { bodyFromState, emptyState } from './wire.ts';
import { withoutIds } from '../../../testing/builder-ids.ts';

function condition(node: FilterNode): ConditionNode {
  if (node.type !== 'condition') throw new Error(`expected a condition, got ${node.type}`);
  return node;
}

describe('new nodes', () => {
  it('an empty state is the body { module }', () => {
    expect(bodyFromState(emptyState('accounthistory'))).toStrictEqual({ module: 'accounthistory' });
  });

  it('a condition starts on the first field with its first operator and a blank value', () => {
    expect(withoutIds(newCondition('13f_holdings'))).toEqual({
      type: 'condition',
      field: 'name',
      operator: '$equals',
      value: { kind: 'scalar', value: '' },
    });
  });

  it('a boolean condition starts as true', () => {
    expect(newCondition('updates', 'job_change__c').value).toEqual({ kind: 'scalar', value: true });
  });

  it('an unknown field name falls back to the first field', () => {
    expect(newCondition('metro_area__c', 'population').field).toBe('name');
  });

  it('a group starts empty', () => {
    expect(withoutIds(newGroup('$or'))).toEqual({ type: 'group', combinator: '$or', children: [] });
  });

  it('every new node has an id of its own', () => {
    const ids = [newCondition('updates'), newCondition('updates'), newGroup('$and')].map(
      (node) => node.id,
    );
    expect(new Set(ids).size).toBe(3);
  });

  it('a copy holds the same nodes under new ids, all the way down', () => {
    const inner = newGroup('$or', [newCondition('updates')]);
    const group = newGroup('$and', [newCondition('updates', 'name'), inner]);
    const ids = (node: FilterNode): string[] =>
      node.type === 'group' ? [node.id, ...node.children.flatMap(ids)] : [node.id];
    const copy = withFreshIds(group);
    expect(withoutIds(copy)).toEqual(withoutIds(group));
    expect(ids(copy).filter((id) => ids(group).includes(id))).toEqual([]);
    expect(new Set(ids(copy)).size).toBe(4);
  });
});

describe('withField', () => {
  const on = (field: string, operator: ConditionNode['operator'], value: ConditionNode['value']) =>
    ({ type: 'condition', id: 'row', field, operator, value }) as const;

  it('keeps operator and value that still fit the new field', () => {
    const node = on('ticker', '$equals', { kind: 'scalar', value: '5' });
    expect(withField(node, '13f_holdings', 'value')).toEqual({ ...node, field: 'value' });
  });

  it('keeps the operator but clears a value the new kind cannot read', () => {
    const node = on('ticker', '$not_equals', { kind: 'scalar', value: 'AAPL' });
    expect(withField(node, '13f_holdings', 'value')).toEqual({
      ...node,
      field: 'value',
      value: { kind: 'scalar', value: '' },
    });
  });

  it('starts afresh when the operator does not apply to the new kind', () => {
    const node = on('ticker', '$contains', { kind: 'scalar', value: 'AA' });
    // The row stays the same row: only what it asks starts afresh.
    expect(withField(node, '13f_holdings', 'value')).toEqual({
      ...newCondition('13f_holdings', 'value'),
      id: 'row',
    });
  });

  it('carries a date range across date and datetime fields', () => {
    const node = on('periodofreport', '$between', {
      kind: 'between',
      lower: '2024-01-01',
      upper: '',
    });
    expect(withField(node, '13f_holdings', 'filedat')).toEqual({ ...node, field: 'filedat' });
  });

  it('keeps a list whose values all read as the new kind, and empties one that does not', () => {
    const periods = on('periodofreport', '$in', { kind: 'list', values: ['2025-09-30'] });
    expect(withField(periods, '13f_holdings', 'ticker')).toEqual({ ...periods, field: 'ticker' });
    const tickers = on('ticker', '$in', { kind: 'list', values: ['AAPL', '2025-09-30'] });
    expect(withField(tickers, '13f_holdings', 'periodofreport')).toEqual({
      ...tickers,
      field: 'periodofreport',
      value: { kind: 'list', values: [] },
    });
  });

  it('starts afresh when $in does not apply to the new kind', () => {
    const node = on('periodofreport', '$in', { kind: 'list', values: ['2025-09-30'] });
    expect(condition(withField(node, '13f_holdings', 'filedat')).operator).toBe('$equals');
  });

  it('turns a text value into true for a boolean', () => {
    const node = on('name', '$equals', { kind: 'scalar', value: 'x' });
    expect(condition(withField(node, 'updates', 'role_change__c')).value).toEqual({
      kind: 'scalar',
      value: true,
    });
  });

  it('leaves groups and unknown fields alone', () => {
    const group = newGroup('$and');
    expect(withField(group, 'updates', 'name')).toBe(group);
    const node = newCondition('updates');
    expect(withField(node, 'updates', 'population')).toBe(node);
  });
});

describe('withOperator', () => {
  const five = {
    ...newCondition('13f_holdings', 'value'),
    value: { kind: 'scalar', value: '5' },
  } as const;

  it('makes a single value the lower bound of $between, and back', () => {
    const between = withOperator(five, '13f_holdings', '$between');
    expect(condition(between).value).toEqual({ kind: 'between', lower: '5', upper: '' });
    expect(withOperator(between, '13f_holdings', '$gt')).toEqual({ ...five, operator: '$gt' });
  });

  const valueAs = (node: FilterNode, operator: Operator) =>
    condition(withOperator(node, '13f_holdings', operator)).value;

  it('makes a single value the first of an $in list, and back', () => {
    expect(valueAs(five, '$in')).toEqual({ kind: 'list', values: ['5'] });
    const longer = {
      ...five,
      operator: '$in',
      value: { kind: 'list', values: ['7', '5'] },
    } as const;
    expect(valueAs(longer, '$equals')).toEqual({ kind: 'scalar', value: '7' });
    expect(valueAs(longer, '$between')).toEqual({ kind: 'between', lower: '7', upper: '' });
  });

  it('starts $in empty rather than with a blank value, and back', () => {
    const blank = newCondition('13f_holdings', 'ticker');
    expect(valueAs(blank, '$in')).toEqual({ kind: 'list', values: [] });
    const empty = { ...blank, operator: '$in', value: { kind: 'list', values: [] } } as const;
    expect(valueAs(empty, '$equals')).toEqual({ kind: 'scalar', value: '' });
  });

  it('starts $dateRange at the last 30 days and $not_null at ""', () => {
    const filed = newCondition('13f_holdings', 'filedat');
    expect(condition(withOperator(filed, '13f_holdings', '$dateRange')).value).toEqual({
      kind: 'range',
      range: 'last_30_days',
    });
    expect(condition(withOperator(five, '13f_holdings', '$not_null')).value).toEqual({
      kind: 'none',
      value: '',
    });
  });

  it('gives a boolean back its default after $not_null', () => {
    const present = withOperator(newCondition('updates', 'job_change__c'), 'updates', '$not_null');
    expect(condition(withOperator(present, 'updates', '$equals')).value).toEqual({
      kind: 'scalar',
      value: true,
    });
  });

  it('sends a number carried into $contains as text', () => {
    const id = {
      ...newCondition('updates', 'sfid'),
      value: { kind: 'scalar', value: 42 },
    } as const;
    expect(condition(withOperator(id, 'updates', '$contains')).value).toEqual({
      kind: 'scalar',
      value: '42',
    });
  });
});
