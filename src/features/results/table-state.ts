import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { SortingState } from '@tanstack/react-table';
import { useUncontrolled } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

/** The table's features: sorting (done by us, see sort.ts), visibility, order, sizing. */
export const resultFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
});

/**
 * The part of the table's state a link carries: the client-side sort, hidden columns and column
 * order (column widths stay with the page).
 */
export type TableView = Pick<WorkspaceView, 'sort' | 'hidden' | 'order'>;

/** Sort, column visibility, order and sizes: kept by the results panel so they survive new data. */
export interface ResultsTableState {
  readonly sorting: SortingState;
  readonly visibility: Record<string, boolean>;
  readonly order: string[];
  readonly sizing: Record<string, number>;
  readonly setSorting: (next: SortingState) => void;
  readonly setVisibility: (updater: Updater<Record<string, boolean>>) => void;
  readonly setOrder: (updater: Updater<string[]>) => void;
  readonly setSizing: (updater: Updater<Record<string, number>>) => void;
}

type Updater<T> = T | ((old: T) => T);

function applied<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

const NO_VIEW: TableView = {};

/**
 * State for `ResultsTable`'s columns. Given `view` and `onViewChange`, the sort, hidden columns
 * and order are the caller's (the workspace keeps them in its link); without, they are kept here.
 */
export function useResultsTableState(
  view?: TableView,
  onViewChange?: (next: TableView) => void,
): ResultsTableState {
  const [tableView, setTableView] = useUncontrolled<TableView>({
    value: view,
    defaultValue: NO_VIEW,
    onChange: onViewChange,
  });
  const [sizing, setSizing] = useState<Record<string, number>>({});
  const visibility = useMemo(
    () => Object.fromEntries((tableView.hidden ?? []).map((id) => [id, false])),
    [tableView.hidden],
  );
  const order = useMemo(() => [...(tableView.order ?? [])], [tableView.order]);
  const sorting = useMemo(() => [...(tableView.sort ?? [])], [tableView.sort]);
  return {
    sorting,
    visibility,
    order,
    sizing,
    setSorting: (next) => {
      setTableView({ ...tableView, sort: next.map(({ id, desc }) => ({ id, desc })) });
    },
    setVisibility: (updater) => {
      const next = applied(updater, visibility);
      const hidden = Object.keys(next).filter((id) => next[id] === false);
      setTableView({ ...tableView, hidden });
    },
    setOrder: (updater) => {
      setTableView({ ...tableView, order: applied(updater, order) });
    },
    setSizing,
  };
}

/** Columns in the order the analyst chose (all of them, as given, until they reorder). */
export function inColumnOrder<T extends { readonly id: string }>(
  columns: readonly T[],
  order: readonly string[],
): readonly T[] {
  return order.length === 0
    ? columns
    : [...columns].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}
