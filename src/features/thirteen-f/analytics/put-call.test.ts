import { describe, expect, it } from 'vitest';
import { putCallOf, putCallOfRow } from './put-call.ts';

describe('putCallOf: an option row recognised from the served name', () => {
  it.each([
    ['BERKSHIRE HATHAWAY INC 2024-06-30 AAPL PUT', 'Put'],
    ['SCION ASSET MANAGEMENT, LLC 2025-03-31 037833100 CALL', 'Call'],
    // SEC files "Put"/"Call"; the service uppercases: either reads alike.
    ['TEST CAPITAL 2024-06-30 AAPL Put', 'Put'],
    ['TEST CAPITAL 2024-06-30 AAPL call', 'Call'],
    // An option on a security whose ticker is itself CALL (magicJack's was).
    ['TEST CAPITAL 2016-03-31 CALL CALL', 'Call'],
    ['TEST CAPITAL 2024-06-30 BRK.B PUT ', 'Put'],
  ])('%s -> %s', (name, expected) => {
    expect(putCallOf(name)).toBe(expected);
  });

  it.each([
    ['TEST CAPITAL 2024-06-30 AAPL'],
    // A share row whose ticker is CALL or PUT: the word after the date is the security.
    ['TEST CAPITAL 2016-03-31 CALL'],
    ['TEST CAPITAL 2016-03-31 PUT'],
    // "Put" or "Call" elsewhere than the suffix.
    ['PUTNAM INVESTMENTS 2024-06-30 AAPL'],
    ['CALL CAPITAL PUT 2024-06-30 AAPL'],
    ['TEST CAPITAL 2024-06-30 AAPL PUTS'],
    // No period in the name: not the service's record name.
    ['AAPL PUT'],
    [''],
    [null],
    [undefined],
    [42],
  ])('%s is no option row', (name) => {
    expect(putCallOf(name)).toBeNull();
  });
});

describe('putCallOfRow: the putcall field first, the name without it', () => {
  it.each([
    [{ putcall: 'PUT', name: 'X 2024-06-30 AAPL' }, 'Put'],
    [{ putcall: 'Call' }, 'Call'],
    // The field says shares: a name that looks like an option does not override it.
    [{ putcall: null, name: 'X 2024-06-30 AAPL PUT' }, null],
    [{ putcall: '', name: 'X 2024-06-30 AAPL CALL' }, null],
    // The vendor sends no putcall: the name decides.
    [{ name: 'X 2024-06-30 AAPL PUT' }, 'Put'],
    [{ name: 'X 2024-06-30 AAPL' }, null],
    [{}, null],
  ])('%o -> %s', (row, expected) => {
    expect(putCallOfRow(row)).toBe(expected);
  });
});
