/**
 * 13F chart analytics over positions (see positions.ts): portfolio weights, quarter-over-quarter
 * changes and history. Pure functions: no React, no fetching.
 */
import { compareText, isHeld, percentOf, sum, totalValue } from './positions.ts';
import type { HoldingStatus, Position } from './positions.ts';

export type { HoldingStatus, Position } from './positions.ts';
export { issuerHistory, totalsByPeriod } from './history.ts';
export { filersAndPeriods, previousQuarterEnd, toPositions } from './positions.ts';

/** One slice of a portfolio chart. */
interface WeightSlice {
  readonly cusip: string;
  readonly label: string;
  readonly issuer: string;
  readonly value: number | null;
  /** Percent of the portfolio, 0–100. */
  readonly weight: number;
}

/** A portfolio's composition: the largest slices, the rest, and its concentration. */
export interface PortfolioWeights {
  /** Sum of values; null when no position carries a value. */
  readonly total: number | null;
  /** Positions with value > 0 or weight > 0 (SOLD OUT rows with 0 excluded). */
  readonly positionCount: number;
  /** The topN largest by weight, descending. */
  readonly top: WeightSlice[];
  /** The rest: 100 − sum(top) clamped ≥ 0 (0 when nothing is left), and how many positions. */
  readonly other: { readonly weight: number; readonly count: number };
  /** Concentration: sum of the 10 largest weights. */
  readonly top10Weight: number;
  /** 'served' when every position has a served weight, else value / total × 100. */
  readonly weightSource: 'served' | 'derived';
}

/**
 * Weights of ONE filer's COMPLETE portfolio for one period (the caller guarantees completeness:
 * derived weights divide by the sum of what is given). Throws nothing; empty input gives a null
 * total, no slices and weight source 'derived'.
 */
export function portfolioWeights(positions: readonly Position[], topN: number): PortfolioWeights {
  const total = totalValue(positions);
  // Served weights are used only when all are: mixed with derived ones they would not add up.
  const served = positions.length > 0 && positions.every((position) => position.weight !== null);
  const weightOf = (position: Position) =>
    served
      ? (position.weight ?? 0)
      : total !== null && total > 0 && position.value !== null
        ? (position.value / total) * 100
        : 0;
  // NaN shows none, as slice(0, NaN) would.
  const count = Math.max(0, Math.floor(topN)) || 0;
  // Only the largest are shown (and the 10 largest summed): at most max(topN, 10) are ranked.
  const ranked = largestSlices(
    positions.filter((position) => (position.value ?? 0) > 0 || (position.weight ?? 0) > 0),
    weightOf,
    Math.max(count, 10),
  );
  const top = ranked.slices.slice(0, count);
  const rest = ranked.count - top.length;
  return {
    total,
    positionCount: ranked.count,
    top,
    other: {
      weight: rest === 0 ? 0 : Math.max(0, 100 - sum(top.map((slice) => slice.weight))),
      count: rest,
    },
    top10Weight: sum(ranked.slices.slice(0, 10).map((slice) => slice.weight)),
    weightSource: served ? 'served' : 'derived',
  };
}

/** Largest weight first, then by label: the order of a portfolio's slices. */
const bySlice = (a: WeightSlice, b: WeightSlice) =>
  b.weight - a.weight || compareText(a.label, b.label);

function toSlice(position: Position, weight: number): WeightSlice {
  return {
    cusip: position.cusip,
    label: position.label,
    issuer: position.issuer,
    value: position.value,
    weight,
  };
}

/**
 * The `limit` first slices of `held` in `bySlice` order (as a stable sort would give them), and
 * how many there are. A portfolio can hold 100,000 positions: a full sort of them all cost more
 * than the rest of the chart, so the largest are kept in a short sorted list instead.
 */
