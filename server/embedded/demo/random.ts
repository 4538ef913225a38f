/**
 * A small seeded pseudo-random generator for demo data. Everything the demo generates draws
 * from here, never from an unseeded source, so the same seed always yields the same data.
 */

/** A 32-bit string hash (FNV-1a), used to derive independent seeds from names. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for synthetic data (not for cryptography). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /**
   * An independent generator for one part of the data. Deriving by name keeps each module
   * stable when another module draws more or fewer numbers.
   */
  static derive(seed: number, name: string): Random {
    return new Random(Math.imul(seed >>> 0, 0x9e3779b1) ^ hashString(name));
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() needs a non-empty array');
    return item;
  }

  /** One value, chosen with probability proportional to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let remaining = this.next() * total;
    for (const [value, weight] of choices) {
      remaining -= weight;
      if (remaining < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (last === undefined) throw new Error('weighted() needs at least one choice');
    return last[0];
  }

  /** A standard normal deviate (Box–Muller). */
  normal(mean = 0, deviation = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A log-normal value with the given median, clamped to [min, max]. */
  logNormal(median: number, sigma: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, median * Math.exp(this.normal(0, sigma))));
  }

  /** `count` distinct elements of `items`, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const wanted = Math.min(count, copy.length);
    for (let index = 0; index < wanted; index += 1) {
      const swap = this.int(index, copy.length - 1);
      const current = copy[index] as T;
      copy[index] = copy[swap] as T;
      copy[swap] = current;
    }
    return copy.slice(0, wanted);
  }
}
