/** `items` with the one at `index` moved `by` places. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [taken] = next.splice(index, 1);
  if (taken !== undefined) next.splice(index + by, 0, taken);
  return next;
}
