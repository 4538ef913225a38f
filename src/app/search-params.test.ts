import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('the URL search', () => {
  it('writes codes, days and names as plain text, lists as JSON, and reads them back', () => {
    const search = {
      v: 1,
      cusip: '594918104',
      period: '2025-12-31',
      managers: ['LONE PINE CAPITAL LLC', 'TIGER GLOBAL MANAGEMENT LLC'],
    };
    const text = stringifySearch(search);
    expect(text).toBe(
      '?v=1&cusip=594918104&period=2025-12-31&managers=%5B%22LONE+PINE+CAPITAL+LLC%22%2C%22TIGER+GLOBAL+MANAGEMENT+LLC%22%5D',
    );
    expect(parseSearch(text)).toEqual(search);
  });

  it('keeps text that would read as a number or a list as text', () => {
    const search = {
      a: '12',
      b: '[not a list',
      c: 'true',
      d: '"quoted"',
      redirect: '/q/13f_holdings?run=starter',
    };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
    expect(stringifySearch({})).toBe('');
  });
});
