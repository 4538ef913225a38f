/**
 * The quarters nearest `period` among `withData` (quarter ends, any order): the latest before it
 * and the earliest after it, each when there is one.
 */
export function nearestQuarters(period: string, withData: readonly string[]): string[] {
  const sorted = [...withData].filter((end) => end !== period).sort();
  const before = sorted.filter((end) => end < period).at(-1);
  const after = sorted.find((end) => end > period);
  return [before, after].filter((end): end is string => end !== undefined);
}
