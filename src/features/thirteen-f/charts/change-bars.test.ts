import { describe, expect, it } from 'vitest';
import type { HoldingStatus } from '#contract/holding-status';
import type { HoldingChange } from '../analytics/analytics.ts';
import { STATUS_COLORS } from './status-colors.ts';
import { changeBars, shareChangeTicks, maxBarsFor } from './change-bars.ts';
import type { DataFlag } from '../analytics/flags.ts';

function change(
  label: string,
  status: HoldingStatus,
  impact: number,
  shareChangePct: number | null,
): HoldingChange {
  return {
    cusip: `${label}000000`,
    security: `${label}000000`,
    label,
    issuer: `${label} INC`,
    status,
    sharesBefore: null,
    sharesAfter: null,
    valueBefore: null,
    valueAfter: null,
    shareChangePct,
    quantityEffect: null,
    priceEffect: null,
    impact,
    derived: false,
  };
}

// In status groups, as holdingsChanges and changesFromServed list them.
const CHANGES = [
  { ...change('NEW1', 'NEW', 3, null), valueAfter: 2_500_000 },
  change('ADD1', 'ADDED', 5, 30),
  change('ADD2', 'ADDED', 1, 120),
  change('RED1', 'REDUCED', 4, -40),
  change('UNC1', 'UNCHANGED', 0, 0),
];
const EVERY = new Set(CHANGES.map((entry) => entry.cusip));
const NO_FLAGS = new Map<string, readonly DataFlag[]>();
const ALL = { inResult: EVERY, wholePortfolio: false, withUnchanged: true, maxBars: 40 };

describe('maxBarsFor', () => {
  it('gives a bar about 24 pixels, and between 10 and 40 bars', () => {
    expect(maxBarsFor(480)).toBe(20);
    expect(maxBarsFor(100)).toBe(10);
    expect(maxBarsFor(5000)).toBe(40);
  });
});

describe('changeBars', () => {
  it('leaves out UNCHANGED unless asked, and what the result does not hold unless whole', () => {
    const outside = new Set([...EVERY].filter((cusip) => !cusip.startsWith('ADD2')));
    const labels = (selection: Parameters<typeof changeBars>[2]) =>
      changeBars(CHANGES, NO_FLAGS, selection).shown.map((entry) => entry.label);
    expect(labels({ ...ALL, withUnchanged: false })).toEqual(['NEW1', 'ADD1', 'ADD2', 'RED1']);
    expect(labels({ ...ALL, inResult: outside })).toEqual(['NEW1', 'ADD1', 'RED1', 'UNC1']);
    expect(labels({ ...ALL, inResult: outside, wholePortfolio: true })).toHaveLength(5);
  });

  it('draws what was sold or reduced even when the result does not hold it', () => {
    const sold = [...CHANGES, change('SOLD1', 'SOLD OUT', 2, -100)];
    const onlyNew = new Set(['NEW1000000']);
    const labels = changeBars(sold, NO_FLAGS, { ...ALL, inResult: onlyNew }).shown.map(
      (entry) => entry.label,
    );
    expect(labels).toEqual(['NEW1', 'RED1', 'SOLD1']);
  });

  it('keeps the largest impacts, in their status groups', () => {
    const { shown, bars } = changeBars(CHANGES, NO_FLAGS, { ...ALL, maxBars: 3 });
    expect(shown).toHaveLength(5);
    expect(bars.map((bar) => bar.label)).toEqual(['NEW1', 'ADD1', 'RED1']);
  });

  it('ends the axis at a round 50 above the largest rise, and draws NEW reaching it, labelled', () => {
    const { bars, largestRise } = changeBars(CHANGES, NO_FLAGS, ALL);
    expect(largestRise).toBe(150);
    expect(bars.map((bar) => bar.plotted)).toEqual([150, 30, 120, -40, 0]);
    // NEW is no percentage: its bar says NEW and what it is worth; the others need no label.
    expect(bars.map((bar) => bar.barLabel)).toEqual(['NEW $2.5M', '', '', '', '']);
    expect(bars.map((bar) => bar.fill)).toEqual([
      STATUS_COLORS.NEW,
      STATUS_COLORS.ADDED,
      STATUS_COLORS.ADDED,
      STATUS_COLORS.REDUCED,
      STATUS_COLORS.UNCHANGED,
    ]);
    // Without a rise above 100 %, the axis still reaches 100.
    expect(changeBars(CHANGES.slice(0, 2), NO_FLAGS, ALL).largestRise).toBe(100);
  });

  it('caps the axis at +200 % so a huge rise keeps the other bars readable, and labels it', () => {
    const huge = [...CHANGES, change('ADD3', 'ADDED', 2, 900)];
    const { bars, largestRise } = changeBars(huge, NO_FLAGS, { ...ALL, wholePortfolio: true });
    expect(largestRise).toBe(200);
    const add3 = bars.find((bar) => bar.label === 'ADD3');
    expect([add3?.plotted, add3?.barLabel]).toEqual([200, '+900.00%']);
    expect(bars.find((bar) => bar.label === 'NEW1')?.plotted).toBe(200);
    expect(bars.find((bar) => bar.label === 'ADD2')?.plotted).toBe(120);
  });

  it('marks a bar whose implied price jumped, and carries every flag for its tooltip', () => {
    const jump: DataFlag = { kind: 'price-jump', message: 'The price jumped.' };
    const amended: DataFlag = { kind: 'amended', message: 'Amended.' };
    const flags = new Map([
      ['ADD1000000', [jump]],
      ['RED1000000', [amended]],
    ]);
    const { bars } = changeBars(CHANGES, flags, ALL);
    expect(bars.map((bar) => bar.name)).toEqual(['NEW1', '⚠ ADD1', 'ADD2', 'RED1', 'UNC1']);
    expect(bars[1]?.flags).toEqual([jump]);
    expect(bars[3]?.flags).toEqual([amended]);
  });

  it('writes SOLD OUT inside its bar, so the status never rests on the colour alone', () => {
    const sold = [...CHANGES, change('SOLD1', 'SOLD OUT', 2, -100)];
    const { bars } = changeBars(sold, NO_FLAGS, { ...ALL, wholePortfolio: true });
    expect(bars.map((bar) => [bar.label, bar.insideLabel])).toContainEqual([
      'SOLD1',
      'SOLD\u00a0OUT',
    ]);
    expect(bars.filter((bar) => bar.insideLabel !== '').map((bar) => bar.label)).toEqual(['SOLD1']);
  });
});

describe('shareChangeTicks', () => {
  /** The pixel gap between neighbouring ticks, on a plot `width` wide from -100 to `end`. */
  const gaps = (ticks: readonly number[], end: number, width: number) =>
    ticks.slice(1).map((tick, index) => ((tick - (ticks[index] ?? 0)) * width) / (end + 100));

  it('draws every 50 % where there is room, -100 % and 100 % always among them', () => {
    expect(shareChangeTicks(150, 600)).toEqual([-100, -50, 0, 50, 100, 150]);
    expect(shareChangeTicks(200, 900)).toEqual([-100, -50, 0, 50, 100, 150, 200]);
  });

  it('steps by 100 % on a narrow plot, no two labels closer than a label is wide', () => {
    // A chart in a narrow pane: 200 px for -100 % to 150 %, 40 px per 50 %.
    const ticks = shareChangeTicks(150, 200);
    expect(ticks).toEqual([-100, 0, 100]);
    for (const gap of gaps(ticks, 150, 200)) expect(gap).toBeGreaterThanOrEqual(56);
    expect(shareChangeTicks(200, 300)).toEqual([-100, 0, 100, 200]);
  });
});
