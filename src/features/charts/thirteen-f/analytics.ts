/**
 * 13F chart analytics over positions (see positions.ts): portfolio weights here, and
 * quarter-over-quarter changes (holdings-changes.ts) and history (history.ts) exported along, so
 * the charts import them from one place. Pure functions: no React, no fetching.
 */
import { compareText, sum, totalValue } from './positions.ts';
import type { Position } from './positions.ts';

export type { HoldingStatus, Position } from './positions.ts';
export type { HoldingChange } from './holdings-changes.ts';
export { changesFromServed, holdingsChanges, STATUS_ORDER } from './holdings-changes.ts';
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
