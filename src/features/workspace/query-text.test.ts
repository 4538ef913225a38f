import { describe, expect, it } from 'vitest';
import { formatQuery, readQueryText } from './query-text.ts';

describe('readQueryText', () => {
  it('reads a valid body exactly as written', () => {
    const body = {
      module: 'metro_area__c',
      filters: { filter: [{ country__c: { $equals: 'United States' } }], max_num: '5' },
    };
    expect(readQueryText(formatQuery(body), 'metro_area__c')).toEqual({ ok: true, body });
  });

  it('names broken JSON', () => {
    expect(readQueryText('{"module": ', 'metro_area__c')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not valid JSON/) as unknown,
    });
  });

  it('refuses a body for another module', () => {
    expect(readQueryText('{"module":"updates"}', 'metro_area__c')).toEqual({
      ok: false,
      message: 'This workspace queries "metro_area__c", but the body names "updates".',
    });
  });

  it('names the field the catalog does not know, with where it is', () => {
    const text = JSON.stringify({
      module: 'metro_area__c',
      filters: { filter: [{ population: { $gt: '5' } }] },
    });
    const result = readQueryText(text, 'metro_area__c');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(/population/);
    expect(result.ok ? '' : result.message).toMatch(/^filters\.filter\.0/);
  });
});
