import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import type { ServiceRecord } from '#contract/response';
import { CELL_ATTRIBUTE, cellKey, cellOf, movedCell } from './grid-keys.ts';
import type { GridCell } from './grid-keys.ts';

/** What the grid's keys act on: its size, its scroller, and a row's own actions. */
interface GridFocusOptions {
  /** The rows in the grid's order. */
  readonly rows: readonly ServiceRecord[];
  readonly columns: number;
  /** The first data column's place (after the tick boxes and flags): where the grid starts. */
  readonly firstDataColumn: number;
  readonly rowHeight: number;
  readonly scroller: HTMLElement | null;
  readonly onToggleRow: (row: number, shift: boolean) => void;
  readonly onOpenRow: (row: ServiceRecord) => void;
}

const CONTROLS = 'a[href], button, input';
/**
 * The control Enter activates: a cell's link or box, not its follow star (marked
 * `data-grid-secondary`), so Enter on a filer's name still opens the row; F2 then Tab reach it.
 */
const PRIMARY_CONTROL = 'a[href], button:not([data-grid-secondary]), input';

/** Moves focus among `cell`'s controls on Tab (Shift+Tab back), round; false when it has one. */
function tabWithinCell(cell: HTMLElement, from: HTMLElement, back: boolean): boolean {
  const controls = [...cell.querySelectorAll<HTMLElement>(CONTROLS)];
  if (controls.length < 2) return false;
  const at = controls.indexOf(from);
  const next = controls[(at + (back ? -1 : 1) + controls.length) % controls.length];
  next?.focus();
  return true;
}

/** Scrolls `scroller` so that `row` is in view below the sticky header, as little as it can. */
function scrollRowIntoView(scroller: HTMLElement, row: number, rowHeight: number) {
  const header = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = row * rowHeight;
  const bottom = header + top + rowHeight;
  if (top < scroller.scrollTop) scroller.scrollTop = top;
  else if (bottom > scroller.scrollTop + scroller.clientHeight) {
    scroller.scrollTop = bottom - scroller.clientHeight;
  }
}

/** The rows in one screen of `scroller`, for Page Up and Page Down. */
function rowsPerPage(scroller: HTMLElement | null, rowHeight: number) {
  if (!scroller) return 10;
  const header = scroller.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  return Math.max(1, Math.floor((scroller.clientHeight - header) / rowHeight) - 1);
}

/**
 * The results grid's one tab stop and its keys (WAI-ARIA grid pattern): arrows, Home/End,
 * Ctrl+Home/End and Page Up/Down move the active cell; Enter activates a cell's link (or opens
 * the row), F2 enters the cell's controls, Tab goes among them (a follow star among them) and
 * Escape comes back; Space ticks the row. Rows are virtualised, so a
 * move scrolls first and the cell is focused once it is drawn (`drawn`, after each body render).
 */
export function useGridFocus(options: GridFocusOptions) {
  const { columns, firstDataColumn, rowHeight, scroller } = options;
  const rows = options.rows.length;
  const [chosen, setChosen] = useState<GridCell>({ row: 0, col: firstDataColumn });
  // The rows or columns may have shrunk since the cell was chosen (a chart filter, a column hidden).
  const active = {
    row: Math.min(chosen.row, rows - 1),
    col: Math.min(chosen.col, columns - 1),
  };
  // Whether the active row is drawn: when scrolled out of the DOM, its column's header holds the
  // tab stop, so the grid always has one.
  const [activeDrawn, setActiveDrawn] = useState(true);
  const pending = useRef<GridCell | undefined>(undefined);

  const drawn = useCallback(() => {
    const want = pending.current;
    const cell = want && scroller?.querySelector<HTMLElement>(cellSelector(want));
    if (!cell) return;
    pending.current = undefined;
    cell.focus();
  }, [scroller]);
  useLayoutEffect(drawn, [drawn, chosen]);

  const go = (next: GridCell) => {
    pending.current = next;
    setChosen(next);
    // The header is sticky, always in view; going to it also brings the first row back.
    if (scroller) scrollRowIntoView(scroller, Math.max(next.row, 0), rowHeight);
    drawn();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const at = cellOf(target);
    const cell = target.closest<HTMLElement>(`[${CELL_ATTRIBUTE}]`);
    if (!at || !cell) return;
    if (target !== cell) {
      // Inside a cell's control (after F2): its keys are its own, but Escape comes back and Tab
      // goes to the cell's next control (a CUSIP's link, then its star).
      if (event.key === 'Escape') {
        event.preventDefault();
        cell.focus();
      } else if (event.key === 'Tab' && tabWithinCell(cell, target, event.shiftKey)) {
        event.preventDefault();
      }
      return;
    }
    const ctrl = event.ctrlKey || event.metaKey;
    // Ctrl+Enter is the workspace's "run", from anywhere in it, the grid included.
    if (ctrl && event.key === 'Enter') return;
    const page = rowsPerPage(scroller, rowHeight);
    const next = movedCell(at, event.key, ctrl, { rows, columns, page });
    if (next) {
      event.preventDefault();
      go(next);
      return;
    }
    const control = cell.querySelector<HTMLElement>(CONTROLS);
    const primary = cell.querySelector<HTMLElement>(PRIMARY_CONTROL);
    if (event.key === 'F2' && control) {
      event.preventDefault();
      control.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (primary) primary.click();
      else {
        const row = options.rows[at.row];
        if (row) options.onOpenRow(row);
      }
    } else if (event.key === ' ') {
      event.preventDefault();
      if (at.row >= 0) options.onToggleRow(at.row, event.shiftKey);
      else if (at.col === 0) control?.click();
    }
  };

  // A click, or a control's focus, makes its cell the active one: Tab comes back to it.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = cellOf(event.target);
    if (at && (at.row !== chosen.row || at.col !== chosen.col)) setChosen(at);
  };

  /** The column of `row` that holds the grid's tab stop, or -1. */
  const tabColumn = (row: number) =>
    row === active.row && (row < 0 || activeDrawn)
      ? active.col
      : row === -1 && !activeDrawn
        ? active.col
        : -1;

  return { active, tabColumn, onKeyDown, onFocus, drawn, setActiveDrawn };
}

function cellSelector(cell: GridCell) {
  return `[${CELL_ATTRIBUTE}="${cellKey(cell.row, cell.col)}"]`;
}
