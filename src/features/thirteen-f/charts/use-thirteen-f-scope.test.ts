import { describe, expect, it } from 'vitest';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import { isWholePortfolio, mainPair } from './use-thirteen-f-scope.ts';

describe('isWholePortfolio', () => {
  const shares = [position({ weight: 60 }), position({ cusip: 'C2', weight: 40 })];
  const put = position({ weight: 20, option: 'Put', security: 'C1 Put' });

  it('takes served weights adding up to 100 % as the whole portfolio', () => {
    expect(isWholePortfolio(shares, false)).toBe(true);
    expect(isWholePortfolio(shares.slice(0, 1), false)).toBe(false);
    expect(isWholePortfolio([...shares, position({ cusip: 'C3' })], true)).toBe(false);
  });

  it('takes options over the 100 % of the shares when rows are named', () => {
    expect(isWholePortfolio([...shares, put], true)).toBe(true);
  });

  it('fetches the portfolio when unnamed rows add up to more: options merged with shares', () => {
    const merged = [position({ weight: 80 }), position({ cusip: 'C2', weight: 40 })];
    expect(isWholePortfolio(merged, false)).toBe(false);
  });
});

describe('mainPair', () => {
  const pair = (filer: string, period: string, positions: number) => ({ filer, period, positions });

  it('is the pair with the most positions, then the latest period', () => {
    const pairs = [
      pair('A', '2024-12-31', 3),
      pair('B', '2025-03-31', 3),
      pair('C', '2025-03-31', 9),
    ];
    expect(mainPair(pairs, [])?.filer).toBe('C');
    expect(mainPair(pairs.slice(0, 2), [])?.filer).toBe('B');
  });

  it('on a full tie, the filer the result lists first: the largest holder of a security', () => {
    // Pairs come sorted by name; the result (holders by value) lists BETA first.
    const pairs = [
      pair('ALPHA', '2025-03-31', 1),
      pair('BETA', '2025-03-31', 1),
      pair('GAMMA', '2025-03-31', 1),
    ];
    const holders = ['BETA', 'GAMMA', 'ALPHA'].map((filer) =>
      position({ filer, period: '2025-03-31' }),
    );
    expect(mainPair(pairs, holders)?.filer).toBe('BETA');
  });
});
