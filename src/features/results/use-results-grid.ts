import { useTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ServiceRecord } from '#contract/response';
import { isAccountIdField } from '../../lib/api/account-names.ts';
import { columnWidth, fittedWidths, headerWidth, NAME_LEAST } from './column-width.ts';
import { STAR_WIDTH, starColumns } from './follow-cells.ts';
import type { ResultColumn } from './result-column.ts';
import { sortRecords } from './sort.ts';
import { resultFeatures } from './table-state.ts';
import type { ResultsTableState } from './table-state.ts';

const NO_ROWS: ServiceRecord[] = [];

/** Rows looked at to size the text columns: the first screenfuls, not every row. */
const SIZING_ROWS = 200;

/**
 * Whether a column holds names or sentences, which may be cut (a title shows them whole): an
 * account ID column too, as its cells read the account's name first.
 */
const isName = (column: ResultColumn) =>
  ((column.field?.kind ?? 'text') === 'text' && column.field?.short !== true) ||
  isAccountIdField(column.field);

/**
 * The columns' starting widths: each as its values need, then the columns read first narrowed
 * (their names only) to fit `available` px, so they are all on screen without sideways scroll.
 */
function startingWidths(
  columns: readonly ResultColumn[],
  rows: readonly ServiceRecord[],
  available: number | undefined,
): number[] {
  const sample = rows.slice(0, SIZING_ROWS);
  const starred = starColumns(columns);
  // A starred cell (follow-cells.ts) holds its star before the name: room for both.
  const widths = columns.map(
    (column) =>
      columnWidth(
        column.label,
        column.field,
        sample.map((row) => row[column.id]),
      ) + (starred.has(column.id) ? STAR_WIDTH : 0),
  );
  if (available === undefined) return widths;
  // The columns up to the last one read first, whatever lies between them, must fit together.
  const last = columns.findLastIndex((column) => column.readFirst === true);
  const first = columns.slice(0, last + 1).map((_, index) => index);
  const fitted = fittedWidths(
    first.map((index) => {
      const column = columns[index] as ResultColumn;
      const width = widths[index] ?? 0;
      const least = isName(column) ? Math.max(NAME_LEAST, headerWidth(column.label)) : width;
      return { width, least: Math.min(width, least) };
    }),
    available,
  );
  first.forEach((index, at) => {
    widths[index] = fitted[at] ?? widths[index] ?? 0;
  });
  return widths;
}

/** TanStack Table's column definitions for the result's columns. */
function columnDefsFor(
  columns: readonly ResultColumn[],
  rows: readonly ServiceRecord[],
  available: number | undefined,
): ColumnDef<typeof resultFeatures, ServiceRecord>[] {
  const widths = startingWidths(columns, rows, available);
  return columns.map((column, index) => ({
    id: column.id,
    accessorFn: (row) => row[column.id] as never,
    header: column.label,
    size: widths[index] ?? 160,
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
  available,
}: {
  rows: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  tableState: ResultsTableState;
  /** The frame's width for the data columns (px), once measured: the first-read columns fit it. */
  available?: number | undefined;
}) {
  // Sized on the rows first shown: later pages keep the widths, so columns do not jump.
  const [sizingRows] = useState(rows);
  const columnDefs = useMemo(
    () => columnDefsFor(columns, sizingRows, available),
    [columns, sizingRows, available],
  );
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
