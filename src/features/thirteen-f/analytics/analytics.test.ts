import { describe, expect, it } from 'vitest';
import { changesFromServed, holdingsChanges, portfolioWeights, STATUS_ORDER } from './analytics.ts';
import type { HoldingChange, Position } from './analytics.ts';
import { position as positionOf } from '../../../../testing/thirteen-f-positions.ts';

/** A held position of TEST CAPITAL; label = ticker = CUSIP unless overridden. */
const position = (cusip: string, fields: Partial<Position> = {}): Position =>
  positionOf({ cusip, ticker: cusip, issuer: `${cusip} INC`, label: cusip, ...fields });

/** Positions worth the given values (shares = value / 10, i.e. $10 a share). */
const worth = (values: Record<string, number>, fields: Partial<Position> = {}) =>
  Object.entries(values).map(([cusip, value]) =>
    position(cusip, { value, shares: value / 10, ...fields }),
  );

describe('portfolioWeights', () => {
  it('derives weights from values when a weight is missing, largest first', () => {
    const weights = portfolioWeights(worth({ A: 100, B: 500, C: 250, D: 150 }), 2);
    expect(weights).toEqual({
      total: 1000,
      positionCount: 4,
      top: [
        { cusip: 'B', security: 'B', label: 'B', issuer: 'B INC', value: 500, weight: 50 },
        { cusip: 'C', security: 'C', label: 'C', issuer: 'C INC', value: 250, weight: 25 },
      ],
      other: { weight: 25, count: 2 },
      top10Weight: 100,
      options: { count: 0, value: null },
      weightSource: 'derived',
    });
  });

  it('uses served weights only when every position has one', () => {
    const served = [
      position('A', { value: 100, weight: 40 }),
      position('B', { value: 100, weight: 60 }),
    ];
    expect(portfolioWeights(served, 1)).toMatchObject({
      weightSource: 'served',
      top: [{ cusip: 'B', weight: 60 }],
      other: { weight: 40, count: 1 },
    });
    const mixed = [...served, position('C', { value: 200 })];
    expect(portfolioWeights(mixed, 3)).toMatchObject({
      weightSource: 'derived',
      top: [
        { cusip: 'C', weight: 50 },
        { cusip: 'A', weight: 25 },
        { cusip: 'B', weight: 25 },
      ],
    });
  });

  it('keeps served weights when values are not fetched', () => {
    const weights = portfolioWeights(
      [position('A', { weight: 70 }), position('B', { weight: 30 })],
      5,
    );
    expect(weights).toMatchObject({ total: null, positionCount: 2, weightSource: 'served' });
    expect(weights.other).toEqual({ weight: 0, count: 0 });
  });

  it('leaves out SOLD OUT rows and breaks weight ties by label', () => {
    const weights = portfolioWeights(
      [
        ...worth({ Z: 50, A: 50 }),
        position('GONE', { value: 0, shares: 0, weight: 0, status: 'SOLD OUT' }),
      ],
      10,
    );
    expect(weights.positionCount).toBe(2);
    expect(weights.top.map((slice) => slice.cusip)).toEqual(['A', 'Z']);
  });

  it('sums the ten largest as concentration, whatever topN is', () => {
    // Twelve positions worth 1..12: total 78, the ten largest 3..12 = 75.
    const values = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`P${i + 1}`, i + 1]));
    const weights = portfolioWeights(worth(values), 3);
    expect(weights.top10Weight).toBeCloseTo((75 / 78) * 100, 12);
    expect(weights.top.map((slice) => slice.cusip)).toEqual(['P12', 'P11', 'P10']);
    expect(weights.other.count).toBe(9);
    expect(weights.other.weight).toBeCloseTo((45 / 78) * 100, 12);
  });

  it('handles topN of 0, beyond the count, and fractional', () => {
    const positions = worth({ A: 1, B: 3 });
    expect(portfolioWeights(positions, 0)).toMatchObject({
      top: [],
      other: { weight: 100, count: 2 },
    });
    expect(portfolioWeights(positions, 10).other).toEqual({ weight: 0, count: 0 });
    expect(portfolioWeights(positions, 1.9).top).toHaveLength(1);
    expect(portfolioWeights(positions, -1).top).toHaveLength(0);
  });

  it('clamps the rest at 0 when served weights overshoot 100', () => {
    const weights = portfolioWeights(
      [
        position('A', { weight: 60.2 }),
        position('B', { weight: 40.1 }),
        position('C', { weight: 0.1 }),
      ],
      2,
    );
    expect(weights.other).toEqual({ weight: 0, count: 1 });
  });

  it('answers empty input without throwing', () => {
    expect(portfolioWeights([], 10)).toEqual({
      total: null,
      positionCount: 0,
      top: [],
      other: { weight: 0, count: 0 },
      top10Weight: 0,
      options: { count: 0, value: null },
      weightSource: 'derived',
    });
  });
});

