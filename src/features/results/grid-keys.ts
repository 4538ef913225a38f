/**
 * Where a key moves the results grid's active cell (the WAI-ARIA grid pattern). Rows count from
 * -1 (the header row) to `rows - 1`; columns from 0 (the tick boxes) to `columns - 1`.
 */
export interface GridCell {
  readonly row: number;
  readonly col: number;
}

export interface GridSize {
  readonly rows: number;
  readonly columns: number;
  /** Rows a Page Up or Page Down moves: those in view. */
  readonly page: number;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));

/** The cell `key` moves to from `at`, or undefined when the key is not a movement. */
export function movedCell(
  at: GridCell,
  key: string,
  ctrl: boolean,
  size: GridSize,
): GridCell | undefined {
  const lastRow = size.rows - 1;
  const lastCol = size.columns - 1;
  const to = (row: number, col: number) => ({
    row: clamp(row, -1, lastRow),
    col: clamp(col, 0, lastCol),
  });
  switch (key) {
    case 'ArrowUp':
      return to(at.row - 1, at.col);
    case 'ArrowDown':
      return to(at.row + 1, at.col);
    case 'ArrowLeft':
      return to(at.row, at.col - 1);
    case 'ArrowRight':
      return to(at.row, at.col + 1);
    case 'PageUp':
      return to(at.row - Math.max(1, size.page), at.col);
    case 'PageDown':
      return to(at.row + Math.max(1, size.page), at.col);
    // Home and End stay in the row; with Ctrl they go to the grid's first or last cell.
    case 'Home':
      return ctrl ? to(-1, 0) : to(at.row, 0);
    case 'End':
      return ctrl ? to(lastRow, lastCol) : to(at.row, lastCol);
    default:
      return undefined;
  }
}

/** The attribute that names a cell's place, read back from the focused element. */
export const CELL_ATTRIBUTE = 'data-cell';

export const cellKey = (row: number, col: number) => `${String(row)}:${String(col)}`;

/** The place of `element`'s cell, when it is in one of the grid's cells. */
export function cellOf(element: Element | null): GridCell | undefined {
  const cell = element?.closest(`[${CELL_ATTRIBUTE}]`);
  const [row, col] = (cell?.getAttribute(CELL_ATTRIBUTE) ?? '').split(':').map(Number);
  return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col)
    ? undefined
    : { row, col };
}
