/**
 * One security across managers, quarter by quarter: holders, totals held, buyers and sellers,
 * and where the managers in the data changed. The data holds different managers in different
 * quarters (a filer's filings start or end in it, a quarter fills up over its filing season), so
 * a step in holders can be coverage, not trading: each quarter says which holders of the quarter
 * before have no filing for it, which holders are new to the data, and the figures among the
 * managers that reported both quarters (like for like). Pure functions over positions.
 */
import type { HoldingStatus } from '#contract/holding-status';
import { compareText, isHeld, previousQuarterEnd } from './positions.ts';
import type { Position } from './positions.ts';

export const BUYING: ReadonlySet<HoldingStatus | null> = new Set<HoldingStatus>(['NEW', 'ADDED']);
export const SELLING: ReadonlySet<HoldingStatus | null> = new Set<HoldingStatus>([
  'REDUCED',
  'SOLD OUT',
]);

/** Holders and what they hold together. */
interface HeldTotals {
  readonly holders: number;
  readonly shares: number;
  readonly value: number;
}

/**
 * Managers counted, and their names when they were read (sorted by name): the views read them
 * from rows; from the service's aggregates they know the count only (null).
 */
export interface Counted {
  readonly count: number;
  readonly names: readonly string[] | null;
}

/** One quarter of a security across managers. */
export interface SecurityQuarter extends HeldTotals {
  readonly period: string;
  /** Managers that opened (NEW) or added to the position that quarter. */
  readonly buyers: number;
  /** Managers that reduced or sold out that quarter. */
  readonly sellers: number;
  /**
   * Holders of the calendar quarter before with no row of the security in this one: no filing
   * for this quarter in the data (not yet filed, or no longer in it), never a sale (a manager
   * that sold files a SOLD OUT row).
   */
  readonly notFiled: Counted;
  /** Holders with no report for the quarter before in the data (first filing in it, or a gap). */
  readonly newToData: Counted;
  /** Like for like: the holders among the managers that reported the quarter before too. */
  readonly steady: HeldTotals;
}

interface Tally {
  holders: number;
  shares: number;
  value: number;
  buyers: number;
  sellers: number;
  steady: { holders: number; shares: number; value: number };
  /** Filers with a row of the security (held or SOLD OUT). */
  present: Set<string>;
  held: Set<string>;
  newToData: string[];
}

function emptyTally(): Tally {
  return {
    holders: 0,
    shares: 0,
    value: 0,
    buyers: 0,
    sellers: 0,
    steady: { holders: 0, shares: 0, value: 0 },
    present: new Set(),
    held: new Set(),
    newToData: [],
  };
}

function count(tally: Tally, position: Position): void {
  tally.present.add(position.filer);
  if (BUYING.has(position.status)) tally.buyers += 1;
  if (SELLING.has(position.status)) tally.sellers += 1;
  if (!isHeld(position)) return;
  tally.holders += 1;
  tally.shares += position.shares ?? 0;
  tally.value += position.value ?? 0;
  tally.held.add(position.filer);
  // A status is computed only against a report for the quarter just before.
  if (position.status === null) {
    tally.newToData.push(position.filer);
    return;
  }
  tally.steady.holders += 1;
  tally.steady.shares += position.shares ?? 0;
  tally.steady.value += position.value ?? 0;
}

/** `security` quarter by quarter, oldest first (see SecurityQuarter). */
export function securityByQuarter(
  positions: readonly Position[],
  security: string,
): SecurityQuarter[] {
  const tallies = new Map<string, Tally>();
  for (const position of positions) {
    if (position.security !== security || position.period === '') continue;
    let tally = tallies.get(position.period);
    if (!tally) {
      tally = emptyTally();
      tallies.set(position.period, tally);
    }
    count(tally, position);
  }
  return [...tallies]
    .sort(([a], [b]) => compareText(a, b))
    .map(([period, tally]) => {
      const before = tallies.get(previousQuarterEnd(period));
      const notFiled = [...(before?.held ?? [])].filter((filer) => !tally.present.has(filer));
      const newToData = [...new Set(tally.newToData)];
      return {
        period,
        holders: tally.holders,
        shares: tally.shares,
        value: tally.value,
        buyers: tally.buyers,
        sellers: tally.sellers,
        notFiled: { count: notFiled.length, names: notFiled.sort(compareText) },
        newToData: { count: newToData.length, names: newToData.sort(compareText) },
        steady: { ...tally.steady },
      };
    });
}
