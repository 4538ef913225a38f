import type { SortingState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import type { CellFormatter } from './format.ts';
import type { ResultColumn } from './result-column.ts';
import { sortRecords } from './sort.ts';
import type { ResultRows } from './use-result-rows.ts';

/** What a CSV holds besides its rows: the module's catalog, the table's sort and columns. */
interface CsvView {
  readonly module: ModuleId;
  readonly sorting: SortingState;
  /** The table's visible columns, in their order on screen. */
  readonly columns: readonly ResultColumn[];
  /** Writes each value as the table shows it; without, values are written as sent. */
  readonly format?: CellFormatter | undefined;
}

/** The CSV of `rows` as the table shows them: its sort, its columns, each headed by its wire name. */
export function resultsCsv(rows: readonly ServiceRecord[], view: CsvView): string {
  const { module, sorting, columns, format } = view;
  const sorted = sortRecords(rows, sorting, (id) => findField(module, id)?.kind);
  const csvColumns = columns.map((column) => ({ id: column.id, header: column.id }));
  return toCsv(
    sorted,
    csvColumns,
    format ? { format: (value, column) => format(value, findField(module, column.id)).text } : {},
  );
}

/**
 * "Export CSV": downloads the rows on hand, or loads every matching row first, with raw values or
 * (when `formatted` is on) the values as the table shows them.
 */
export function useCsvExport(
  module: ModuleId,
  results: ResultRows,
  format: CellFormatter,
  sorting: SortingState,
) {
  const [formatted, setFormatted] = useState(false);
  const exporting = useRef(false);

  const exportRows = (rows: readonly ServiceRecord[], columns: readonly ResultColumn[]) => {
    const text = resultsCsv(rows, {
      module,
      sorting,
      columns,
      format: formatted ? format : undefined,
    });
    downloadCsv(text, csvFileName(module, new Date()));
  };

  // One "all matching rows" export at a time: a click while one is loading does nothing.
  const exportAll = (columns: readonly ResultColumn[]) => {
    if (exporting.current) return;
    exporting.current = true;
    void results
      .loadAll((all) => {
        exportRows(all, columns);
      })
      .finally(() => {
        exporting.current = false;
      });
  };

  return { formatted, setFormatted, exportRows, exportAll };
}

/** The CSV export's state and actions, as `useCsvExport` returns them. */
export type CsvExport = ReturnType<typeof useCsvExport>;
