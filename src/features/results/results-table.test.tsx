import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { numberedRows, renderResultsTable } from '../../../testing/results-table.tsx';

const ROW_COUNT = 100_000;
const ROW_HEIGHT = 33;
/** The scroller's height in these tests (every element's, see withTableLayout). */
const VIEW = 600;
/** The most rows the table may draw: those in view (a part-row at each end) and 3 each side. */
const MOST_ROWS = Math.ceil(VIEW / ROW_HEIGHT) + 1 + 2 * 3;

const rows = numberedRows(ROW_COUNT);
function setup() {
  const { onOpenRow, scroller, grid, ...view } = renderResultsTable(rows, ROW_HEIGHT);
  const table = grid;
  /** The drawn rows, in the DOM's order. */
  const drawn = () => Array.from(table.querySelectorAll<HTMLElement>('tbody tr[aria-rowindex]'));
  /** The drawn rows' places among all rows, from 0. */
  const drawnIndexes = () => drawn().map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
  /** The drawn row at `index` among all rows (from 0). */
  const rowAt = (index: number) =>
    table.querySelector<HTMLElement>(`tbody tr[aria-rowindex="${String(index + 2)}"]`);
  /** The heights of the spacers above and below the drawn rows. */
  const spacers = () =>
    Array.from(table.querySelectorAll<HTMLElement>('tbody tr[aria-hidden]')).map((spacer) =>
      Number.parseFloat(spacer.style.height),
    );
  const scrollTo = (top: number) => {
    act(() => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
      // The virtualizer says the scroll has ended after 150 ms without one.
      vi.advanceTimersByTime(200);
    });
  };
  return { ...view, onOpenRow, table, drawn, drawnIndexes, rowAt, spacers, scrollTo };
}

/** `count` whole numbers from `from`. */
const run = (from: number, count: number) => Array.from({ length: count }, (_, at) => from + at);

withTableLayout(VIEW);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResultsTable on 100,000 rows', () => {
  it('draws only the rows in view and three below, and announces every row', () => {
    const { table, drawnIndexes, spacers } = setup();
    expect(table).toHaveAttribute('aria-rowcount', String(ROW_COUNT + 1));
    // 600 px show rows 0 to 18 (the last in part), and three more below.
    expect(drawnIndexes()).toEqual(run(0, 22));
    // One spacer below stands for the rest, so the scroll height is every row's.
    expect(spacers()).toEqual([(ROW_COUNT - 22) * ROW_HEIGHT]);
  });

  it('scrolled, draws the rows at the new position between spacers for the rest', () => {
    const { drawnIndexes, rowAt, spacers, scrollTo } = setup();
    scrollTo(50_000 * ROW_HEIGHT + 5);
    // Rows 50,000 (cut by 5 px) to 50,018 are in view; three more before them and after them.
    expect(drawnIndexes()).toEqual(run(49_997, 25));
    expect(rowAt(50_000)).toHaveTextContent('row 50000');
    expect(spacers()).toEqual([49_997 * ROW_HEIGHT, (ROW_COUNT - 50_022) * ROW_HEIGHT]);

    scrollTo(ROW_COUNT * ROW_HEIGHT - VIEW);
    expect(drawnIndexes().at(-1)).toBe(ROW_COUNT - 1);
    expect(spacers()).toHaveLength(1);
  });

  it('keeps the DOM of the rows: a row scrolled in takes the one of a row scrolled out', () => {
    const { drawn, scrollTo } = setup();
    // 30 px into a row, the view shows parts of 20 rows: the most it can.
    scrollTo(1_000 * ROW_HEIGHT + 30);
    expect(drawn()).toHaveLength(MOST_ROWS);
    const before = new Map(drawn().map((row) => [row.getAttribute('aria-rowindex'), row]));
    // One row down: every row still in view is the same element, in its place.
    scrollTo(1_001 * ROW_HEIGHT + 30);
    for (const row of drawn()) {
      const index = row.getAttribute('aria-rowindex');
      if (before.has(index)) expect(row).toBe(before.get(index));
    }
    // Far down, every row is new, and each is drawn in an element the table already had.
    scrollTo(21_000 * ROW_HEIGHT + 30);
    expect(drawn()).toHaveLength(MOST_ROWS);
    const elements = new Set(before.values());
    expect(drawn().every((row) => elements.has(row))).toBe(true);
  });

  it('draws the rows in order and each once, however far, finely or backwards it scrolls', () => {
    const errors = vi.spyOn(console, 'error');
    const { drawnIndexes, scrollTo } = setup();
    let top = 0;
    for (const step of [1, 5, 16.5, 33, 140, 8_580, 33 * 260, -33, -100, -8_580, 33 * 9_999]) {
      for (let frame = 0; frame < 3; frame++) {
        top = Math.max(0, Math.min(top + step, ROW_COUNT * ROW_HEIGHT - VIEW));
        scrollTo(top);
        const indexes = drawnIndexes();
        const first = Math.floor(top / ROW_HEIGHT);
        expect(indexes).toContain(first);
        expect(indexes.length).toBeLessThanOrEqual(MOST_ROWS);
        expect(indexes).toEqual(run(indexes[0] ?? 0, indexes.length));
      }
    }
    // React says so when two rows share a key: a row would be lost or drawn twice.
    expect(errors).not.toHaveBeenCalled();
  });

  it('ticks, opens and names the row clicked after a scroll, not the one drawn there before', () => {
    const { onOpenRow, rowAt, scrollTo } = setup();
    scrollTo(70_000 * ROW_HEIGHT);
    const box = screen.getByRole('checkbox', { name: 'Select row 70001' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    const row = rowAt(70_000);
    if (!row) throw new Error('row 70,000 is not drawn');
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(rowAt(70_001)).toHaveAttribute('aria-selected', 'false');
    // The box's click is its own; the row's click and its Enter open it.
    expect(onOpenRow).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByText('row 70000'));
    expect(onOpenRow).toHaveBeenLastCalledWith(rows[70_000]);
    const cell = within(rowAt(70_002) ?? document.body).getByRole('gridcell', {
      name: 'row 70002',
    });
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(onOpenRow).toHaveBeenLastCalledWith(rows[70_002]);
  });
});
