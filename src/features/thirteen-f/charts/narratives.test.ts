import { describe, expect, it } from 'vitest';
import type { HoldingStatus } from '#contract/holding-status';
import type { HoldingChange, PortfolioWeights } from '../analytics/analytics.ts';
import type { ChangeBar } from './change-bars.ts';
import type { DataFlag } from '../analytics/flags.ts';
import { changesSummary, isFlagged, valueSplitSummary, weightsSummary } from './narratives.ts';

const JUMP: DataFlag = { kind: 'price-jump', message: 'The implied price jumped.' };
const LATE: DataFlag = { kind: 'amended', message: 'Filed late.' };

function change(label: string, status: HoldingStatus, impact: number): HoldingChange {
  return {
    cusip: `${label}-cusip`,
    security: `${label}-cusip`,
    label,
    issuer: `${label} INC`,
    status,
    sharesBefore: null,
    sharesAfter: null,
    valueBefore: null,
    valueAfter: null,
    shareChangePct: null,
    quantityEffect: null,
    priceEffect: null,
    impact,
    derived: true,
  };
}

function bar(
  entry: HoldingChange,
  flags: readonly DataFlag[],
  effects: { quantity: number; price: number } = { quantity: 0, price: 0 },
): ChangeBar {
  return {
    ...entry,
    quantityEffect: effects.quantity,
    priceEffect: effects.price,
    name: entry.label,
    plotted: 0,
    insideLabel: '',
    fill: '#000',
    flags,
    barLabel: '',
  };
}

const MA = change('MA', 'ADDED', 40);
const AAPL = change('AAPL', 'ADDED', 6);
const KO = change('KO', 'REDUCED', 9);
const SNOW = change('SNOW', 'NEW', 3);
const CHANGES = [SNOW, MA, AAPL, KO];

describe('isFlagged', () => {
  it('is a position whose implied price jumped (its ⚠), not one in a late filing', () => {
    expect(isFlagged([JUMP])).toBe(true);
    expect(isFlagged([LATE, JUMP])).toBe(true);
    expect(isFlagged([LATE])).toBe(false);
    expect(isFlagged([])).toBe(false);
    expect(isFlagged(undefined)).toBe(false);
  });
});

describe('changesSummary', () => {
  it('names the largest impact as before when nothing is flagged', () => {
    const bars = CHANGES.map((entry) => bar(entry, [LATE]));
    expect(changesSummary(CHANGES, bars, new Map([[MA.cusip, [LATE]]]))).toBe(
      '1 NEW, 2 ADDED, 1 REDUCED, 0 SOLD OUT, 0 UNCHANGED. The largest impact is MA.',
    );
  });

  it('counts flagged changes in the statuses but names the largest impact without them', () => {
    const flags = new Map([[MA.cusip, [JUMP]]]);
    const bars = CHANGES.map((entry) => bar(entry, flags.get(entry.cusip) ?? []));
    expect(changesSummary(CHANGES, bars, flags)).toBe(
      '1 NEW, 2 ADDED, 1 REDUCED, 0 SOLD OUT, 0 UNCHANGED (includes 1 flagged ⚠). Leaving out the flagged, the largest impact is KO.',
    );
  });

  it('names none when every charted change is flagged', () => {
    const flags = new Map([
      [MA.cusip, [JUMP]],
      [KO.cusip, [JUMP]],
    ]);
    const bars = [bar(MA, [JUMP]), bar(KO, [JUMP])];
    expect(changesSummary(CHANGES, bars, flags)).toBe(
      '1 NEW, 2 ADDED, 1 REDUCED, 0 SOLD OUT, 0 UNCHANGED (includes 2 flagged ⚠). Every charted change is flagged ⚠, so none is named the largest impact.',
    );
  });
});

describe('valueSplitSummary', () => {
  const split = [
    bar(MA, [JUMP], { quantity: 187_000_000, price: -3_000_000 }),
    bar(AAPL, [LATE], { quantity: 8_000_000, price: 15_000_000 }),
    bar(KO, [], { quantity: 0, price: -2_000_000 }),
  ];

  it('totals every position when none is flagged', () => {
    expect(valueSplitSummary(split.slice(1))).toBe(
      'Across these 2 positions, trading moved $8,000,000 and prices $13,000,000.',
    );
  });

  it('leaves flagged positions out of the totals, and says how many', () => {
    expect(valueSplitSummary(split)).toBe(
      'Leaving out 1 flagged ⚠ position, across the other 2 trading moved $8,000,000 and prices $13,000,000.',
    );
  });

  it('gives no totals when every position is flagged', () => {
    const flagged = [split[0] as ChangeBar, bar(KO, [JUMP], { quantity: 1, price: 1 })];
    expect(valueSplitSummary(flagged)).toBe(
      'All 2 positions are flagged ⚠, so no totals are given.',
    );
  });
});

describe('weightsSummary', () => {
  const weights: PortfolioWeights = {
    total: 100_000_000,
    positionCount: 12,
    top: [
      {
        cusip: 'MA-cusip',
        security: 'MA-cusip',
        label: 'MA',
        issuer: 'MASTERCARD',
        value: 40_000_000,
        weight: 40,
      },
      {
        cusip: 'AAPL-cusip',
        security: 'AAPL-cusip',
        label: 'AAPL',
        issuer: 'APPLE',
        value: 20_000_000,
        weight: 20,
      },
    ],
    other: { weight: 40, count: 10 },
    top10Weight: 95.5,
    weightSource: 'served',
    options: { count: 0, value: null },
  };

  it('reads as before when nothing is flagged', () => {
    expect(weightsSummary(weights, new Map([['MA-cusip', [LATE]]]))).toBe(
      'The largest holding is MA at 40.00%; the top 10 make up 95.50% of the long value, $100,000,000.',
    );
  });

  it('keeps flagged positions, as filed, marks the largest one ⚠ and says how many', () => {
    const flags = new Map([
      ['MA-cusip', [JUMP]],
      ['KO-cusip', [LATE, JUMP]],
    ]);
    expect(weightsSummary(weights, flags)).toBe(
      'The largest holding is ⚠ MA at 40.00%; the top 10 make up 95.50% of the long value, $100,000,000. These figures are as filed and include 2 flagged ⚠ positions.',
    );
  });

  it('says so when there is nothing to chart', () => {
    const empty = { ...weights, total: null, positionCount: 0, top: [], top10Weight: 0 };
    expect(weightsSummary(empty, new Map())).toBe('No holdings to chart.');
  });
});
