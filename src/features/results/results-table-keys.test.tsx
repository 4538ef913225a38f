import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { numberedRows, renderResultsTable } from '../../../testing/results-table.tsx';

const ROW_COUNT = 1_000;
const ROW_HEIGHT = 33;
const rows = numberedRows(ROW_COUNT);
function setup() {
  const { onOpenRow, scroller, grid, ...view } = renderResultsTable(rows, ROW_HEIGHT);
  /** Every element of the grid that Tab stops on. */
  const tabStops = () =>
    Array.from(grid.querySelectorAll<HTMLElement>('[tabindex="0"], a[href]:not([tabindex])'));
  /** The browser's scroll event after the grid set the scroller's position (jsdom fires none). */
  const settleScroll = () => {
    act(() => {
      fireEvent.scroll(scroller);
      vi.advanceTimersByTime(200);
    });
  };
  const focused = () => document.activeElement as HTMLElement;
  /** Presses each key on the focused element, as the browser would send it. */
  const press = (...keys: string[]) => {
    for (const key of keys) {
      const [ctrl, name] = key.startsWith('Ctrl+') ? [true, key.slice(5)] : [false, key];
      fireEvent.keyDown(focused(), { key: name, ctrlKey: ctrl });
    }
  };
  /** Tab into the grid: its one stop. */
  const enter = () => {
    act(() => {
      tabStops()[0]?.focus();
    });
  };
  return { ...view, onOpenRow, grid, scroller, tabStops, settleScroll, focused, press, enter };
}

withTableLayout(600);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the results grid’s keys', () => {
  it('is one tab stop, the first row’s first value, with no box or link of its own', () => {
    const { grid, tabStops, focused, enter } = setup();
    expect(tabStops()).toHaveLength(1);
    expect(within(grid).getByRole('checkbox', { name: 'Select row 1' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    enter();
    expect(focused()).toHaveTextContent('row 0');
    expect(focused()).toHaveAttribute('aria-colindex', '2');
  });

  it('moves between cells with the arrows, and Tab comes back to the last one', () => {
    const { tabStops, focused, press, enter } = setup();
    enter();
    press('ArrowRight');
    expect(focused()).toHaveTextContent('NEW');
    press('ArrowDown', 'ArrowDown');
    expect(focused()).toHaveTextContent('NEW');
    expect(focused().closest('tr')).toHaveAttribute('aria-rowindex', '4');
    press('ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select row 3');
    press('ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp');
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select every row');
    press('ArrowDown', 'ArrowRight');
    // The tab stop moved with the focus: Tab out and back lands on the same cell.
    expect(tabStops()).toEqual([focused()]);
    expect(focused()).toHaveTextContent('row 0');
  });

  it('goes to a row’s ends with Home and End, the grid’s with Ctrl, a page with Page Down', () => {
    const { scroller, settleScroll, focused, press, enter } = setup();
    enter();
    press('End');
    expect(focused()).toHaveTextContent('NEW');
    press('Home');
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select row 1');
    press('PageDown');
    // 600 px less a row: 17 rows on.
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select row 18');
    press('Ctrl+End');
    // The last row is far below: the grid scrolls to it, and focuses it once it is drawn.
    expect(scroller.scrollTop).toBe(ROW_COUNT * ROW_HEIGHT - 600);
    settleScroll();
    expect(focused()).toHaveTextContent('SOLD OUT');
    expect(focused().closest('tr')).toHaveAttribute('aria-rowindex', String(ROW_COUNT + 1));
    press('Ctrl+Home');
    expect(scroller.scrollTop).toBe(0);
    settleScroll();
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select every row');
  });

  it('ticks the row with Space, opens it with Enter, and enters a cell’s box with F2', () => {
    const { grid, onOpenRow, focused, press, enter } = setup();
    enter();
    press(' ');
    expect(within(grid).getByRole('checkbox', { name: 'Select row 1' })).toBeChecked();
    press('Enter');
    expect(onOpenRow).toHaveBeenLastCalledWith(rows[0]);
    press('ArrowDown', 'Home', 'Enter');
    expect(within(grid).getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
    expect(onOpenRow).toHaveBeenCalledTimes(1);
    press('F2');
    expect(focused()).toHaveAccessibleName('Select row 2');
    press('Escape');
    expect(focused().tagName).toBe('TD');
    expect(within(focused()).getByRole('checkbox')).toHaveAccessibleName('Select row 2');
  });
});
