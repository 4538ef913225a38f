/**
 * Quarter-over-quarter changes of one filer's holdings (see positions.ts for the positions):
 * classified from two quarters, or as served. Pure functions: no React, no fetching.
 */
import { compareText, isHeld, percentOf, longValue } from './positions.ts';
import { heldStatus } from '#contract/holding-status';
import type { HoldingStatus } from '#contract/holding-status';
import type { Position } from './positions.ts';

/** How one security changed between two quarters of one filer. */
export interface HoldingChange {
  readonly cusip: string;
  /** The CUSIP, with " Put"/" Call" for an option: what the two quarters are matched on. */
  readonly security: string;
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
   * weight (else the current one, an estimate) / 100; 0 when nothing is known. Totals are long
   * values (options left out, see longValue), as the served weights'.
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

/**
 * What a continuing position's shares say about it, by the rule the server's derivation follows
 * too, or undefined when they are unknown.
 */
function continuingStatus(before: number | null, after: number | null): HoldingStatus | undefined {
  return before === null || after === null ? undefined : heldStatus(before, after);
}

/**
 * A position held now: NEW when `then` (last quarter's position) is undefined, else continuing
 * with the `status` its shares give. Its value change splits into quantity and price effects
 * (see HoldingChange).
 */
function heldNowChange(
  then: Position | undefined,
  now: Position,
  status: HoldingStatus,
  totals: { readonly before: number | null; readonly after: number | null },
): HoldingChange {
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
    ? percentOf(quantityEffect === null ? null : Math.abs(quantityEffect), totals.before)
    : percentOf(valueAfter, totals.after);
  return {
    cusip: now.cusip,
    security: now.security,
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
  };
}

/** A position held last quarter and gone now: all of its value went with the shares sold. */
function soldOutChange(then: Position, totalBefore: number | null): HoldingChange {
  return {
    cusip: then.cusip,
    security: then.security,
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
  };
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
  /** The long values (options left out) of the two quarters. */
  totalBefore: number | null;
  totalAfter: number | null;
  unclassified: number;
} {
  const totalBefore = longValue(previous);
  const totalAfter = longValue(current);
  // Matched on security, so an option is compared with the same option, never with shares.
  const before = new Map(previous.filter(isHeld).map((position) => [position.security, position]));
  const after = new Map(current.filter(isHeld).map((position) => [position.security, position]));
  const changes: HoldingChange[] = [];
  let unclassified = 0;

  for (const [security, now] of after) {
    const then = before.get(security);
    // Not held in the quarter before: 0 shares then, and the rule reads no more.
    const status = then
      ? continuingStatus(then.shares, now.shares)
      : heldStatus(0, now.shares ?? 0);
    if (status === undefined) {
      unclassified += 1;
      continue;
    }
    changes.push(heldNowChange(then, now, status, { before: totalBefore, after: totalAfter }));
  }
  for (const [security, then] of before) {
    if (!after.has(security)) changes.push(soldOutChange(then, totalBefore));
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
      security: position.security,
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
