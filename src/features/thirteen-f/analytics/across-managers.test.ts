import { describe, expect, it } from 'vitest';
import { quarterAcrossManagers, securityByQuarter, securityHolders } from './across-managers.ts';
import { compareManagers } from './manager-comparison.ts';
import { toPositions } from './positions.ts';

const Q1 = '2025-03-31';
const Q4 = '2024-12-31';

/** A 13F row as the service sends it; `name` ends in " PUT"/" CALL" for an option. */
function row(
  filer: string,
  period: string,
  ticker: string,
  cusip: string,
  value: number,
  shares: number,
  status: string | null,
  option = '',
) {
  return {
    companyname: filer,
    periodofreport: period,
    name: `${filer} ${period} ${ticker}${option}`,
    ticker,
    cusip,
    nameofissuer: `${ticker} INC`,
    value,
    shrsorprnamt: shares,
    portfolio_pct_weight: null,
    status,
    pct_change_qoq: null,
  };
}

const positions = toPositions([
  // ALPHA: opens AAPL, adds KO, holds a call on AAPL besides the shares.
  row('ALPHA', Q1, 'AAPL', '037833100', 600, 60, 'NEW'),
  row('ALPHA', Q1, 'AAPL', '037833100', 100, 10, 'NEW', ' CALL'),
  row('ALPHA', Q1, 'KO', '191216100', 400, 40, 'ADDED'),
  // BETA: adds AAPL, sells out of KO (the SOLD OUT row is 0 shares in the quarter).
  row('BETA', Q1, 'AAPL', '037833100', 300, 30, 'ADDED'),
  row('BETA', Q1, 'KO', '191216100', 0, 0, 'SOLD OUT'),
  row('BETA', Q1, 'MSFT', '594918104', 700, 7, 'REDUCED'),
  row('BETA', Q4, 'KO', '191216100', 200, 20, null),
  // GAMMA files only this quarter: everything NEW.
  row('GAMMA', Q1, 'AAPL', '037833100', 300, 30, 'NEW'),
  row('GAMMA', Q1, 'MSFT', '594918104', 100, 1, 'NEW'),
]);

describe('securityHolders', () => {
  it('ranks holders by value, ties by name, and lists the managers that sold out apart', () => {
    const { holders, soldOut } = securityHolders(positions, '037833100', Q1);
    expect(holders.map((holder) => [holder.filer, holder.value, holder.status])).toEqual([
      ['ALPHA', 600, 'NEW'],
      ['BETA', 300, 'ADDED'],
      ['GAMMA', 300, 'NEW'],
    ]);
    expect(soldOut).toEqual([]);
    const ko = securityHolders(positions, '191216100', Q1);
    expect(ko.holders.map((holder) => holder.filer)).toEqual(['ALPHA']);
    expect(ko.soldOut.map((holder) => [holder.filer, holder.status])).toEqual([
      ['BETA', 'SOLD OUT'],
    ]);
  });

  it('keeps an option apart from the shares of its CUSIP', () => {
    const calls = securityHolders(positions, '037833100 Call', Q1);
    expect(calls.holders.map((holder) => [holder.filer, holder.label, holder.value])).toEqual([
      ['ALPHA', 'AAPL Call', 100],
    ]);
  });

  it('flags a holder’s row as the filer charts do, against its position the quarter before', () => {
    // BETA's KO: $10 a share at Q4; at Q1 a row of $400 for 4 shares is $100 (×10).
    const flagged = toPositions([
      row('BETA', Q4, 'KO', '191216100', 200, 20, null),
      row('BETA', Q1, 'KO', '191216100', 400, 4, 'REDUCED'),
      row('ALPHA', Q1, 'KO', '191216100', 400, 40, 'NEW'),
    ]);
    const { holders } = securityHolders(flagged, '191216100', Q1);
    const flagsOf = (filer: string) =>
      holders.find((holder) => holder.filer === filer)?.flags.map((flag) => flag.kind);
    expect(flagsOf('BETA')).toEqual(['price-jump']);
    // No quarter before for ALPHA in this security: NEW, no gap claimed.
    expect(flagsOf('ALPHA')).toEqual([]);
  });
});

