import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useState } from 'react';
import type { ServiceRecord } from '#contract/response';
import { cellStarProps, followKeyOf, starColumns } from './follow-cells.ts';
import { useFollows } from '../../lib/follows/use-follows.ts';
import type { CellFormatter } from './format.ts';
import type { ResultColumn, RowNotes } from './result-column.ts';
import { NO_ROW_KEYS, nextRowKeys } from './row-keys.ts';
import type { RowSelection } from './row-selection.ts';
import classes from './results-table.module.css';
import { Cell, NoteCell, SelectCell } from './results-table-cells.tsx';

/** Every row's height in pixels: fixed, so the rows in view follow from the scroll position. */
export const ROW_HEIGHT = 33;
/** A few rows beyond the view: more only adds render and layout work to every scroll frame. */
const OVERSCAN = 3;
/**
 * Until the scroller is measured (before the first layout effect, or in a test without layout),
 * a typical viewport, so the first rows render at once.
 */
const INITIAL_RECT = { width: 0, height: 640 };
// One function for every render: the virtualizer's estimate is every row's size, never measured.
const rowHeight = () => ROW_HEIGHT;

/**
 * The row keys of each window (see row-keys.ts), each from the last one's. Chosen during render,
 * as the virtualizer chooses its rows: a render React throws away only makes the next reuse less.
 */
function rowKeysKeeper() {
  let last = NO_ROW_KEYS;
  return (first: number, count: number) => {
    if (last.first !== first || last.keys.length !== count) last = nextRowKeys(last, first, count);
    return last.keys;
  };
}

/**
 * The rows of `count` in view of `scroller`, by TanStack Virtual, each with its React key, and the
 * heights of the spacers above and below them.
 */
function useVirtualRows(count: number, scroller: HTMLElement | null) {
  // The app does not use the React Compiler; the rule only says it would skip this hook.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: rowHeight,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    // Rows for a new scroll position are drawn before that frame is painted: never a blank frame.
    useFlushSync: true,
  });
  const items = virtualizer.getVirtualItems();
  const [keysOf] = useState(rowKeysKeeper);
  // The virtualizer's rows are consecutive: the window from its first row.
  const first = items[0]?.index ?? 0;
  const rows = keysOf(first, items.length).map((key, at) => ({ index: first + at, key }));
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return { rows, before, after };
}

/**
 * One row: its box, its flags when the table has them, then each visible column; a click opens
 * it. Memoized: while scrolling, a row that stays in its slot is not drawn again.
 */
const ResultRow = memo(function ResultRow({
  record,
  index,
  columns,
  format,
  withNotes,
  notes,
  onOpen,
  selected,
  onToggle,
  tabColumn,
  starred,
  followed,
}: {
  record: ServiceRecord;
  /** The row's place in the sorted rows, from 0. */
  index: number;
  columns: readonly ResultColumn[];
  format: CellFormatter;
  withNotes: boolean;
  notes: readonly string[] | undefined;
  onOpen: (row: ServiceRecord) => void;
  selected: boolean;
  onToggle: (index: number, shift: boolean) => void;
  /** The column of this row that is the grid's tab stop, or -1. */
  tabColumn: number;
  /** The columns whose cells hold a follow star. */
  starred: ReadonlySet<string>;
  /** What the analyst follows (followKeyOf): read once for the table, not per star. */
  followed: ReadonlySet<string>;
}) {
  const first = withNotes ? 2 : 1;
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`${classes.row} ${selected ? classes.selected : ''}`}
      style={{ height: ROW_HEIGHT }}
      // Enter on a cell opens the row too: the grid's keys (use-grid-focus.ts).
      onClick={() => {
        onOpen(record);
      }}
    >
      <SelectCell
        index={index}
        selected={selected}
        onToggle={onToggle}
        tabbable={tabColumn === 0}
      />
      {withNotes && <NoteCell notes={notes} row={index} tabbable={tabColumn === 1} />}
      {columns.map((column, at) => (
        <Cell
          key={column.id}
          value={record[column.id]}
          period={record.periodofreport}
          record={record}
          column={column}
          format={format}
          pinned={at === 0}
          row={index}
          col={first + at}
          tabbable={tabColumn === first + at}
          {...cellStarProps(column.id, starred, record, followed)}
        />
      ))}
    </tr>
  );
});

/**
 * The rows in view of `scroller` between two spacers that stand for the rows above and below, so
 * the scroll height is that of every row. The window is this component's own state: a scroll
 * draws the body again, not the header or the rest of the table.
 */
export function ResultsTableBody({
  rows,
  scroller,
  columns,
  format,
  notes,
  onOpenRow,
  selection,
  onToggle,
  activeRow,
  activeColumn,
  onActiveDrawn,
  onDrawn,
}: {
  rows: readonly ServiceRecord[];
  /** The element that scrolls the table; null until it is mounted. */
  scroller: HTMLElement | null;
  columns: readonly ResultColumn[];
  format: CellFormatter;
  /** The rows' flags, when any row has one: the table then has a flags column. */
  notes: RowNotes | undefined;
  onOpenRow: (row: ServiceRecord) => void;
  selection: RowSelection;
  onToggle: (index: number, shift: boolean) => void;
  /** The grid's active cell: its row holds the tab stop. */
  activeRow: number;
  activeColumn: number;
  /** Told whether the active row is drawn (when not, the header holds the tab stop). */
  onActiveDrawn: (drawn: boolean) => void;
  /** Called after every draw: a cell the keys moved to is focused once it is drawn. */
  onDrawn: () => void;
}) {
  const { rows: inView, before, after } = useVirtualRows(rows.length, scroller);
  const starred = useMemo(() => starColumns(columns), [columns]);
  const follows = useFollows();
  const followed = useMemo(() => new Set(follows.map(followKeyOf)), [follows]);
  const activeDrawn = activeRow < 0 || inView.some(({ index }) => index === activeRow);
  useLayoutEffect(() => {
    onActiveDrawn(activeDrawn);
  }, [activeDrawn, onActiveDrawn]);
  useLayoutEffect(onDrawn);
  return (
    <tbody>
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {inView.map(({ index, key }) => {
        const record = rows[index];
        if (!record) return null;
        return (
          <ResultRow
            key={key}
            record={record}
            index={index}
            columns={columns}
            format={format}
            withNotes={notes !== undefined}
            notes={notes?.get(record)}
            onOpen={onOpenRow}
            selected={selection.has(record)}
            onToggle={onToggle}
            tabColumn={index === activeRow ? activeColumn : -1}
            starred={starred}
            followed={followed}
          />
        );
      })}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </tbody>
  );
}
