import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { useState } from 'react';

/** The table's features: sorting (done by us, see sort.ts), visibility, order, sizing. */
export const resultFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
});

/** Column visibility, order and sizes: kept by the results panel so they survive new data. */
export interface ResultsTableState {
  readonly visibility: Record<string, boolean>;
  readonly order: string[];
  readonly sizing: Record<string, number>;
  readonly setVisibility: (updater: Updater<Record<string, boolean>>) => void;
  readonly setOrder: (updater: Updater<string[]>) => void;
  readonly setSizing: (updater: Updater<Record<string, number>>) => void;
}

type Updater<T> = T | ((old: T) => T);

/** State for `ResultsTable`'s columns. */
export function useResultsTableState(): ResultsTableState {
  const [visibility, setVisibility] = useState<Record<string, boolean>>({});
  const [order, setOrder] = useState<string[]>([]);
  const [sizing, setSizing] = useState<Record<string, number>>({});
  return { visibility, order, sizing, setVisibility, setOrder, setSizing };
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
