/**
 * 13F positions over time: totals per period, one security's history (see positions.ts for the
 * positions themselves). Pure functions: no React, no fetching.
 */
import { compareText, isHeld, longValue, percentOf, positionKey } from './positions.ts';
import type { Position } from './positions.ts';

/** Periods oldest first, then filers by name. */
const chronological = (
  a: { filer: string; period: string },
  b: { filer: string; period: string },
) => compareText(a.period, b.period) || compareText(a.filer, b.filer);

/** Groups positions by filer + period. */
function byFilerPeriod(positions: readonly Position[]): Map<string, Position[]> {
  const groups = new Map<string, Position[]>();
  for (const position of positions) {
    const key = positionKey(position.filer, position.period, '');
    const group = groups.get(key);
    if (group) group.push(position);
    else groups.set(key, [position]);
  }
  return groups;
}

/**
 * A filer's total value per period, oldest first (one entry per filer + period): its long value,
 * options left out (see longValue). Missing values count as 0; `positions` counts the held ones,
 * options included (SOLD OUT rows left out).
 */
export function totalsByPeriod(
  positions: readonly Position[],
): { filer: string; period: string; total: number; positions: number }[] {
  return [...byFilerPeriod(positions).values()]
    .map((group) => ({
      filer: group[0]?.filer ?? '',
      period: group[0]?.period ?? '',
      total: longValue(group) ?? 0,
      positions: group.filter(isHeld).length,
    }))
    .sort(chronological);
}

/**
 * One security across periods and filers, oldest first: the shares of a CUSIP, or one option on
 * it ('CUSIP Put', see Position.security). The weight is the served one; without it, value /
 * long value of that filer-period when `completePortfolios` says the input
 * holds every position of each filer-period (a pure function cannot tell: a query filtered to
 * one ticker would make every weight 100 %), else null.
 */
export function issuerHistory(
  positions: readonly Position[],
  security: string,
  completePortfolios = false,
): {
  filer: string;
  period: string;
  shares: number | null;
  value: number | null;
  weight: number | null;
}[] {
  const wanted = security.trim().toUpperCase();
  const groups = byFilerPeriod(positions);
  return positions
    .filter((position) => position.security.toUpperCase() === wanted)
    .map((position) => {
      const group = groups.get(positionKey(position.filer, position.period, '')) ?? [];
      return {
        filer: position.filer,
        period: position.period,
        shares: position.shares,
        value: position.value,
        weight:
          position.weight ??
          (completePortfolios ? percentOf(position.value, longValue(group)) : null),
      };
    })
    .sort(chronological);
}
