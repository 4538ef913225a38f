import { describe, expect, it } from 'vitest';
import { INTERFACE_EXAMPLES } from '../../../testing/interface-examples.ts';
import type { BuilderState, FilterNode } from './model.ts';
import { bodyFromState, nodeFromWire, stateFromBody } from './wire.ts';
import { withoutIds } from '../../../testing/builder-ids.ts';

function stateOf(body: unknown): BuilderState {
  const result = stateFromBody(body);
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

function roundTrip(body: unknown): unknown {
  return bodyFromState(stateOf(body));
}

function hasRaw(nodes: readonly FilterNode[]): boolean {
  return nodes.some(
    (node) => node.type === 'raw' || (node.type === 'group' && hasRaw(node.children)),
  );
}

describe('the interface examples', () => {
  it.each(INTERFACE_EXAMPLES.map((example) => [example.name, example] as const))(
    '%s survives body → state → body, every element editable',
    (_name, example) => {
      const body = example.filter
        ? { module: example.module, filters: { filter: example.filter } }
        : { module: example.module };
      const state = stateOf(body);
      expect(bodyFromState(state)).toStrictEqual(body);
      expect(hasRaw(state.filter ?? [])).toBe(false);
    },
  );
});

const c = (field: string, operator: string, value: unknown) => ({ [field]: { [operator]: value } });
const deep = {
  $and: [{ $or: [{ $and: [{ $or: [c('value', '$gt', '5'), c('ticker', '$equals', 'A')] }] }] }],
};

const ODD_BODIES: readonly [string, Record<string, unknown>][] = [
  ['count_only "1"', { module: 'updates', count_only: '1' }],
  ['count_only true', { module: 'updates', count_only: true }],
  ['count_only false', { module: 'updates', count_only: false }],
  ['count_only "0"', { module: 'updates', count_only: '0' }],
  ['count_only of any JSON', { module: 'updates', count_only: { yes: [1] } }],
  ['order_by value:DESC', { module: '13f_holdings', filters: { order_by: 'value:DESC' } }],
  ['order_by value desc', { module: '13f_holdings', filters: { order_by: 'value desc' } }],
  ['order_by value', { module: '13f_holdings', filters: { order_by: 'value' } }],
  ['max_num "10"', { module: '13f_holdings', filters: { max_num: '10' } }],
  ['max_num 10', { module: '13f_holdings', filters: { max_num: 10 } }],
  ['max_num "-1"', { module: '13f_holdings', filters: { max_num: '-1' } }],
  ['offset', { module: '13f_holdings', filters: { max_num: '10', offset: '20' } }],
  ['numeric offset', { module: '13f_holdings', filters: { offset: 20 } }],
  ['filters: {}', { module: 'accounthistory', filters: {} }],
  ['empty filter', { module: 'accounthistory', filters: { filter: [] } }],
  ['empty fields', { module: 'accounthistory', filters: { fields: [] } }],
  ['nested groups 4 deep', { module: '13f_holdings', filters: { filter: [deep] } }],
  ['an empty group', { module: '13f_holdings', filters: { filter: [{ $or: [] }] } }],
  [
    'an unknown field',
    { module: 'metro_area__c', filters: { filter: [c('population', '$gt', 5)] } },
  ],
  [
    'an unknown operator',
    { module: 'metro_area__c', filters: { filter: [c('name', '$regex', 'x')] } },
  ],
  [
    'two operators in one condition',
    { module: '13f_holdings', filters: { filter: [{ value: { $gt: '1', $lt: '9' } }] } },
  ],
  [
    'a bad $between',
    { module: '13f_holdings', filters: { filter: [c('value', '$between', ['1'])] } },
  ],
  ['a null value', { module: '13f_holdings', filters: { filter: [c('value', '$equals', null)] } }],
  ['a bare string element', { module: '13f_holdings', filters: { filter: ['ticker = AAPL'] } }],
  ['an extra top-level key', { module: 'updates', page: 2, filters: { max_num: 5 } }],
  ['an extra filters key', { module: 'updates', filters: { where: 'x', fields: ['name'] } }],
  ['filters as a string', { module: 'updates', filters: 'ticker=AAPL' }],
  ['filters as null', { module: 'updates', filters: null }],
  ['fields not all strings', { module: 'updates', filters: { fields: ['name', 3] } }],
  ['filter not an array', { module: 'updates', filters: { filter: { name: { $equals: 'x' } } } }],
  ['order_by not a string', { module: 'updates', filters: { order_by: ['name'] } }],
  [
    'max_num and offset as booleans',
    { module: 'updates', filters: { max_num: true, offset: false } },
  ],
  [
    'everything at once',
    {
      module: '13f_holdings',
      count_only: false,
      filters: {
        fields: ['ticker', 'value'],
        filter: [
          c('ticker', '$equals', 'AAPL'),
          { $or: [c('value', '$gt', 1), c('nope', '$gt', 1)] },
        ],
        order_by: 'value:DESC',
        max_num: '25',
        offset: 0,
        cursor: 'abc',
      },
      trace: true,
    },
  ],
];

describe('odd but allowed bodies', () => {
  it.each(ODD_BODIES)('%s survives the round trip', (_name, body) => {
    expect(roundTrip(body)).toStrictEqual(body);
  });

  it('writes keys in the order module, count_only, filters, extras', () => {
    const body = {
      extra: 1,
      filters: {
        cursor: 'c',
        offset: '1',
        max_num: '2',
        order_by: 'value',
        filter: [],
        fields: [],
      },
      count_only: true,
      module: '13f_holdings',
    };
    const out = roundTrip(body) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['module', 'count_only', 'filters', 'extra']);
    expect(Object.keys(out.filters as object)).toEqual([
      'fields',
      'filter',
      'order_by',
      'max_num',
      'offset',
      'cursor',
    ]);
  });

  it('keeps a "__proto__" key as plain data', () => {
    const body = JSON.parse('{"module":"updates","__proto__":{"polluted":1}}') as unknown;
    const out = roundTrip(body) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lets a modeled part win over a stale verbatim copy of the same key', () => {
    const state = stateOf({ module: 'updates', filters: 'junk' });
    expect(bodyFromState({ ...state, orderBy: 'name' })).toStrictEqual({
      module: 'updates',
      filters: { order_by: 'name' },
    });
  });
});