function largestSlices(
  held: readonly Position[],
  weightOf: (position: Position) => number,
  limit: number,
): { slices: WeightSlice[]; count: number } {
  if (limit * 8 >= held.length) {
    const all = held.map((position) => toSlice(position, weightOf(position)));
    return { slices: all.sort(bySlice).slice(0, limit), count: all.length };
  }
  const kept: WeightSlice[] = [];
  for (const position of held) {
    const weight = weightOf(position);
    const last = kept.at(-1);
    // Cheap rejection first: no larger than the smallest kept (ties go by label).
    if (kept.length === limit && last !== undefined && weight < last.weight) continue;
    const slice = toSlice(position, weight);
    // After every kept slice it does not come before: a later equal slice stays later.
    let at = kept.length;
    while (at > 0 && bySlice(slice, kept[at - 1] as WeightSlice) < 0) at--;
    if (at >= limit) continue;
    kept.splice(at, 0, slice);
    if (kept.length > limit) kept.pop();
  }
  return { slices: kept, count: held.length };
}

/** How one security changed between two quarters of one filer. */
export interface HoldingChange {
  readonly cusip: string;
  readonly label: string;
  readonly issuer: string;
  readonly status: HoldingStatus;
  readonly sharesBefore: number | null;
  readonly sharesAfter: number | null;
  readonly valueBefore: number | null;
  readonly valueAfter: number | null;
  /** (after − before) / before × 100; null for NEW; −100 for SOLD OUT. */
  readonly shareChangePct: number | null;
  /**
   * Δshares × previous implied price (USD); NEW: valueAfter; SOLD OUT: −valueBefore; null when
   * a needed figure is missing.
   */
  readonly quantityEffect: number | null;
  /**
   * sharesAfter × (priceAfter − priceBefore), so quantity + price = valueAfter − valueBefore;
   * 0 for NEW and SOLD OUT; null when a needed figure is missing.
   */
  readonly priceEffect: number | null;
  /**
   * Portfolio impact in percentage points: |quantityEffect| / previous total × 100; NEW:
   * valueAfter / totalAfter × 100; SOLD OUT: valueBefore / totalBefore × 100. Without values,
   * from weights: NEW its weight, SOLD OUT its previous weight, others |Δ%| × the previous
   * weight (else the current one, an estimate) / 100; 0 when nothing is known.
   */
  readonly impact: number;
  /** True when classified from two quarters here, false when from served status / pct_change. */
  readonly derived: boolean;
}

/** The order status groups are listed in. */
export const STATUS_ORDER: readonly HoldingStatus[] = [
  'NEW',
  'ADDED',
  'REDUCED',
  'SOLD OUT',
  'UNCHANGED',
];

const priceOf = (value: number | null, shares: number | null) =>
  value !== null && shares !== null && shares > 0 ? value / shares : null;

/**
 * Impact from weights alone, for when values are missing (see HoldingChange.impact). With the
 * previous weight, |Δ%| × previous weight / 100 equals the value-based impact; with only the
 * current weight it is an estimate.
 */
function weightImpact(
  status: HoldingStatus,
  changePct: number | null,
  weightBefore: number | null,
  weightAfter: number | null,
): number {
  if (status === 'NEW') return weightAfter ?? 0;
  if (status === 'SOLD OUT') return weightBefore ?? 0;
  const weight = weightBefore ?? weightAfter;
  return changePct === null || weight === null ? 0 : (Math.abs(changePct) * weight) / 100;
}

function byStatusThenImpact(a: HoldingChange, b: HoldingChange): number {
  return (
    STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
    b.impact - a.impact ||
    compareText(a.label, b.label)
  );
}

/** What a continuing position's shares say about it, or undefined when they are unknown. */
function continuingStatus(before: number | null, after: number | null): HoldingStatus | undefined {
  if (before === null || after === null) return undefined;
  return after > before ? 'ADDED' : after < before ? 'REDUCED' : 'UNCHANGED';
}

/**
 * Classifies quarter over quarter from two periods of ONE filer (derived = true), on shares:
 * not held before (0 or missing) -> NEW, more -> ADDED, fewer -> REDUCED, equal -> UNCHANGED,
 * gone now (or 0 now with > 0 before) -> SOLD OUT. Positions held in both quarters whose shares
 * are missing in either cannot be classified: they are counted in `unclassified`. Sorted by
 * STATUS_ORDER group, then impact descending, then label.
 */
