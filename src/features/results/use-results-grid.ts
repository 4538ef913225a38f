import { useTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useState } from 'react';
import type { RefObject } from 'react';
import type { ServiceRecord } from '#contract/response';
import { columnWidth } from './column-width.ts';
import type { ResultColumn } from './result-column.ts';
import { sortRecords } from './sort.ts';
import { resultFeatures } from './table-state.ts';
import type { ResultsTableState } from './table-state.ts';

/** Every row's height in pixels: the virtualizer's estimate and each row's fixed height. */
export const ROW_HEIGHT = 33;
const NO_ROWS: ServiceRecord[] = [];

/** TanStack Table's column definitions for the result's columns. */
/** Rows looked at to size the text columns: the first screenfuls, not every row. */
const SIZING_ROWS = 200;

function columnDefsFor(
  columns: readonly ResultColumn[],
  rows: readonly ServiceRecord[],
): ColumnDef<typeof resultFeatures, ServiceRecord>[] {
  const sample = rows.slice(0, SIZING_ROWS);
  return columns.map((column) => ({
    id: column.id,
    accessorFn: (row) => row[column.id] as never,
    header: column.label,
    size: columnWidth(
      column.label,
      column.field,
      sample.map((row) => row[column.id]),
    ),
    // Numbers and dates show their largest or newest first; text starts at A.
    sortDescFirst: ['number', 'percent', 'date', 'datetime'].includes(column.field?.kind ?? ''),
    minSize: 60,
  }));
}

/**
 * The rows in the table's sort and the TanStack table that manages the columns (visibility,
 * order, sizes) and the sort state.
 */
export function useResultsGrid({
  rows,
  columns,
  sorting,
  onSortingChange,
  tableState,
}: {
  rows: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  tableState: ResultsTableState;
}) {
  // Sized on the rows first shown: later pages keep the widths, so columns do not jump.
  const [sizingRows] = useState(rows);
  const columnDefs = useMemo(() => columnDefsFor(columns, sizingRows), [columns, sizingRows]);
  const kinds = useMemo(
    () => new Map(columns.map((column) => [column.id, column.field?.kind])),
    [columns],
  );
  const sorted = useMemo(
    () => sortRecords(rows, sorting, (id) => kinds.get(id)),
    [rows, sorting, kinds],
  );
  const table = useTable({
    features: resultFeatures,
    columns: columnDefs,
    // Rows are drawn from `sorted` directly (sorting is ours): the table only manages columns, so
    // it is not asked to rebuild a row model of every row on each sort.
    data: NO_ROWS,
    manualSorting: true,
    enableMultiSort: true,
    columnResizeMode: 'onChange',
    state: {
      sorting,
      columnVisibility: tableState.visibility,
      columnOrder: tableState.order,
      columnSizing: tableState.sizing,
    },
    onSortingChange: (updater) => {
      onSortingChange(typeof updater === 'function' ? updater(sorting) : updater);
    },
    onColumnVisibilityChange: tableState.setVisibility,
    onColumnOrderChange: tableState.setOrder,
    onColumnSizingChange: tableState.setSizing,
  });
  return { table, sorted };
}

/**
 * The window of `count` rows in view of `scroller`, for TanStack Virtual: the rows to draw and
 * the heights of the spacers above and below them.
 */
export function useRowWindow(count: number, scroller: RefObject<HTMLDivElement | null>) {
  // The app does not use the React Compiler; the rule only says it would skip this hook.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the view: more only adds render and layout work to every scroll frame.
    overscan: 3,
    // Until the scroller is measured (the first paint, or an environment without layout), assume
    // a typical viewport so the first rows render at once.
    initialRect: { width: 1200, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return { items, before, after };
}

/** The rows in view and the spacers around them, as `useRowWindow` returns them. */
export type RowWindow = ReturnType<typeof useRowWindow>;
