/**
 * Which rows the analyst ticked, for "Copy N selected" and the export of the selected rows.
 * Rows are known by identity (the objects of the result), so a new result selects nothing.
 */
import type { ServiceRecord } from '#contract/response';

export type RowSelection = ReadonlySet<ServiceRecord>;

/**
 * The selection after a click on the box of `rows[index]`: it flips that row, or with Shift the
 * whole run from the last clicked row to this one, set to the clicked row's new state (as in a
 * file manager or a mail client).
 */
export function toggledSelection(
  selection: RowSelection,
  rows: readonly ServiceRecord[],
  index: number,
  anchor: number | undefined,
  shift: boolean,
): Set<ServiceRecord> {
  const next = new Set(selection);
  const row = rows[index];
  if (!row) return next;
  const select = !selection.has(row);
  const [from, to] =
    shift && anchor !== undefined && rows[anchor]
      ? [Math.min(anchor, index), Math.max(anchor, index)]
      : [index, index];
  for (let at = from; at <= to; at++) {
    const each = rows[at];
    if (!each) continue;
    if (select) next.add(each);
    else next.delete(each);
  }
  return next;
}

/** The rows of `rows` that are selected, in `rows`' order. */
export function selectedRows(
  rows: readonly ServiceRecord[],
  selection: RowSelection,
): ServiceRecord[] {
  return selection.size === 0 ? [] : rows.filter((row) => selection.has(row));
}
