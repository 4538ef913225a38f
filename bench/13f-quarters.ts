/**
 * The shape of a synthetic SEC 13F quarter, kept apart from any file writing so it can be tested:
 * how many positions each filer reports (a few very large filers, a long tail of small ones), which
 * CUSIPs they hold (a few held by nearly everyone, as AAPL is), and how the next quarter carries
 * most positions over with changes in shares, sells the rest and opens new ones.
 */
import { cusipCheckDigit } from '../server/embedded/demo/cusip.ts';
import { Random } from '../server/embedded/demo/random.ts';

export interface Issuer {
  readonly cusip: string;
  readonly name: string;
}

export interface Position {
  /** Index into the issuer list: a filer holds each issuer at most once. */
  readonly issuer: number;
  readonly shares: number;
}

/** `count` issuers with valid, distinct CUSIPs. */
export function makeIssuers(count: number): Issuer[] {
  return Array.from({ length: count }, (_, i) => {
    const base = `${String(100000 + i * 7)}${String.fromCharCode(65 + (i % 26))}${String(i % 10)}`;
    return { cusip: `${base}${cusipCheckDigit(base)}`, name: `ISSUER ${i} CORP` };
  });
}

/**
 * Positions per filer, largest first, summing to exactly `rows`, none above `cap` and none below
 * 1: a power law, as in a real quarter where a few index managers report tens of thousands of
 * lines and most managers a few dozen.
 */
export function filerSizes(rows: number, filers: number, cap: number): number[] {
  if (filers < 1 || rows < filers || rows > filers * cap) {
    throw new Error(`cannot spread ${rows} rows over ${filers} filers of at most ${cap}`);
  }
  const weights = Array.from({ length: filers }, (_, i) => 1 / (i + 1) ** 0.75);
  const sizes = new Array<number>(filers).fill(0);
  let left = rows;
  let open = weights.map((_, i) => i);
  // Water-filling: give each open filer its share of what is left, capped; capped filers close.
  for (let round = 0; round < 50 && open.length > 0 && left > 0; round += 1) {
    const total = open.reduce((sum, i) => sum + (weights[i] ?? 0), 0);
    let given = 0;
    for (const i of open) {
      const want = Math.max(1, Math.floor((left * (weights[i] ?? 0)) / total));
      const size = Math.min(cap, (sizes[i] ?? 0) + want);
      given += size - (sizes[i] ?? 0);
      sizes[i] = size;
    }
    left -= given;
    open = open.filter((i) => (sizes[i] ?? 0) < cap);
    if (given === 0) break;
  }
  // Rounding leaves a remainder (either sign): settle it one row at a time, bounded by `filers`.
  for (let i = filers - 1; left !== 0; i = i === 0 ? filers - 1 : i - 1) {
    const size = sizes[i] ?? 0;
    if (left > 0 && size < cap) {
      sizes[i] = size + 1;
      left -= 1;
    } else if (left < 0 && size > 1) {
      sizes[i] = size - 1;
      left += 1;
    }
  }
  return sizes.sort((a, b) => b - a);
}

/** Draws issuers by popularity: issuer 0 is the most widely held, like a mega-cap stock. */
export class IssuerPicker {
  private readonly cumulative: Float64Array;

  constructor(private readonly count: number) {
    this.cumulative = new Float64Array(count);
    let sum = 0;
    for (let i = 0; i < count; i += 1) {
      sum += 1 / (i + 1);
      this.cumulative[i] = sum;
    }
  }

  /** `k` distinct issuers: mostly by popularity, partly uniform so large filers reach the tail. */
  pick(random: Random, k: number, held: ReadonlySet<number> = new Set()): number[] {
    const taken = new Set(held);
    const picked: number[] = [];
    const total = this.cumulative[this.count - 1] ?? 1;
    for (let tries = 0; picked.length < k && tries < 20 * k; tries += 1) {
      const issuer = random.chance(0.6)
        ? this.byPopularity(random.next() * total)
        : random.int(0, this.count - 1);
      if (!taken.has(issuer)) {
        taken.add(issuer);
        picked.push(issuer);
      }
    }
    // Unlucky draws: fill up from a random start, skipping what is held.
    for (
      let i = random.int(0, this.count - 1), n = 0;
      picked.length < k && n < this.count;
      n += 1
    ) {
      if (!taken.has(i)) {
        taken.add(i);
        picked.push(i);
      }
      i = (i + 1) % this.count;
    }
    return picked;
  }

  private byPopularity(target: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** One filer's positions in the first quarter. */
export function firstQuarter(random: Random, picker: IssuerPicker, size: number): Position[] {
  return picker
    .pick(random, size)
    .map((issuer) => ({ issuer, shares: random.int(100, 5_000_000) }));
}

/**
 * The same filer a quarter later: each position is kept with probability `carry` (half of those
 * unchanged, a quarter added to, a quarter reduced) or sold; about as many new positions are
 * opened as were sold, so a filer's size stays roughly level.
 */
export function nextQuarter(
  random: Random,
  picker: IssuerPicker,
  before: readonly Position[],
  carry = 0.8,
): Position[] {
  const kept: Position[] = [];
  for (const position of before) {
    if (!random.chance(carry)) continue;
    const change = random.next();
    const factor =
      change < 0.5 ? 1 : change < 0.75 ? random.float(1.05, 2) : random.float(0.3, 0.95);
    kept.push({
      issuer: position.issuer,
      shares: Math.max(1, Math.round(position.shares * factor)),
    });
  }
  const opened = Math.round((before.length - kept.length) * random.float(0.8, 1.2));
  const held = new Set(before.map((position) => position.issuer));
  const fresh = picker
    .pick(random, opened, held)
    .map((issuer) => ({ issuer, shares: random.int(100, 5_000_000) }));
  return [...kept, ...fresh];
}
