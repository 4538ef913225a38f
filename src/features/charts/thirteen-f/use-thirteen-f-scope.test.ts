import { describe, expect, it } from 'vitest';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import { isWholePortfolio } from './use-thirteen-f-scope.ts';

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
