/**
 * React keys for the rows a virtualized table draws, chosen so that scrolling reuses row DOM
 * instead of building rows or moving them: a fast scroll shows ~30 new rows of 16 cells a frame,
 * and both cost more than updating the text of rows already there (moving rows took a quarter of
 * each frame of the 20,000-row scroll bench: docs/performance.md).
 */

/** The keys of the rows `first` to `first + keys.length - 1`, in that order. */
export interface RowKeys {
  readonly first: number;
  readonly keys: readonly number[];
}

export const NO_ROW_KEYS: RowKeys = { first: 0, keys: [] };

/**
 * The keys of the `count` rows from `first`, after `previous`:
 * - a row that stays keeps its key, so React leaves it alone (and it keeps focus);
 * - a row new below the rows that stay, or in a window that shares no row with the last (a jump),
 *   takes the key of a row that left, in their order: React updates that row's cells in place,
 *   and on a jump every row keeps its place, so none is moved;
 * - a row new above the rows that stay takes a key no row had: React builds it, where reusing the
 *   key of a row that left below would have moved every row after it.
 */
export function nextRowKeys(previous: RowKeys, first: number, count: number): RowKeys {
  const { first: before, keys: old } = previous;
  const end = before + old.length;
  const jumped = first >= end || first + count <= before;
  const left = old.filter((_, at) => before + at < first || before + at >= first + count);
  const unused = freshKeys(old);
  const keys: number[] = [];
  let reused = 0;
  for (let index = first; index < first + count; index++) {
    const kept = index >= before && index < end ? old[index - before] : undefined;
    const taken = kept ?? (jumped || index >= end ? left[reused++] : undefined);
    keys.push(taken ?? unused.next().value);
  }
  return { first, keys };
}

/** The whole numbers not in `keys`, from the smallest. */
function* freshKeys(keys: readonly number[]): Generator<number, never> {
  const used = new Set(keys);
  for (let key = 0; ; key++) if (!used.has(key)) yield key;
}