export function holdingsChanges(
  current: readonly Position[],
  previous: readonly Position[],
): {
  changes: HoldingChange[];
  totalBefore: number | null;
  totalAfter: number | null;
  unclassified: number;
} {
  const totalBefore = totalValue(previous);
  const totalAfter = totalValue(current);
  const before = new Map(previous.filter(isHeld).map((position) => [position.cusip, position]));
  const after = new Map(current.filter(isHeld).map((position) => [position.cusip, position]));
  const changes: HoldingChange[] = [];
  let unclassified = 0;

  for (const [cusip, now] of after) {
    const then = before.get(cusip);
    const status = then ? continuingStatus(then.shares, now.shares) : 'NEW';
    if (status === undefined) {
      unclassified += 1;
      continue;
    }
    const sharesBefore = then ? then.shares : 0;
    const valueBefore = then ? then.value : 0;
    const { shares: sharesAfter, value: valueAfter } = now;
    const priceBefore = priceOf(valueBefore, sharesBefore);
    const priceAfter = priceOf(valueAfter, sharesAfter);
    const continuing = status !== 'NEW';
    const quantityEffect = continuing
      ? priceBefore === null || sharesAfter === null || sharesBefore === null
        ? null
        : (sharesAfter - sharesBefore) * priceBefore
      : valueAfter;
    const priceEffect = continuing
      ? priceBefore === null || priceAfter === null || sharesAfter === null
        ? null
        : sharesAfter * (priceAfter - priceBefore)
      : 0;
    const shareChangePct =
      continuing && sharesBefore !== null && sharesAfter !== null && sharesBefore > 0
        ? ((sharesAfter - sharesBefore) / sharesBefore) * 100
        : null;
    const valueImpact = continuing
      ? percentOf(quantityEffect === null ? null : Math.abs(quantityEffect), totalBefore)
      : percentOf(valueAfter, totalAfter);
    changes.push({
      cusip,
      label: now.label,
      issuer: now.issuer || (then?.issuer ?? ''),
      status,
      sharesBefore,
      sharesAfter,
      valueBefore,
      valueAfter,
      shareChangePct,
      quantityEffect,
      priceEffect,
      impact: valueImpact ?? weightImpact(status, shareChangePct, then?.weight ?? null, now.weight),
      derived: true,
    });
  }

  for (const [cusip, then] of before) {
    if (after.has(cusip)) continue;
    changes.push({
      cusip,
      label: then.label,
      issuer: then.issuer,
      status: 'SOLD OUT',
      sharesBefore: then.shares,
      sharesAfter: 0,
      valueBefore: then.value,
      valueAfter: 0,
      shareChangePct: -100,
      quantityEffect: then.value === null ? null : -then.value,
      priceEffect: 0,
      impact: percentOf(then.value, totalBefore) ?? then.weight ?? 0,
      derived: true,
    });
  }
  return { changes: changes.sort(byStatusThenImpact), totalBefore, totalAfter, unclassified };
}

/**
 * The same list from the served status / pct_change_qoq only (derived = false, effects null),
 * for when the previous quarter is unavailable. Positions without a served status are left
 * out. Impact comes from weights (see HoldingChange.impact); served SOLD OUT rows weigh 0 now,
 * so their impact is 0.
 */
export function changesFromServed(current: readonly Position[]): HoldingChange[] {
  const changes: HoldingChange[] = [];
  for (const position of current) {
    const { status } = position;
    if (status === null) continue;
    const shareChangePct = status === 'NEW' ? null : position.pctChange;
    changes.push({
      cusip: position.cusip,
      label: position.label,
      issuer: position.issuer,
      status,
      sharesBefore: status === 'NEW' ? 0 : null,
      sharesAfter: position.shares,
      valueBefore: status === 'NEW' ? 0 : null,
      valueAfter: position.value,
      shareChangePct,
      quantityEffect: null,
      priceEffect: null,
      impact: weightImpact(status, shareChangePct, null, position.weight),
      derived: false,
    });
  }
  return changes.sort(byStatusThenImpact);
}
