import { describe, expect, it } from 'vitest';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import { issuerHistory, totalsByPeriod } from './history.ts';

describe('totalsByPeriod', () => {
  it('totals each filer per period, oldest first, counting held positions', () => {
    const positions = [
      position({ filer: 'B', period: '2024-06-30', value: 10, shares: 1 }),
      position({ filer: 'B', period: '2024-06-30', cusip: 'C2', value: 5, shares: 1 }),
      position({ filer: 'B', period: '2024-06-30', cusip: 'C3', value: 0, shares: 0 }),
      position({ filer: 'A', period: '2024-06-30', value: 7, shares: 1 }),
      position({ filer: 'B', period: '2024-03-31', value: 3, shares: 1 }),
      position({ filer: 'A', period: '2024-03-31', cusip: 'C9', shares: 4 }),
    ];
    expect(totalsByPeriod(positions)).toEqual([
      { filer: 'A', period: '2024-03-31', total: 0, positions: 1 },
      { filer: 'B', period: '2024-03-31', total: 3, positions: 1 },
      { filer: 'A', period: '2024-06-30', total: 7, positions: 1 },
      { filer: 'B', period: '2024-06-30', total: 15, positions: 2 },
    ]);
  });

  it('totals long values, leaving options out, but counts them as positions', () => {
    const positions = [
      position({ value: 10, shares: 1 }),
      position({ value: 4, shares: 1, option: 'Call', security: 'C1 Call' }),
    ];
    expect(totalsByPeriod(positions)).toEqual([
      { filer: 'TEST CAPITAL', period: '2024-06-30', total: 10, positions: 2 },
    ]);
  });
});

describe('issuerHistory', () => {
  const portfolio = [
    position({ period: '2024-06-30', cusip: 'C1', value: 30, shares: 3 }),
    position({ period: '2024-06-30', cusip: 'C2', value: 70, shares: 7 }),
    position({ period: '2024-03-31', cusip: 'C1', value: 20, shares: 2, weight: 12.5 }),
    position({ period: '2024-03-31', cusip: 'C2', value: 80, shares: 8, weight: 87.5 }),
    position({ filer: 'OTHER', period: '2024-06-30', cusip: 'C1', value: 1, shares: 1 }),
  ];

  it('follows one CUSIP oldest first, with served weights and no guessed ones', () => {
    expect(issuerHistory(portfolio, ' c1 ')).toEqual([
      { filer: 'TEST CAPITAL', period: '2024-03-31', shares: 2, value: 20, weight: 12.5 },
      { filer: 'OTHER', period: '2024-06-30', shares: 1, value: 1, weight: null },
      { filer: 'TEST CAPITAL', period: '2024-06-30', shares: 3, value: 30, weight: null },
    ]);
  });

  it('derives weights per filer and period when told the portfolios are complete', () => {
    expect(issuerHistory(portfolio, 'C1', true).map((entry) => entry.weight)).toEqual([
      12.5, 100, 30,
    ]);
  });

  it('follows the shares or one option of a CUSIP, and derives weights over long values', () => {
    const put = { option: 'Put' as const, security: 'C1 Put' };
    const withPut = [
      ...portfolio.slice(0, 2),
      position({ period: '2024-06-30', cusip: 'C1', value: 50, shares: 5, ...put }),
    ];
    expect(issuerHistory(withPut, 'C1', true)).toEqual([
      { filer: 'TEST CAPITAL', period: '2024-06-30', shares: 3, value: 30, weight: 30 },
    ]);
    expect(issuerHistory(withPut, 'C1 Put', true)).toEqual([
      { filer: 'TEST CAPITAL', period: '2024-06-30', shares: 5, value: 50, weight: 50 },
    ]);
  });

  it('is empty for a CUSIP that is not there', () => {
    expect(issuerHistory(portfolio, 'C404')).toEqual([]);
  });
});
