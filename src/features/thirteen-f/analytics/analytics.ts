/**
 * 13F chart analytics over positions (see positions.ts): portfolio weights here, and
 * quarter-over-quarter changes (holdings-changes.ts) and history (history.ts) exported along, so
 * the charts import them from one place. Pure functions: no React, no fetching.
 */
import { compareText, longValue, sum } from './positions.ts';
import type { Position } from './positions.ts';

export type { Position } from './positions.ts';
export type { HoldingChange } from './holdings-changes.ts';
export { changesFromServed, holdingsChanges, STATUS_ORDER } from './holdings-changes.ts';
export { issuerHistory, totalsByPeriod } from './history.ts';
export { filersAndPeriods, previousQuarterEnd, toPositions } from './positions.ts';

/** One slice of a portfolio chart. */
interface WeightSlice {
  readonly cusip: string;
  /** The CUSIP, with " Put"/" Call" for an option (see Position.security). */
  readonly security: string;
  readonly label: string;
  readonly issuer: string;
  readonly value: number | null;
  /** Percent of the portfolio, 0–100. */
  readonly weight: number;
}

/** A portfolio's composition: the largest slices, the rest, and its concentration. */
export interface PortfolioWeights {
  /**
   * The long value: share positions' values summed, options left out (what weights divide by,
   * as the service's portfolio_pct_weight does); null when no position carries a value.
   */
  readonly total: number | null;
  /** Share positions with value > 0 or weight > 0 (SOLD OUT rows with 0 excluded). */
  readonly positionCount: number;
  /** The topN largest share positions by weight, descending. */
  readonly top: WeightSlice[];
  /**
   * The rest (0 when nothing is left), and how many positions: 100 − the shown weights,
   * clamped ≥ 0.
   */
  readonly other: { readonly weight: number; readonly count: number };
  /** Concentration: sum of the 10 largest weights. */
  readonly top10Weight: number;
  /**
   * The option positions (puts and calls), apart: their value is the underlying's notional as
   * filed, not money invested, so they have no weight and are in no slice.
   */
  readonly options: { readonly count: number; readonly value: number | null };
  /** 'served' when every share position has a served weight, else value / total × 100. */
  readonly weightSource: 'served' | 'derived';
}

/**
 * Weights of ONE filer's COMPLETE portfolio for one period (the caller guarantees completeness:
 * derived weights divide by the sum of what is given). Options are counted apart and never
 * weighed, whatever the service sends for them (a vendor may weigh them): 13F trackers that
 * weighed notionals published corrections. Throws nothing; empty input gives a null total, no
 * slices and weight source 'derived'.
 */
export function portfolioWeights(positions: readonly Position[], topN: number): PortfolioWeights {
  const total = longValue(positions);
  const held = positions.filter(
    (position) => (position.value ?? 0) > 0 || (position.weight ?? 0) > 0,
  );
  const shares = held.filter((position) => position.option === null);
  // Served weights are used only when all are: mixed with derived ones they would not add up.
  const served = shares.length > 0 && shares.every((position) => position.weight !== null);
  const weightOf = (position: Position) =>
    served
      ? (position.weight ?? 0)
      : total !== null && total > 0 && position.value !== null
        ? (position.value / total) * 100
        : 0;
  // NaN shows none, as slice(0, NaN) would.
  const count = Math.max(0, Math.floor(topN)) || 0;
  // Only the largest are shown (and the 10 largest summed): at most max(topN, 10) are ranked.
  const ranked = largestSlices(shares, weightOf, Math.max(count, 10));
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
    options: optionsOf(held),
    weightSource: served ? 'served' : 'derived',
  };
}

/** How many option positions, and their notional value summed. */
function optionsOf(held: readonly Position[]) {
  let count = 0;
  let value: number | null = null;
  for (const position of held) {
    if (position.option === null) continue;
    count += 1;
    if (position.value !== null) value = (value ?? 0) + position.value;
  }
  return { count, value };
}

/** Largest weight first, then by label: the order of a portfolio's slices. */
const bySlice = (a: WeightSlice, b: WeightSlice) =>
  b.weight - a.weight || compareText(a.label, b.label);

function toSlice(position: Position, weight: number): WeightSlice {
  return {
    cusip: position.cusip,
    security: position.security,
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
