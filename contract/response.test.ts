import { describe, expect, it } from 'vitest';
import { adaptResponse, UnexpectedResponseError } from './response.ts';

const rows = [{ ticker: 'AAPL' }, { ticker: 'BAC' }];

describe('adaptResponse', () => {
  it.each([
    ['a top-level array', rows, null],
    ['{records}', { records: rows }, null],
    ['{data}', { data: rows }, null],
    ['{rows}', { rows }, null],
    ['{records, next_offset}', { records: rows, next_offset: 2 }, 2],
    ['{records, next_offset: -1} at the end', { records: rows, next_offset: -1 }, null],
    ['{records, next_offset: "4"}', { records: rows, next_offset: '4' }, 4],
  ])('reads rows from %s', (_, body, nextOffset) => {
    expect(adaptResponse(body)).toEqual({ kind: 'rows', rows, nextOffset });
  });

  it.each([
    ['a number', 42],
    ['a numeric string', '42'],
    ['{record_count}', { record_count: 42 }],
    ['{count}', { count: '42' }],
    ['{total}', { total: 42 }],
  ])('reads a count from %s', (_, body) => {
    expect(adaptResponse(body)).toEqual({ kind: 'count', count: 42 });
  });

  it.each([
    ['error_message', { error: 'invalid_value', error_message: 'bad value' }, 'invalid_value'],
    ['message', { message: 'bad value' }, 'error'],
    ['error alone', { error: 'bad value' }, 'bad value'],
  ])('reads an error from %s', (_, body, code) => {
    expect(adaptResponse(body)).toEqual({ kind: 'error', code, message: 'bad value' });
  });

  it('reads an empty list as no rows, not as an unknown shape', () => {
    expect(adaptResponse({ records: [] })).toEqual({ kind: 'rows', rows: [], nextOffset: null });
  });

  it.each([
    [{ foo: 1, bar: 2 }, 'an object with keys foo, bar'],
    [[1, 2], 'an array of 2 non-record values'],
    ['<html>', '"<html>"'],
    [null, 'null'],
  ])('raises a typed error that says what arrived for %j', (body, description) => {
    expect(() => adaptResponse(body)).toThrow(UnexpectedResponseError);
    expect(() => adaptResponse(body)).toThrow(description);
  });
});
