/**
 * 13F across managers: a security's holders, a quarter's buying and selling and consensus (two
 * managers side by side: manager-comparison.ts). Pure functions over positions (positions.ts): the views fetch the
 * rows through the service's query interface and aggregate them here, so the embedded service
 * and the vendor's answer alike.
 *
 * A security is a CUSIP, with an option (" Put"/" Call") kept apart from the shares, as
 * everywhere in the 13F charts. A SOLD OUT row is the filer's report that it no longer holds
 * the security: it counts as a seller, never as a holder.
 */
import { positionFlags } from './flags.ts';
import type { DataFlag } from './flags.ts';
import { compareText, isHeld, positionKey, previousQuarterEnd } from './positions.ts';
import type { HoldingStatus } from '#contract/holding-status';
import type { Position } from './positions.ts';
import { BUYING, SELLING } from './security-quarters.ts';

export { securityByQuarter } from './security-quarters.ts';
export type { Counted, SecurityQuarter } from './security-quarters.ts';

/** One manager's position in a security, as the security view lists its holders. */
export interface Holder {
  readonly filer: string;
  readonly label: string;
  readonly shares: number | null;
  readonly value: number | null;
  readonly weight: number | null;
  readonly status: HoldingStatus | null;
  readonly pctChange: number | null;
  /**
   * The data-quality flags of the row, as in the filer charts: unit change, price jump (against
   * the filer's position in the quarter before), late or amended filing. Not the gap flag: one
   * security's rows cannot tell a filer's missing quarter from a position it did not hold.
   */
  readonly flags: readonly DataFlag[];
}

const byValueThenName = (a: Holder, b: Holder) =>
  (b.value ?? 0) - (a.value ?? 0) || compareText(a.filer, b.filer);

/**
 * The holders of `security` in `period`, largest value first (ties by name), then the managers
 * that sold out of it that quarter. Each as served: shares, value, weight, status, change.
 */
export function securityHolders(
  positions: readonly Position[],
  security: string,
  period: string,
): { holders: Holder[]; soldOut: Holder[] } {
  const holders: Holder[] = [];
  const soldOut: Holder[] = [];
  const before = previousQuarterEnd(period);
  const previous = new Map(
    positions
      .filter((position) => position.security === security && position.period === before)
      .map((position) => [positionKey(position.filer, before, security), position]),
  );
  for (const position of positions) {
    if (position.security !== security || position.period !== period) continue;
    const holder = {
      filer: position.filer,
      label: position.label,
      shares: position.shares,
      value: position.value,
      weight: position.weight,
      status: position.status,
      pctChange: position.pctChange,
      flags: positionFlags(position, previous.get(positionKey(position.filer, before, security))),
    };
    if (isHeld(position)) holders.push(holder);
    else if (position.status === 'SOLD OUT') soldOut.push(holder);
  }
  return { holders: holders.sort(byValueThenName), soldOut: soldOut.sort(byValueThenName) };
}

/** One security in a quarter's ranking, with the managers behind its number. */
export interface RankedSecurity {
  readonly security: string;
  readonly label: string;
  readonly cusip: string;
  /** How many managers are counted. */
  readonly count: number;
  /**
   * The managers counted, by name; empty when only their count is known (the service's
   * aggregates, when naming them would mean reading too many rows).
   */
  readonly managers: readonly string[];
  /** The combined value of the counted managers' positions (0 for a sale out). */
  readonly value: number;
}

interface Tally {
  security: string;
  label: string;
  cusip: string;
  managers: string[];
  value: number;
}

/** Most managers first; ties by combined value, then by label, so the order never depends on input. */
export const byRank = (a: RankedSecurity, b: RankedSecurity) =>
  b.count - a.count ||
  b.value - a.value ||
  compareText(a.label, b.label) ||
  compareText(a.security, b.security);

function ranked(tallies: Iterable<Tally>, limit: number): RankedSecurity[] {
  return [...tallies]
    .map((tally) => ({ ...tally, count: tally.managers.length }))
    .sort(byRank)
    .slice(0, limit)
    .map((entry) => ({ ...entry, managers: [...entry.managers].sort(compareText) }));
}

function tally(tallies: Map<string, Tally>, position: Position): void {
  let found = tallies.get(position.security);
  if (!found) {
    found = {
      security: position.security,
      label: position.label,
      cusip: position.cusip,
      managers: [],
      value: 0,
    };
    tallies.set(position.security, found);
  }
  if (!found.managers.includes(position.filer)) found.managers.push(position.filer);
  found.value += position.value ?? 0;
}

/** A NEW position among the quarter's largest, by value or by weight. */
export interface NewPosition {
  readonly filer: string;
  readonly security: string;
  readonly cusip: string;
  readonly label: string;
  readonly value: number | null;
  readonly weight: number | null;
}

/** What a quarter looks like across the chosen managers. */
export interface QuarterAcrossManagers {
  readonly mostBought: RankedSecurity[];
  readonly mostSold: RankedSecurity[];
  readonly consensus: RankedSecurity[];
  readonly largestNewByValue: NewPosition[];
  readonly largestNewByWeight: NewPosition[];
}

/**
 * The quarter `period` across managers (all, or those in `managers`): securities most managers
 * opened or added to, most sold out of or reduced, most held (consensus, with their combined
 * value), and the largest new positions by value and by weight; `limit` of each. Share
 * positions only: options count in none of them.
 */
export function quarterAcrossManagers(
  positions: readonly Position[],
  period: string,
  options: { managers?: ReadonlySet<string> | undefined; limit?: number } = {},
): QuarterAcrossManagers {
  const { managers, limit = 20 } = options;
  const bought = new Map<string, Tally>();
  const sold = new Map<string, Tally>();
  const held = new Map<string, Tally>();
  const opened: NewPosition[] = [];
  for (const position of positions) {
    if (position.period !== period) continue;
    if (managers && !managers.has(position.filer)) continue;
    // An option's value is the underlying's notional and a put is a bet against: neither a
    // holder of the security nor a buyer of it.
    if (position.option !== null) continue;
    if (BUYING.has(position.status)) tally(bought, position);
    if (SELLING.has(position.status)) tally(sold, position);
    if (isHeld(position)) tally(held, position);
    if (position.status === 'NEW') {
      const { filer, security, cusip, label, value, weight } = position;
      opened.push({ filer, security, cusip, label, value, weight });
    }
  }
  const byName = (a: NewPosition, b: NewPosition) =>
    compareText(a.filer, b.filer) || compareText(a.security, b.security);
  return {
    mostBought: ranked(bought.values(), limit),
    mostSold: ranked(sold.values(), limit),
    consensus: ranked(held.values(), limit),
    largestNewByValue: [...opened]
      .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || byName(a, b))
      .slice(0, limit),
    largestNewByWeight: [...opened]
      .sort((a, b) => (b.weight ?? -1) - (a.weight ?? -1) || byName(a, b))
      .slice(0, limit),
  };
}