describe('securityByQuarter', () => {
  it('counts holders, totals, buyers and sellers per quarter, oldest first', () => {
    expect(
      securityByQuarter(positions, '191216100').map(
        ({ period, holders, shares, value, buyers, sellers }) => ({
          period,
          holders,
          shares,
          value,
          buyers,
          sellers,
        }),
      ),
    ).toEqual([
      { period: Q4, holders: 1, shares: 20, value: 200, buyers: 0, sellers: 0 },
      { period: Q1, holders: 1, shares: 40, value: 400, buyers: 1, sellers: 1 },
    ]);
  });
});

describe('quarterAcrossManagers', () => {
  it('ranks the most bought, most sold and most held, by managers, then combined value', () => {
    const quarter = quarterAcrossManagers(positions, Q1);
    // ALPHA's AAPL call (a notional) counts in none of the lists.
    expect(quarter.mostBought.map((entry) => [entry.label, entry.managers])).toEqual([
      ['AAPL', ['ALPHA', 'BETA', 'GAMMA']],
      ['KO', ['ALPHA']],
      ['MSFT', ['GAMMA']],
    ]);
    expect(quarter.mostSold.map((entry) => [entry.label, entry.managers, entry.value])).toEqual([
      ['MSFT', ['BETA'], 700],
      ['KO', ['BETA'], 0],
    ]);
    expect(
      quarter.consensus.map((entry) => [entry.label, entry.managers.length, entry.value]),
    ).toEqual([
      ['AAPL', 3, 1200],
      ['MSFT', 2, 800],
      ['KO', 1, 400],
    ]);
  });

  it('lists the largest new positions by value and by weight, and filters by managers', () => {
    const quarter = quarterAcrossManagers(positions, Q1);
    expect(quarter.largestNewByValue.map((entry) => `${entry.filer} ${entry.label}`)).toEqual([
      'ALPHA AAPL',
      'GAMMA AAPL',
      'GAMMA MSFT',
    ]);
    const two = quarterAcrossManagers(positions, Q1, { managers: new Set(['BETA', 'GAMMA']) });
    // Two managers each: the larger combined value first (MSFT 800, AAPL 600).
    expect(two.consensus.map((entry) => [entry.label, entry.managers])).toEqual([
      ['MSFT', ['BETA', 'GAMMA']],
      ['AAPL', ['BETA', 'GAMMA']],
    ]);
    expect(quarterAcrossManagers(positions, '2023-12-31').consensus).toEqual([]);
  });
});

describe('compareManagers', () => {
  const of = (filer: string) =>
    positions.filter((position) => position.filer === filer && position.period === Q1);

  it('weighs the shared positions, lists the rest, and scores the overlap of weights', () => {
    // ALPHA long value 1,000 (the call left out): AAPL 60 %, KO 40 %.
    // BETA long value 1,000 (the sold-out KO left out): AAPL 30 %, MSFT 70 %.
    const comparison = compareManagers(of('ALPHA'), of('BETA'));
    expect(comparison.shared.map((entry) => [entry.label, entry.weightA, entry.weightB])).toEqual([
      ['AAPL', 60, 30],
    ]);
    expect(comparison.onlyA.map((entry) => entry.label)).toEqual(['KO']);
    expect(comparison.onlyB.map((entry) => entry.label)).toEqual(['MSFT']);
    expect(comparison.overlapByWeight).toBeCloseTo(30);
    expect(comparison.overlapByCount).toBeCloseTo((1 / 3) * 100);
    // 60 % of ALPHA's money is in what BETA holds too; 30 % of BETA's in what ALPHA holds.
    expect(comparison.sharedValueOfA).toBeCloseTo(60);
    expect(comparison.sharedValueOfB).toBeCloseTo(30);
  });

  it('is 100 % for a portfolio against itself and undefined against nothing', () => {
    expect(compareManagers(of('ALPHA'), of('ALPHA')).overlapByWeight).toBeCloseTo(100);
    expect(compareManagers(of('ALPHA'), []).overlapByWeight).toBeNull();
    expect(compareManagers([], []).overlapByCount).toBeNull();
  });
});
