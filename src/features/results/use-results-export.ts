import type { SortingState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import type { CellFormatter } from './format.ts';
import type { ResultColumn, RowNotes, RowNotesLoader } from './result-column.ts';
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
  /** The rows' data-quality notes: given, a leading flags column holds them. */
  readonly notes?: RowNotes | undefined;
}

/** The flags column's header: a sentence, where the others are wire names it cannot clash with. */
const FLAGS_HEADER = 'Data-quality flags';
/** Between one row's notes: each is a sentence; the bar keeps them apart for a reader or a split. */
const NOTE_SEPARATOR = ' | ';

/**
 * The leading flags column, as the table leads with its ⚑ column. Present whenever notes are
 * given, even when no row is flagged: the columns of a module's exports do not move, and an
 * empty cell says "checked, nothing found" where a missing column could mean "not checked".
 */
function flagsColumn(notes: RowNotes) {
  return {
    id: FLAGS_HEADER,
    header: FLAGS_HEADER,
    text: (row: Record<string, unknown>) => notes.get(row)?.join(NOTE_SEPARATOR) ?? '',
  };
}

/**
 * The CSV of `rows` as the table shows them: its sort, its columns, each headed by its wire name,
 * after the flags column when there are notes.
 */
export function resultsCsv(rows: readonly ServiceRecord[], view: CsvView): string {
  const { module, sorting, columns, format, notes } = view;
  const sorted = sortRecords(rows, sorting, (id) => findField(module, id)?.kind);
  const csvColumns = [
    ...(notes ? [flagsColumn(notes)] : []),
    ...columns.map((column) => ({ id: column.id, header: column.id })),
  ];
  return toCsv(
    sorted,
    csvColumns,
    format ? { format: (value, column) => format(value, findField(module, column.id)).text } : {},
  );
}

/**
 * "Export CSV": downloads the rows on hand, or loads every matching row first, with raw values or
 * (when `formatted` is on) the values as the table shows them, and with `loadNotes` (13F) their
 * data-quality flags.
 */
export function useCsvExport(
  module: ModuleId,
  results: ResultRows,
  format: CellFormatter,
  sorting: SortingState,
  loadNotes?: RowNotesLoader,
) {
  const [formatted, setFormatted] = useState(false);
  const exporting = useRef(false);

  /** Writes `rows`, with the notes computed on `basis` (the rows the notes compare among). */
  const write = async (
    rows: readonly ServiceRecord[],
    basis: readonly ServiceRecord[],
    columns: readonly ResultColumn[],
  ) => {
    const notes = loadNotes ? await loadNotes(basis) : undefined;
    const text = resultsCsv(rows, {
      module,
      sorting,
      columns,
      format: formatted ? format : undefined,
      notes,
    });
    downloadCsv(text, csvFileName(module, new Date()));
  };

  // The page's notes come from every loaded row, as the table's do: the chart filter's rows alone
  // would lose the comparisons with the other periods among them.
  const exportRows = (rows: readonly ServiceRecord[], columns: readonly ResultColumn[]) => {
    void write(rows, results.rows ?? rows, columns);
  };

  // One "all matching rows" export at a time: a click while one is loading does nothing.
  const exportAll = (columns: readonly ResultColumn[]) => {
    if (exporting.current) return;
    exporting.current = true;
    let written: Promise<void> = Promise.resolve();
    void results
      .loadAll((all) => {
        written = write(all, all, columns);
      })
      .then(() => written)
      .finally(() => {
        exporting.current = false;
      });
  };

  return { formatted, setFormatted, exportRows, exportAll };
}

/** The CSV export's state and actions, as `useCsvExport` returns them. */
export type CsvExport = ReturnType<typeof useCsvExport>;
