import { describe, expect, it } from 'vitest';
import { MODULE_IDS } from '#contract/catalog';
import { QUERY_LIMITS } from '#contract/query';
import type { BuilderState } from './model.ts';
import { STARTER_QUERIES } from './starter-queries.ts';
import { builderProblems, RAW_NODE_NOTE } from './validation.ts';
import { stateFromBody } from './wire.ts';

function stateOf(body: unknown): BuilderState {
  const result = stateFromBody(body);
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

const c = (field: string, operator: string, value: unknown) => ({ [field]: { [operator]: value } });

/** An asymmetric matcher for a message, typed as the string it stands in for. */
const containing = (text: string) => expect.stringContaining(text) as string;

function problemsOf(module: string, filters: Record<string, unknown>, extra = {}) {
  return builderProblems(stateOf({ module, ...extra, filters }));
}

describe('builderProblems', () => {
  it.each(MODULE_IDS)('finds nothing wrong with the %s starter query', (module) => {
    expect(builderProblems(stateOf(STARTER_QUERIES[module].body))).toEqual([]);
  });

  it.each([
    ['a missing value', [c('ticker', '$equals', '')], 'filter.0.value', 'Enter a value'],
    [
      'a blank text to look for',
      [c('ticker', '$contains', '  ')],
      'filter.0.value',
      'Enter a value',
    ],
    [
      'a missing bound',
      [c('ticker', '$equals', 'A'), c('value', '$between', ['1', ''])],
      'filter.1.value',
      'Enter both bounds',
    ],
    [
      'not a number, inside a group',
      [{ $or: [c('ticker', '$equals', 'A'), c('value', '$gt', 'lots')] }],
      'filter.0.children.1.value',
      '"lots" is not a number',
    ],
    [
      'not a date',
      [c('filedat', '$gte', '31/12/2024')],
      'filter.0.value',
      '"31/12/2024" is not a date',
    ],
    [
      'the lower bound above the upper',
      [c('value', '$between', ['10', '5'])],
      'filter.0.value',
      'The lower bound is after the upper bound',
    ],
    [
      'an unknown range name',
      [c('filedat', '$dateRange', 'last_90_days')],
      'filter.0.value',
      '"last_90_days" is not a named date range',
    ],
    ['an empty $in list', [c('ticker', '$in', [])], 'filter.0.value', 'Enter one or more values'],
    [
      'a value of an $in list that is no date, named by its place',
      [c('periodofreport', '$in', ['2025-09-30', '2025-09-31'])],
      'filter.0.value',
      'Value 2: "2025-09-31" is not a date',
    ],
    [
      'more $in values than the service takes',
      [c('value', '$in', Array.from({ length: QUERY_LIMITS.maxInValues + 1 }, String))],
      'filter.0.value',
      `Send at most ${QUERY_LIMITS.maxInValues} values`,
    ],
    [
      'an empty group',
      [c('ticker', '$equals', 'A'), { $and: [c('value', '$gt', '1'), { $or: [] }] }],
      'filter.1.children.1',
      'This group is empty: add a condition or remove it',
    ],
  ])('%s is blocking, at its value or node', (_name, filter, path, message) => {
    const problems = problemsOf('13f_holdings', { filter });
    expect(problems).toEqual([{ path, message: containing(message), blocking: true }]);
  });

  it('notes a raw node without blocking', () => {
    expect(problemsOf('metro_area__c', { filter: [c('population', '$gt', 5)] })).toEqual([
      { path: 'filter.0', message: RAW_NODE_NOTE, blocking: false },
    ]);
  });

  it('notes kept extra keys without blocking', () => {
    const problems = problemsOf('updates', { cursor: 'x' }, { trace: true });
    expect(problems).toEqual([
      { path: 'extraBody', message: containing('"trace"'), blocking: false },
      { path: 'extraFilters', message: containing('"cursor"'), blocking: false },
    ]);
  });

  it.each([
    ['an unknown field in fields', { fields: ['ticker', 'population'] }, 'fields', '"population"'],
    ['an unreadable order_by', { order_by: 'value sideways' }, 'orderBy', 'field:ASC'],
    [
      'order_by on an unknown field',
      { order_by: 'value, population:DESC' },
      'orderBy',
      '"population"',
    ],
    ['a bad max_num', { max_num: 'ten' }, 'maxNum', 'whole number of rows'],
    ['a negative max_num', { max_num: -5 }, 'maxNum', 'whole number of rows'],
    ['a field sorted on twice', { order_by: 'value:DESC,ticker,value:ASC' }, 'orderBy', '"value"'],
    [
      'more sort keys than the service allows',
      {
        order_by: 'value,ticker,cusip,name,status,filedat'
          .split(',')
          .slice(0, QUERY_LIMITS.maxOrderKeys + 1)
          .join(','),
      },
      'orderBy',
      `at most ${QUERY_LIMITS.maxOrderKeys} sort keys`,
    ],
    [
      'more fields than the service allows',
      { fields: Array<string>(QUERY_LIMITS.maxFields + 1).fill('ticker') },
      'fields',
      `at most ${QUERY_LIMITS.maxFields} fields`,
    ],
    [
      'an offset beyond the service’s maximum',
      { offset: String(QUERY_LIMITS.maxOffset + 1) },
      'offset',
      `at most ${QUERY_LIMITS.maxOffset.toLocaleString('en-US')}`,
    ],
    [
      'a value longer than the service allows',
      { filter: [c('ticker', '$equals', 'T'.repeat(QUERY_LIMITS.maxValueLength + 1))] },
      'filter.0.value',
      `at most ${QUERY_LIMITS.maxValueLength} characters`,
    ],
    ['a bad offset', { offset: '-1' }, 'offset', 'rows to skip'],
    ['a fractional offset', { offset: 2.5 }, 'offset', 'rows to skip'],
  ])('%s is blocking', (_name, filters, path, words) => {
    expect(problemsOf('13f_holdings', filters)).toEqual([
      { path, message: containing(words), blocking: true },
    ]);
  });

  it('refuses a count_only the service does not read', () => {
    expect(builderProblems(stateOf({ module: 'updates', count_only: 'yes' }))).toEqual([
      { path: 'countOnly', message: containing('"1"'), blocking: true },
    ]);
  });

  it('refuses groups nested deeper than the service allows, at the first too deep', () => {
    let node: unknown = c('ticker', '$equals', 'A');
    for (let level = 0; level <= QUERY_LIMITS.maxDepth; level += 1) node = { $and: [node] };
    const problems = problemsOf('13f_holdings', { filter: [node] });
    const path = ['filter.0', ...Array<string>(QUERY_LIMITS.maxDepth).fill('children.0')].join('.');
    expect(problems).toEqual([{ path, message: containing('nested'), blocking: true }]);
  });

  it('refuses more conditions than the service allows', () => {
    const many = Array.from({ length: QUERY_LIMITS.maxConditions + 1 }, () =>
      c('ticker', '$equals', 'A'),
    );
    expect(problemsOf('13f_holdings', { filter: many })).toEqual([
      { path: 'filter', message: containing('at most'), blocking: true },
    ]);
  });

  it('counts conditions inside raw nodes as the service does', () => {
    const many = Array.from({ length: QUERY_LIMITS.maxConditions }, () =>
      c('ticker', '$equals', 'A'),
    );
    const problems = problemsOf('13f_holdings', { filter: [...many, c('nope', '$gt', 1)] });
    expect(problems).toContainEqual({
      path: 'filter',
      message: containing('at most'),
      blocking: true,
    });
  });
});
