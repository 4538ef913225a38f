/**
 * Two managers side by side in one quarter: the positions both hold, each one's alone, and how
 * much the portfolios overlap (by weight, by value, by count). Pure, over positions
 * (positions.ts), as the other views across managers (across-managers.ts).
 */
import { compareText, isHeld, longValue, percentOf } from './positions.ts';
import type { Position } from './positions.ts';

/** A position of one or both managers, with each one's weight (% of its long value). */
export interface ComparedPosition {
  readonly security: string;
  readonly cusip: string;
  readonly label: string;
  readonly weightA: number | null;
  readonly weightB: number | null;
  readonly valueA: number | null;
  readonly valueB: number | null;
}

export interface ManagerComparison {
  readonly shared: ComparedPosition[];
  readonly onlyA: ComparedPosition[];
  readonly onlyB: ComparedPosition[];
  /** Shared securities over all securities either holds (Jaccard), in %. */
  readonly overlapByCount: number | null;
  /**
   * The similarity: Σ min(weight in A, weight in B) over the shared securities, in %. 100 is two
   * identical portfolios, 0 nothing in common; it reads as "this much of each portfolio is the
   * same", and one huge shared position counts as much as it weighs
   * (docs/decisions/similarity-measure.md).
   */
  readonly overlapByWeight: number | null;
  /** The share of A's long value (%) in securities B holds too; B's in A's, likewise. */
  readonly sharedValueOfA: number | null;
  readonly sharedValueOfB: number | null;
}

/** Each held share position of one filer-period, by security, with its weight of the long value. */
function weighted(
  positions: readonly Position[],
): Map<string, { cusip: string; label: string; value: number | null; weight: number | null }> {
  const shares = positions.filter((position) => position.option === null && isHeld(position));
  const long = longValue(shares);
  return new Map(
    shares.map((position) => [
      position.security,
      {
        cusip: position.cusip,
        label: position.label,
        value: position.value,
        weight: percentOf(position.value, long),
      },
    ]),
  );
}

const sumOf = (
  rows: readonly ComparedPosition[],
  weight: (row: ComparedPosition) => number | null,
) => rows.reduce((total, row) => total + (weight(row) ?? 0), 0);

const byWeight = (a: ComparedPosition, b: ComparedPosition) =>
  Math.max(b.weightA ?? 0, b.weightB ?? 0) - Math.max(a.weightA ?? 0, a.weightB ?? 0) ||
  compareText(a.label, b.label);

/**
 * Two managers' portfolios (each one filer's positions in one period) side by side: what both
 * hold with both weights, what only one holds, and how much they overlap. Options are left
 * out, as in the weights: their value is the underlying's, not money held.
 */
export function compareManagers(a: readonly Position[], b: readonly Position[]): ManagerComparison {
  const left = weighted(a);
  const right = weighted(b);
  const shared: ComparedPosition[] = [];
  const onlyA: ComparedPosition[] = [];
  const onlyB: ComparedPosition[] = [];
  let overlap = 0;
  for (const [security, inA] of left) {
    const inB = right.get(security);
    const row = {
      security,
      cusip: inA.cusip,
      label: inA.label,
      weightA: inA.weight,
      weightB: inB?.weight ?? null,
      valueA: inA.value,
      valueB: inB?.value ?? null,
    };
    if (inB) {
      shared.push(row);
      overlap += Math.min(inA.weight ?? 0, inB.weight ?? 0);
    } else onlyA.push(row);
  }
  for (const [security, inB] of right) {
    if (left.has(security)) continue;
    onlyB.push({
      security,
      cusip: inB.cusip,
      label: inB.label,
      weightA: null,
      weightB: inB.weight,
      valueA: null,
      valueB: inB.value,
    });
  }
  const union = left.size + right.size - shared.length;
  const weighable = left.size > 0 && right.size > 0;
  return {
    shared: shared.sort(byWeight),
    onlyA: onlyA.sort(byWeight),
    onlyB: onlyB.sort(byWeight),
    overlapByCount: union === 0 ? null : (shared.length / union) * 100,
    overlapByWeight: weighable ? overlap : null,
    sharedValueOfA: weighable ? sumOf(shared, (row) => row.weightA) : null,
    sharedValueOfB: weighable ? sumOf(shared, (row) => row.weightB) : null,
  };
}