describe('stateFromBody refuses only what it cannot place', () => {
  it.each([
    ['an array', [], 'JSON object'],
    ['null', null, 'JSON object'],
    ['a string', '{"module":"updates"}', 'JSON object'],
    ['no module', { filters: {} }, 'no "module"'],
    ['an unknown module', { module: 'population' }, '"population"'],
    ['a module of the wrong type', { module: 7 }, 'is 7'],
  ])('%s', (_name, body, words) => {
    const result = stateFromBody(body);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(words);
  });
});

describe('$in, our extension', () => {
  it('a pasted body with $in loads as an editable row and goes back unchanged', () => {
    const periods = c('periodofreport', '$in', ['2025-09-30', '2025-12-31']);
    const body = { module: '13f_holdings', filters: { filter: [periods] } };
    const state = stateOf(body);
    const [row] = state.filter ?? [];
    expect(row && withoutIds(row)).toEqual({
      type: 'condition',
      field: 'periodofreport',
      operator: '$in',
      value: { kind: 'list', values: ['2025-09-30', '2025-12-31'] },
    });
    expect(bodyFromState(state)).toStrictEqual(body);
  });

  it.each([
    ['numbers and numeric strings keep their JSON types', c('value', '$in', [1, '2.5'])],
    ['an empty list stays empty', c('ticker', '$in', [])],
    ['duplicates stay', c('ticker', '$in', ['AAPL', 'AAPL'])],
  ])('%s', (_name, condition) => {
    const body = { module: '13f_holdings', filters: { filter: [{ $or: [condition] }] } };
    expect(hasRaw(stateOf(body).filter ?? [])).toBe(false);
    expect(roundTrip(body)).toStrictEqual(body);
  });
});

describe('nodeFromWire', () => {
  it('reads conditions and groups', () => {
    const node = nodeFromWire('13f_holdings', { $or: [c('value', '$between', ['1', 2])] });
    expect(withoutIds(node)).toEqual({
      type: 'group',
      combinator: '$or',
      children: [
        {
          type: 'condition',
          field: 'value',
          operator: '$between',
          value: { kind: 'between', lower: '1', upper: 2 },
        },
      ],
    });
  });

  it.each([
    [
      'metro_area__c',
      c('population', '$gt', 5),
      'field "population" is not in the catalog of Metro areas',
    ],
    ['metro_area__c', c('name', '$regex', 'x'), 'unknown operator "$regex"'],
    ['13f_holdings', c('value', '$between', '1,2'), '$between needs [lower, upper]'],
    ['13f_holdings', c('value', '$between', [1, 2, 3]), '$between needs [lower, upper]'],
    ['13f_holdings', c('ticker', '$gt', 'A'), '$gt does not apply to Ticker (text)'],
    ['13f_holdings', c('filedat', '$dateRange', 30), '$dateRange needs the name of a range'],
    ['13f_holdings', c('ticker', '$equals', ['A']), '$equals needs a single value'],
    ['13f_holdings', c('ticker', '$in', 'AAPL'), '$in needs an array of single values'],
    ['13f_holdings', c('ticker', '$in', [['AAPL']]), '$in needs an array of single values'],
    ['13f_holdings', c('filedat', '$in', ['2024-05-15']), '$in does not apply to Filed at'],
    ['13f_holdings', { value: { $gt: '1', $lt: '9' } }, 'exactly one operator, found 2'],
    ['13f_holdings', { value: 5 }, 'needs an operator object'],
    ['13f_holdings', { a: {}, b: {} }, 'exactly one key, found 2'],
    ['13f_holdings', { $not: [] }, 'unknown group "$not"'],
    ['13f_holdings', { $and: {} }, '$and needs an array'],
    ['13f_holdings', 'text', 'must be an object'],
  ] as const)('%s %j is kept raw: %s', (module, json, reason) => {
    const node = nodeFromWire(module, json);
    expect(node).toMatchObject({ type: 'raw', json });
    expect(node.type === 'raw' ? node.reason : '').toContain(reason);
  });
});
