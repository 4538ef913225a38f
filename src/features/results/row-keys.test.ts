import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_ROW_KEYS, nextRowKeys } from './row-keys.ts';
import type { RowKeys } from './row-keys.ts';

/** Each row's key, by its index. */
const byRow = ({ first, keys }: RowKeys) => new Map(keys.map((key, at) => [first + at, key]));

/**
 * The keys React would move for `next` after `previous`: it walks the new keys in order and
 * moves each whose old place is before the furthest old place it has kept so far.
 */
function moved(previous: RowKeys, next: RowKeys): number[] {
  const placeOf = new Map(previous.keys.map((key, at) => [key, at]));
  let furthest = -1;
  const moves: number[] = [];
  for (const key of next.keys) {
    const place = placeOf.get(key);
    if (place === undefined) continue;
    if (place < furthest) moves.push(key);
    else furthest = place;
  }
  return moves;
}

const start = nextRowKeys(NO_ROW_KEYS, 1_000, 26);

describe('nextRowKeys', () => {
  it('first keys: 0 to count − 1, in order', () => {
    expect(start).toEqual({ first: 1_000, keys: [...Array(26).keys()] });
  });

  it('one row down: the rows that stay keep their keys; the new one takes the top row’s', () => {
    const next = nextRowKeys(start, 1_001, 26);
    expect(next.keys).toEqual([...start.keys.slice(1), start.keys[0]]);
    expect(moved(start, next)).toEqual([start.keys[0]]);
  });

  it('three rows up: the rows that stay keep their keys; the new ones take keys no row had', () => {
    const next = nextRowKeys(start, 997, 26);
    expect(next.keys.slice(3)).toEqual(start.keys.slice(0, 23));
    const fresh = next.keys.slice(0, 3);
    for (const key of fresh) expect(start.keys).not.toContain(key);
    // Built, not moved: reusing the bottom rows' keys here would have moved the 23 rows below.
    expect(moved(start, next)).toEqual([]);
  });

  it('a jump past the window: every key again, in the same order, so no row moves', () => {
    const next = nextRowKeys(start, 50_000, 26);
    expect(next.keys).toEqual(start.keys);
    expect(moved(start, next)).toEqual([]);
    // Back up, past it again.
    expect(nextRowKeys(next, 10, 26).keys).toEqual(start.keys);
  });

  it('a window that grows takes new keys for its new rows; one that shrinks drops keys', () => {
    const grown = nextRowKeys(start, 1_000, 30);
    expect(grown.keys).toEqual([...start.keys, 26, 27, 28, 29]);
    expect(nextRowKeys(grown, 1_002, 20).keys).toEqual(grown.keys.slice(2, 22));
    expect(nextRowKeys(start, 0, 0).keys).toEqual([]);
  });

  it('any scroll: keys unique, kept by every row that stays, and few', () => {
    const window = fc.record({
      first: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100_000 })),
      count: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(window, { maxLength: 40 }), (windows) => {
        let keys = NO_ROW_KEYS;
        for (const { first, count } of windows) {
          const next = nextRowKeys(keys, first, count);
          expect(next.first).toBe(first);
          expect(next.keys).toHaveLength(count);
          expect(new Set(next.keys).size).toBe(count);
          const before = byRow(keys);
          for (const [index, key] of byRow(next)) {
            if (before.has(index)) expect(key).toBe(before.get(index));
          }
          // New keys are the smallest free numbers: few, however long the scroll.
          for (const key of next.keys) expect(key).toBeLessThan(2 * 30);
          keys = next;
        }
      }),
    );
  });
});