describe('portfolioWeights with options', () => {
  const put = (cusip: string, fields: Partial<Position>) =>
    position(cusip, { option: 'Put', security: `${cusip} Put`, label: `${cusip} Put`, ...fields });

  it('leaves options out of the slices, the total and the concentration, counted apart', () => {
    const positions = [...worth({ A: 600, B: 400 }), put('A', { value: 200, shares: 20 })];
    const weights = portfolioWeights(positions, 3);
    expect(weights.total).toBe(1000);
    expect(weights.top.map((slice) => [slice.security, slice.label, slice.weight])).toEqual([
      ['A', 'A', 60],
      ['B', 'B', 40],
    ]);
    expect(weights.top10Weight).toBe(100);
    expect(weights.options).toEqual({ count: 1, value: 200 });
    expect(weights.positionCount).toBe(2);
    expect(weights.other).toEqual({ weight: 0, count: 0 });
  });

  it('ignores a weight a vendor serves on an option: the rest is the long rest only', () => {
    const served = [
      position('A', { value: 600, weight: 60 }),
      position('B', { value: 400, weight: 40 }),
      put('A', { value: 200, weight: 20 }),
      put('B', { value: 50, weight: 5 }),
    ];
    const weights = portfolioWeights(served, 1);
    expect(weights.weightSource).toBe('served');
    expect(weights.top.map((slice) => slice.security)).toEqual(['A']);
    expect(weights.other).toEqual({ weight: 40, count: 1 });
    expect(weights.top10Weight).toBe(100);
    expect(weights.options).toEqual({ count: 2, value: 250 });
  });

  it('uses served weights when only the options lack one (as the embedded service sends)', () => {
    const served = [
      position('A', { value: 600, weight: 60 }),
      position('B', { value: 400, weight: 40 }),
      put('A', { value: 200, weight: null }),
    ];
    expect(portfolioWeights(served, 5).weightSource).toBe('served');
  });
});

const byCusip = (changes: readonly HoldingChange[], cusip: string) => {
  const found = changes.find((change) => change.cusip === cusip);
  if (!found) throw new Error(`no change for ${cusip}`);
  return found;
};

