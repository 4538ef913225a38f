import { describe, expect, it } from 'vitest';
import { digitCount, niceTicks } from './nice-ticks.ts';

/**
 * [domain, allowDecimals, ticks] as the previous library (getNiceTickValues, five ticks) returned
 * them, recorded by calling it before it was removed: the axes our charts draw must read the same.
 */
const BEFORE: readonly [readonly [number, number], boolean, readonly number[]][] = [
  // Counts (managers, holders, rows): whole numbers only.
  [[0, 12], false, [0, 3, 6, 9, 12]],
  [[0, 3], false, [0, 1, 2, 3, 4]],
  [[0, 7], false, [0, 2, 4, 6, 8]],
  [[0, 1], false, [0, 1, 2, 3, 4]],
  // A filer's total value by period, a holding's value, holders' values.
  [[0, 359_000_000_000], true, [0, 90e9, 180e9, 270e9, 360e9]],
  [[0, 66_639_000_000], true, [0, 20e9, 40e9, 60e9, 80e9]],
  [[0, 1_000_000_000], true, [0, 250e6, 500e6, 750e6, 1e9]],
  [[0, 95_000], true, [0, 25_000, 50_000, 75_000, 100_000]],
  // Weights in percent.
  [[0, 25.76], true, [0, 7, 14, 21, 28]],
  [[0, 0.042], true, [0, 0.015, 0.03, 0.045, 0.06]],
  // The value split, both ways from zero; share changes.
  [[-3_540_701_700, 1_361_117_895], true, [-4.5e9, -3e9, -1.5e9, 0, 1.5e9]],
  [[-100, 187], true, [-190, -95, 0, 95, 190]],
  // Ranges without zero, and ranges of one value.
  [[-2.5, -0.3], true, [-2.6, -1.95, -1.3, -0.65, 0]],
  [[12.5, 99.1], true, [0, 25, 50, 75, 100]],
  [[0, 0], true, [0, 1, 2, 3, 4]],
  [[5, 5], true, [3, 4, 5, 6, 7]],
  [[0.37, 0.37], true, [0.1, 0.2, 0.3, 0.4, 0.5]],
];

describe('niceTicks', () => {
  it.each(BEFORE)('ticks %j (decimals %s) as before', (domain, allowDecimals, ticks) => {
    expect(niceTicks(domain, 5, allowDecimals)).toEqual(ticks);
  });

  it('draws zero as 0, not as the float left over from stepping up from a negative tick', () => {
    const ticks = niceTicks([-0.454, 0.00695]);
    expect(ticks).toEqual([-0.6, -0.4, -0.2, 0, 0.2]);
    expect(Object.is(ticks[3], 0)).toBe(true);
  });

  it('returns the ticks in the order of the range it is given', () => {
    expect(niceTicks([12, 0], 5, false)).toEqual([12, 9, 6, 3, 0]);
  });

  it('gives nothing for an infinite range', () => {
    expect(niceTicks([0, Infinity])).toEqual([]);
  });
});

describe('digitCount', () => {
  it('counts the digits before the point, and below 1 how far the first digit is from it', () => {
    expect([digitCount(0), digitCount(7), digitCount(12), digitCount(999)]).toEqual([1, 1, 2, 3]);
    expect([digitCount(0.5), digitCount(0.05), digitCount(-0.005)]).toEqual([0, -1, -2]);
  });
});
