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
    ['{records, next_offset: -1} at the end', { records: rows, next_offset: -1 }, 'end'],
    ['{records, next_offset: "-1"} at the end', { records: rows, next_offset: '-1' }, 'end'],
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

  it('names rows by the catalog whatever the case the service used, keeping unknown keys', () => {
    const body = [{ NAME: 'Lyon', COUNTRY__C: 'France', Sort_Order__C: 3, Extra: 'x' }];
    const adapted = adaptResponse(body, 'metro_area__c');
    expect(adapted).toEqual({
      kind: 'rows',
      rows: [{ name: 'Lyon', country__c: 'France', sort_order__c: 3, Extra: 'x' }],
      nextOffset: null,
    });
  });

  it('keeps a catalog name already written exactly over another case of it', () => {
    const adapted = adaptResponse([{ name: 'Lyon', NAME: 'LYON' }], 'metro_area__c');
    expect(adapted).toMatchObject({ rows: [{ name: 'Lyon', NAME: 'LYON' }] });
  });

  it.each([
    ['1', true],
    ['0', false],
    ['TRUE', true],
    ['False', false],
    [' true ', true],
    [1, true],
    [0, false],
    [true, true],
  ])('reads %j in a boolean field as %s', (raw, expected) => {
    const adapted = adaptResponse({ records: [{ JOB_CHANGE__C: raw }] }, 'updates');
    expect(adapted).toMatchObject({ rows: [{ job_change__c: expected }] });
  });

  it('leaves a boolean field it cannot read, and other fields, as sent', () => {
    const row = { job_change__c: 'maybe', name: '1', type__c: 'true' };
    const adapted = adaptResponse([row], 'updates');
    expect(adapted).toMatchObject({ rows: [row] });
  });

  it('returns the same row objects when nothing needs renaming or reading', () => {
    const row = { name: 'Lyon', country__c: 'France' };
    const adapted = adaptResponse([row], 'metro_area__c');
    expect(adapted.kind === 'rows' && adapted.rows[0]).toBe(row);
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