describe('holdingsChanges', () => {
  // March: $1,000 in all. June: $1,500 in all.
  const march = [
    position('UP', { period: '2024-03-31', shares: 10, value: 100 }),
    position('DOWN', { period: '2024-03-31', shares: 40, value: 400 }),
    position('SAME', { period: '2024-03-31', shares: 20, value: 200 }),
    position('GONE', { period: '2024-03-31', shares: 10, value: 200 }),
    position('ZERO', { period: '2024-03-31', shares: 10, value: 100 }),
    position('BACK', { period: '2024-03-31', shares: 0, value: 0, status: 'SOLD OUT' }),
  ];
  const june = [
    position('UP', { shares: 15, value: 300 }), // +5 shares at $10, then $10 -> $20
    position('DOWN', { shares: 30, value: 240 }), // -10 shares at $10, then $10 -> $8
    position('SAME', { shares: 20, value: 260 }),
    position('ZERO', { shares: 0, value: 0 }),
    position('BACK', { shares: 5, value: 500 }),
    position('FRESH', { shares: 2, value: 200 }),
  ];
  const { changes, totalBefore, totalAfter, unclassified } = holdingsChanges(june, march);

  it('classifies on shares', () => {
    expect(Object.fromEntries(changes.map((change) => [change.cusip, change.status]))).toEqual({
      UP: 'ADDED',
      DOWN: 'REDUCED',
      SAME: 'UNCHANGED',
      GONE: 'SOLD OUT',
      ZERO: 'SOLD OUT',
      BACK: 'NEW',
      FRESH: 'NEW',
    });
    expect(changes.every((change) => change.derived)).toBe(true);
    expect([totalBefore, totalAfter, unclassified]).toEqual([1000, 1500, 0]);
  });

  it('splits a value change into quantity at the old price and price on the new shares', () => {
    expect(byCusip(changes, 'UP')).toMatchObject({
      sharesBefore: 10,
      sharesAfter: 15,
      valueBefore: 100,
      valueAfter: 300,
      shareChangePct: 50,
      quantityEffect: 50,
      priceEffect: 150,
      impact: 5,
    });
    expect(byCusip(changes, 'DOWN')).toMatchObject({
      shareChangePct: -25,
      quantityEffect: -100,
      priceEffect: -60,
      impact: 10,
    });
    expect(byCusip(changes, 'SAME')).toMatchObject({
      quantityEffect: 0,
      priceEffect: 60,
      impact: 0,
    });
    for (const change of changes)
      expect((change.quantityEffect ?? 0) + (change.priceEffect ?? 0)).toBeCloseTo(
        (change.valueAfter ?? 0) - (change.valueBefore ?? 0),
        9,
      );
  });

  it('counts a new position whole, and a sold one as its previous weight', () => {
    expect(byCusip(changes, 'FRESH')).toMatchObject({
      sharesBefore: 0,
      valueBefore: 0,
      shareChangePct: null,
      quantityEffect: 200,
      priceEffect: 0,
    });
    expect(byCusip(changes, 'FRESH').impact).toBeCloseTo((200 / 1500) * 100, 12);
    expect(byCusip(changes, 'GONE')).toMatchObject({
      sharesBefore: 10,
      sharesAfter: 0,
      valueAfter: 0,
      shareChangePct: -100,
      quantityEffect: -200,
      priceEffect: 0,
      impact: 20,
    });
  });

  it('sorts by status group, then impact, then label', () => {
    expect(changes.map((change) => change.cusip)).toEqual([
      'BACK', // NEW, 33 pp
      'FRESH', // NEW, 13 pp
      'UP',
      'DOWN',
      'GONE', // SOLD OUT, 20 pp
      'ZERO', // SOLD OUT, 10 pp
      'SAME',
    ]);
    expect(STATUS_ORDER).toEqual(['NEW', 'ADDED', 'REDUCED', 'SOLD OUT', 'UNCHANGED']);
  });

  it('falls back to weights when values are not fetched', () => {
    const result = holdingsChanges(
      [position('A', { shares: 15, weight: 30 }), position('N', { shares: 1, weight: 5 })],
      [position('A', { shares: 10, weight: 20 }), position('S', { shares: 3, weight: 8 })],
    );
    expect(result.totalBefore).toBeNull();
    expect(byCusip(result.changes, 'A')).toMatchObject({
      status: 'ADDED',
      shareChangePct: 50,
      quantityEffect: null,
      priceEffect: null,
      impact: 10, // 50 % of a 20 % position
    });
    expect(byCusip(result.changes, 'N')).toMatchObject({ quantityEffect: null, impact: 5 });
    expect(byCusip(result.changes, 'S')).toMatchObject({ quantityEffect: null, impact: 8 });
    const blind = holdingsChanges([position('A', { shares: 15 })], [position('A', { shares: 10 })]);
    expect(byCusip(blind.changes, 'A').impact).toBe(0);
  });

  it('cannot classify a position held in both quarters without its shares', () => {
    const result = holdingsChanges(
      [position('A', { value: 10 }), position('B', { shares: 1, value: 10 })],
      [position('A', { value: 5 }), position('B', { value: 5 })],
    );
    expect(result.unclassified).toBe(2);
    expect(result.changes).toEqual([]);
  });

  it('ignores positions held in neither quarter, and answers empty input', () => {
    const result = holdingsChanges(
      [position('A', { shares: 0, value: 0 })],
      [position('A', { shares: 0, value: 0 })],
    );
    expect(result.changes).toEqual([]);
    expect(holdingsChanges([], [])).toEqual({
      changes: [],
      totalBefore: null,
      totalAfter: null,
      unclassified: 0,
    });
  });
});

