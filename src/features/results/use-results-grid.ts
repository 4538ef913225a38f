import { useTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ServiceRecord } from '#contract/response';
import { columnWidth } from './column-width.ts';
import type { ResultColumn } from './result-column.ts';
import { sortRecords } from './sort.ts';
import { resultFeatures } from './table-state.ts';
import type { ResultsTableState } from './table-state.ts';

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
