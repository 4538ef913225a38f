/**
 * How a synthetic 13F filer's portfolio evolves: an opening book, then each quarter some
 * positions sold out, added to, reduced or kept, and a few new ones bought. Positions are
 * shares held per issuer index.
 */
import type { Issuer } from './issuers.ts';
import type { Random } from './random.ts';

/** Shares held per index into the issuer universe. */
export type Positions = ReadonlyMap<number, number>;

const MIN_POSITIONS = 20;
const MAX_POSITIONS = 120;

/** Shares held per issuer at the start of the filer's history (period `start`). */
export function openingPositions(
  random: Random,
  issuers: readonly Issuer[],
  start: number,
): Positions {
  const positions = new Map<number, number>();
  const budget = random.logNormal(2e9, 1.3, 5e7, 4e11);
  const count = random.int(MIN_POSITIONS, MAX_POSITIONS);
  const picks = random.sample(
    issuers.map((_, index) => index),
    count,
  );
  const sizes = picks.map(() => Math.exp(random.normal(0, 1)));
  const totalSize = sizes.reduce((sum, size) => sum + size, 0);
  for (const [slot, issuer] of picks.entries()) {
    const price = issuers[issuer]?.prices[start] ?? 1;
    const value = (budget * (sizes[slot] ?? 0)) / totalSize;
    positions.set(issuer, Math.max(10, Math.round(value / price)));
  }
  return positions;
}

/** The next quarter's positions: some sold out, added, reduced or unchanged, some new. */
export function nextPositions(
  random: Random,
  held: Positions,
  issuers: readonly Issuer[],
  period: number,
): Positions {
  const next = new Map<number, number>();
  for (const [issuer, shares] of held) {
    const roll = random.next();
    if (roll < 0.07 && held.size > MIN_POSITIONS) continue;
    if (roll < 0.32) {
      next.set(issuer, Math.max(shares + 1, Math.round(shares * random.float(1.03, 1.8))));
    } else if (roll < 0.55) {
      next.set(
        issuer,
        Math.max(1, Math.min(shares - 1, Math.round(shares * random.float(0.3, 0.97)))),
      );
    } else {
      next.set(issuer, shares);
    }
  }
  // New positions are sized like an average existing one, at this quarter's price.
  let heldValue = 0;
  for (const [issuer, shares] of held) heldValue += shares * (issuers[issuer]?.prices[period] ?? 0);
  const typicalValue = heldValue / Math.max(1, held.size);
  const room = MAX_POSITIONS - next.size;
  const additions = Math.min(room, random.int(0, Math.ceil(held.size * 0.12)));
  // A security sold this quarter is not bought back in the same quarter.
  const candidates = issuers.map((_, index) => index).filter((index) => !held.has(index));
  for (const issuer of random.sample(candidates, additions)) {
    const price = issuers[issuer]?.prices[period] ?? 1;
    next.set(issuer, Math.max(10, Math.round((typicalValue * random.float(0.2, 1.5)) / price)));
  }
  return next;
}
