import { screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { renderWithProviders } from './render.tsx';
import { createFormatters } from '../src/features/results/format.ts';
import type { ResultColumn } from '../src/features/results/result-column.ts';
import type { RowSelection } from '../src/features/results/row-selection.ts';
import { ResultsTable } from '../src/features/results/results-table.tsx';
import { useResultsTableState } from '../src/features/results/table-state.ts';

/** Two text columns, as the table tests use them. */
const NAME_AND_STATUS: ResultColumn[] = [
  { id: 'name', label: 'Name', field: undefined },
  { id: 'status', label: 'Status', field: undefined },
];

const format = createFormatters('en-US');

/** The results table with its own sort, columns and selection, for the table's tests. */
function TableHarness({
  rows,
  onOpenRow,
}: {
  rows: readonly ServiceRecord[];
  onOpenRow: (row: ServiceRecord) => void;
}) {
  const table = useResultsTableState();
  const [selection, setSelection] = useState<RowSelection>(new Set());
  return (
    <ResultsTable
      rows={rows}
      columns={NAME_AND_STATUS}
      format={format}
      sorting={table.sorting}
      onSortingChange={table.setSorting}
      table={table}
      onOpenRow={onOpenRow}
      selection={selection}
      onSelectionChange={setSelection}
    />
  );
}

/** The rows `name: row N`, `status: NEW` or `SOLD OUT` in turn, as the table tests use them. */
export function numberedRows(count: number): ServiceRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `row ${String(index)}`,
    status: index % 2 === 0 ? 'NEW' : 'SOLD OUT',
  }));
}

/**
 * Renders the table on `rows`, each `rowHeight` tall: jsdom lays nothing out, so the scroller's
 * content is made as tall as the table says it is.
 */
export function renderResultsTable(rows: readonly ServiceRecord[], rowHeight: number) {
  const onOpenRow = vi.fn<(row: ServiceRecord) => void>();
  const view = renderWithProviders(<TableHarness rows={rows} onOpenRow={onOpenRow} />, {
    userDelay: null,
  });
  const scroller = screen.getByRole('region', { name: 'Results table' });
  Object.defineProperty(scroller, 'scrollHeight', {
    configurable: true,
    get: () => rows.length * rowHeight,
  });
  return { ...view, onOpenRow, scroller, grid: screen.getByRole('grid', { name: 'Results' }) };
}
