import { describe, expect, it } from 'vitest';
import { selectedRows, toggledSelection } from './row-selection.ts';

const rows = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name }));
const names = (set: ReadonlySet<Record<string, unknown>>) =>
  selectedRows(rows, set).map((row) => row.name);

describe('row selection', () => {
  it('flips one row per click', () => {
    const one = toggledSelection(new Set(), rows, 1, undefined, false);
    expect(names(one)).toEqual(['b']);
    expect(names(toggledSelection(one, rows, 1, 1, false))).toEqual([]);
  });

  it('with Shift, sets the run from the last clicked row to the clicked row, either way', () => {
    const first = toggledSelection(new Set(), rows, 3, undefined, false);
    expect(names(toggledSelection(first, rows, 1, 3, true))).toEqual(['b', 'c', 'd']);
    const all = new Set(rows);
    expect(names(toggledSelection(all, rows, 4, 2, true))).toEqual(['a', 'b']);
  });

  it('keeps only the rows of the current result, in its order', () => {
    const stranger = { name: 'z' };
    expect(names(new Set([rows[4] ?? stranger, stranger, rows[0] ?? stranger]))).toEqual([
      'a',
      'e',
    ]);
  });
});