describe('holdingsChanges with options', () => {
  const put = (cusip: string, fields: Partial<Position>) =>
    position(cusip, { option: 'Put', security: `${cusip} Put`, label: `${cusip} Put`, ...fields });

  it('compares a put with the same put, never with the shares, over long totals', () => {
    const march = [
      position('A', { period: '2024-03-31', shares: 100, value: 1000 }),
      put('A', { period: '2024-03-31', shares: 10, value: 100 }),
    ];
    const june = [
      position('A', { shares: 100, value: 1000 }),
      put('A', { shares: 20, value: 200 }),
      put('B', { shares: 5, value: 50 }),
    ];
    const { changes, totalBefore, totalAfter } = holdingsChanges(june, march);
    expect(changes.map((change) => [change.security, change.label, change.status])).toEqual([
      ['B Put', 'B Put', 'NEW'],
      ['A Put', 'A Put', 'ADDED'],
      ['A', 'A', 'UNCHANGED'],
    ]);
    // Totals are long values: the puts' 100 and 250 are not in them.
    expect([totalBefore, totalAfter]).toEqual([1000, 1000]);
    // +10 puts at $10 against the long $1,000 before; the new put's $50 against $1,000 now.
    expect(changes.map((change) => change.impact)).toEqual([5, 10, 0]);
  });

  it('sells out a put gone while the shares stay', () => {
    const { changes } = holdingsChanges(
      [position('A', { shares: 100, value: 1000 })],
      [
        position('A', { period: '2024-03-31', shares: 100, value: 1000 }),
        put('A', { period: '2024-03-31', shares: 10, value: 100 }),
      ],
    );
    expect(changes.map((change) => [change.security, change.status])).toEqual([
      ['A Put', 'SOLD OUT'],
      ['A', 'UNCHANGED'],
    ]);
  });
});

describe('changesFromServed', () => {
  const served = [
    position('A', { shares: 40, value: 400, weight: 40, status: 'REDUCED', pctChange: -20 }),
    position('N', { shares: 1, value: 100, weight: 10, status: 'NEW' }),
    position('S', { shares: 0, value: 0, weight: 0, status: 'SOLD OUT', pctChange: -100 }),
    position('U', { shares: 5, value: 500, weight: 50, status: 'UNCHANGED', pctChange: 0 }),
    position('X', { shares: 5, value: 500, weight: 50 }),
  ];

  it('takes status and change as served, without effects, and skips unstated ones', () => {
    const changes = changesFromServed(served);
    expect(changes.map((change) => change.cusip)).toEqual(['N', 'A', 'S', 'U']);
    expect(byCusip(changes, 'A')).toEqual({
      cusip: 'A',
      security: 'A',
      label: 'A',
      issuer: 'A INC',
      status: 'REDUCED',
      sharesBefore: null,
      sharesAfter: 40,
      valueBefore: null,
      valueAfter: 400,
      shareChangePct: -20,
      quantityEffect: null,
      priceEffect: null,
      impact: 8, // |−20 %| × 40 % / 100
      derived: false,
    });
    expect(byCusip(changes, 'N')).toMatchObject({ shareChangePct: null, impact: 10 });
    expect(byCusip(changes, 'S')).toMatchObject({ shareChangePct: -100, impact: 0 });
  });

  it('answers empty input', () => {
    expect(changesFromServed([])).toEqual([]);
  });
});
