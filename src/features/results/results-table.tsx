import { Box, Text } from '@mantine/core';
import type { SortingState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import type { CellFormatter } from './format.ts';
import type { ServiceRecord } from '#contract/response';
import type { ResultColumn, RowNotes } from './result-column.ts';
import { toggledSelection } from './row-selection.ts';
import type { RowSelection } from './row-selection.ts';
import { ResultsTableBody } from './results-table-body.tsx';
import classes from './results-table.module.css';
import { ResultsTableHead } from './results-table-head.tsx';
import type { ResultsTableState } from './table-state.ts';
import { useFrameWidth } from './use-frame-width.ts';
import { useResultsGrid } from './use-results-grid.ts';
import { ROW_HEIGHT } from './results-table-body.tsx';
import { useGridFocus } from './use-grid-focus.ts';

const NOTES_WIDTH = 36;
const SELECT_WIDTH = 34;

/** The table's width, and where its pinned columns sit: the boxes, the flags, the first column. */
function tableStyle(dataWidth: number, leftOfData: number): CSSProperties {
  return {
    width: dataWidth + leftOfData,
    ['--pinned-left' as string]: `${String(leftOfData)}px`,
    ['--select-width' as string]: `${String(SELECT_WIDTH)}px`,
  };
}

/** The tick boxes' actions on the sorted rows, and how many are ticked. */
function useSelectionControls(
  sorted: readonly ServiceRecord[],
  selection: RowSelection,
  onSelectionChange: (next: RowSelection) => void,
) {
  // The row a Shift-click extends from: the last box clicked, by its place in the sorted rows.
  const anchor = useRef<number | undefined>(undefined);
  const count = sorted.reduce((total, row) => total + (selection.has(row) ? 1 : 0), 0);
  return {
    state: count === 0 ? 'none' : count === sorted.length ? 'all' : 'some',
    toggle: (index: number, shift: boolean) => {
      onSelectionChange(toggledSelection(selection, sorted, index, anchor.current, shift));
      anchor.current = index;
    },
    all: (all: boolean) => {
      anchor.current = undefined;
      onSelectionChange(all ? new Set(sorted) : new Set());
    },
  } as const;
}

/** The columns' widths: the tick boxes', the flags' when shown, then each visible column's. */
function ColumnWidths({ withNotes, widths }: { withNotes: boolean; widths: number[] }) {
  return (
    <colgroup>
      <col style={{ width: SELECT_WIDTH }} />
      {withNotes && <col style={{ width: NOTES_WIDTH }} />}
      {widths.map((width, at) => (
        <col key={at} style={{ width }} />
      ))}
    </colgroup>
  );
}

/** The grid's keys (use-grid-focus.ts) on the table's columns: boxes, flags, then the data. */
function useTableGrid(
  sorted: readonly ServiceRecord[],
  withNotes: boolean,
  dataColumns: number,
  scroller: HTMLElement | null,
  onToggleRow: (index: number, shift: boolean) => void,
  onOpenRow: (row: ServiceRecord) => void,
) {
  const firstDataColumn = withNotes ? 2 : 1;
  const columns = firstDataColumn + dataColumns;
  const grid = useGridFocus({
    rows: sorted,
    columns,
    firstDataColumn,
    scroller,
    onToggleRow,
    onOpenRow,
    rowHeight: ROW_HEIGHT,
  });
  return { ...grid, columns };
}

function NoRows() {
  return (
    <Box p="md">
      <Text c="dimmed">No rows.</Text>
    </Box>
  );
}

/**
 * The results grid: TanStack Table for columns, sorting, visibility, order and sizing; TanStack
 * Virtual so only the rows in view are in the DOM, whatever the row count. A WAI-ARIA grid: one
 * tab stop (its active cell; the scroller needs none) and arrow keys inside (use-grid-focus.ts).
 */
export function ResultsTable({
  rows,
  columns,
  format,
  sorting,
  onSortingChange,
  table: tableState,
  onOpenRow,
  notes,
  selection,
  onSelectionChange,
}: {
  rows: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  format: CellFormatter;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  table: ResultsTableState;
  onOpenRow: (row: ServiceRecord) => void;
  notes?: RowNotes | undefined;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
}) {
  // State, not a ref: the body's virtualizer needs the element, which is attached after the body's
  // own layout effects have run, so the body is drawn again once it is there.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const withNotes = notes !== undefined && notes.size > 0;
  const leftOfData = SELECT_WIDTH + (withNotes ? NOTES_WIDTH : 0);
  const available = useFrameWidth(scroller, leftOfData);
  const model = { rows, columns, sorting, onSortingChange, tableState, available };
  const { table, sorted } = useResultsGrid(model);
  const visible = table.getVisibleLeafColumns();
  const columnById = new Map(columns.map((column) => [column.id, column]));
  const shownColumns = visible.flatMap((column) => columnById.get(column.id) ?? []);
  const select = useSelectionControls(sorted, selection, onSelectionChange);
  const grid = useTableGrid(sorted, withNotes, visible.length, scroller, select.toggle, onOpenRow);

  return (
    <div ref={setScroller} className={classes.scroller} role="region" aria-label="Results table">
      <table
        className={classes.table}
        role="grid"
        aria-label="Results"
        aria-multiselectable
        aria-rowcount={sorted.length + 1}
        aria-colcount={grid.columns}
        style={tableStyle(table.getTotalSize(), leftOfData)}
        onKeyDown={grid.onKeyDown}
        onFocus={grid.onFocus}
      >
        <ColumnWidths withNotes={withNotes} widths={visible.map((column) => column.getSize())} />
        <ResultsTableHead
          groups={table.getHeaderGroups()}
          multiSort={sorting.length > 1}
          withNotes={withNotes}
          selected={select.state}
          onSelectAll={select.all}
          tabColumn={grid.tabColumn(-1)}
        />
        <ResultsTableBody
          rows={sorted}
          scroller={scroller}
          columns={shownColumns}
          format={format}
          notes={withNotes ? notes : undefined}
          onOpenRow={onOpenRow}
          selection={selection}
          onToggle={select.toggle}
          activeRow={grid.active.row}
          activeColumn={grid.active.col}
          onActiveDrawn={grid.setActiveDrawn}
          onDrawn={grid.drawn}
        />
      </table>
      {sorted.length === 0 && <NoRows />}
    </div>
  );
}
