/** How many quarters each way the nearest quarter with data is looked for. */
export const NEAREST_LOOKED_AT = 8;

/**
 * The quarters of `periods` (quarter ends, any order) to look at for the nearest with data to
 * `period`, nearest first: those before it, latest first, and those after it, earliest first,
 * at most NEAREST_LOOKED_AT each way.
 */
export function quartersOutward(
  period: string,
  periods: readonly string[],
): { before: string[]; after: string[] } {
  const sorted = [...new Set(periods)].sort();
  return {
    before: sorted
      .filter((end) => end < period)
      .reverse()
      .slice(0, NEAREST_LOOKED_AT),
    after: sorted.filter((end) => end > period).slice(0, NEAREST_LOOKED_AT),
  };
}

/**
 * The nearest quarter of `candidates` (nearest first) some manager filed, by `filed` (how many
 * managers filed a quarter), read one at a time and only while the nearer ones had none.
 */
export async function firstFiled(
  candidates: readonly string[],
  filed: (period: string) => Promise<number>,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    if ((await filed(candidate)) > 0) return candidate;
  }
  return undefined;
}
