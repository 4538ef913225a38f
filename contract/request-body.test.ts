import { describe, expect, it } from 'vitest';
import type { QueryBody } from './query.ts';
import {
  sameQueryBody,
  countBodyFor,
  fieldsOf,
  filtersOf,
  offsetOf,
  orderByOf,
  requestBody,
  withMaxNum,
  withOffset,
  withPage,
} from './request-body.ts';
import type { QueryRequestBody } from './request-body.ts';

/** A pasted body: extra keys at the top and in `filters`, which the builder keeps verbatim. */
const pasted: QueryRequestBody = {
  module: 'updates',
  trace: { id: 7 },
  filters: {
    fields: ['id', 42, 'title'],
    filter: [{ title: { $contains: 'CFO' } }],
    order_by: 'id:DESC',
    offset: '20',
    hint: 'fast',
  },
};

/** What a pasted body's `filters` may hold instead of an object. */
const notObjects: unknown[] = ['junk', 5, null, true, [{ id: { $equals: '1' } }]];

describe('QueryRequestBody', () => {
  it('takes any contract body as it is', () => {
    const body: QueryBody = { module: 'updates', count_only: '1', filters: { max_num: '5' } };
    const sent: QueryRequestBody = body;
    expect(sent).toBe(body);
  });

  it('makes a body from a JSON object and its module, keeping every key in place', () => {
    const body = requestBody('updates', { module: 'updates', extra: 1, filters: {} });
    expect(Object.keys(body)).toEqual(['module', 'extra', 'filters']);
    expect(requestBody('leads', { filters: {} })).toEqual({ filters: {}, module: 'leads' });
  });
});

describe('reading a body', () => {
  it('reads filters, fields, order_by and offset, extra keys included', () => {
    expect(filtersOf(pasted).hint).toBe('fast');
    expect(fieldsOf(pasted)).toEqual(['id', 'title']);
    expect(orderByOf(pasted)).toBe('id:DESC');
    expect(offsetOf(pasted)).toBe(20);
  });

  it('reads a body without filters as having none', () => {
    const bare = { module: 'updates' };
    expect(filtersOf(bare)).toEqual({});
    expect(fieldsOf(bare)).toBeUndefined();
    expect(orderByOf(bare)).toBeUndefined();
    expect(offsetOf(bare)).toBe(0);
  });

  it('reads an empty or non-list `fields` as none, and order_by only as text', () => {
    expect(fieldsOf({ filters: { fields: [] } })).toBeUndefined();
    expect(fieldsOf({ filters: { fields: 'id' } })).toBeUndefined();
    expect(orderByOf({ filters: { order_by: ['id'] } })).toBeUndefined();
    expect(offsetOf({ filters: { offset: 15 } })).toBe(15);
  });

  it.each(notObjects)('reads filters %j (not an object) as empty', (filters) => {
    const body = { module: 'updates', filters };
    expect(filtersOf(body)).toEqual({});
    expect(fieldsOf(body)).toBeUndefined();
    expect(offsetOf(body)).toBe(0);
  });
});

describe('editing a body', () => {
  it('writes paging into filters, keeping every other key as written', () => {
    expect(withPage(pasted, 40, 20)).toEqual({
      ...pasted,
      filters: { ...filtersOf(pasted), offset: '40', max_num: '20' },
    });
    expect(withOffset(pasted, 0).filters).toEqual({ ...filtersOf(pasted), offset: '0' });
    expect(withMaxNum(pasted, 10_000).filters).toEqual({ ...filtersOf(pasted), max_num: '10000' });
    expect(pasted.filters).toMatchObject({ offset: '20' });
  });

  it('creates filters when the body has none', () => {
    expect(withPage({ module: 'updates' }, 0, 5000)).toEqual({
      module: 'updates',
      filters: { max_num: '5000', offset: '0' },
    });
  });

  it.each(notObjects)('leaves filters %j (not an object) for the service to refuse', (filters) => {
    const body = { module: 'updates', filters };
    expect(withPage(body, 10, 10)).toBe(body);
    expect(withMaxNum(body, 10)).toBe(body);
  });
});

describe('countBodyFor', () => {
  it('keeps the module and the filter only', () => {
    expect(countBodyFor(pasted)).toEqual({
      module: 'updates',
      count_only: true,
      filters: { filter: [{ title: { $contains: 'CFO' } }] },
    });
  });

  it('sends no filters when the body has no filter', () => {
    const body = { module: 'updates', filters: { max_num: '5' }, extra: 1 };
    expect(countBodyFor(body)).toEqual({ module: 'updates', count_only: true });
  });

  it.each(notObjects)('sends filters %j (not an object) as written', (filters) => {
    expect(countBodyFor({ module: 'updates', filters })).toEqual({
      module: 'updates',
      count_only: true,
      filters,
    });
  });
});

describe('sameQueryBody', () => {
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: { filter: [{ ticker: { $equals: 'AAPL' } }], max_num: '50', offset: '0' },
  };

  it('is the same query whatever the order of the keys', () => {
    expect(
      sameQueryBody(body, {
        filters: { offset: '0', max_num: '50', filter: [{ ticker: { $equals: 'AAPL' } }] },
        module: '13f_holdings',
      }),
    ).toBe(true);
  });

  it('differs by any value, an array order, or a key more', () => {
    expect(sameQueryBody(body, withMaxNum(body, 51))).toBe(false);
    expect(sameQueryBody(body, { ...body, count_only: true })).toBe(false);
    const two = { module: 'updates', filters: { fields: ['a', 'b'] } };
    expect(sameQueryBody(two, { module: 'updates', filters: { fields: ['b', 'a'] } })).toBe(false);
  });
});
