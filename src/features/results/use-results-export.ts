import type { SortingState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { downloadBlob } from '../../lib/format/download.ts';
import { downloadCsv, exportFileName, subjectFileName, toCsv } from '../../lib/format/csv.ts';
import type { CsvColumn } from '../../lib/format/csv.ts';
import { excelCsvField } from './excel-csv.ts';
import type { QueryRequestBody } from '#contract/request-body';
import type { ResultColumn, RowNotes, RowNotesLoader, ScopeColumns } from './result-column.ts';
import { sameRowsIn, withScopeColumns } from './scope-columns.ts';
import { sheetCell, sheetHeader } from './sheet-cells.ts';
import type { SheetColumn } from './sheet-cells.ts';
import { sortRecords } from './sort.ts';
import type { ResultRows } from './use-result-rows.ts';

/**
 * The export's forms: a CSV Excel opens right (labels, codes as text, dates as dates), a CSV of
 * the values exactly as the service sent them, or a workbook with typed cells.
 */
export type ExportFormat = 'excel-csv' | 'raw-csv' | 'xlsx';

/** What an export holds besides its rows: the module's catalog, the table's sort and columns. */
export interface ExportView {
  readonly module: ModuleId;
  readonly sorting: SortingState;
  /** The table's visible columns, in their order on screen. */
  readonly columns: readonly ResultColumn[];
  /** The rows' data-quality notes: given, a leading flags column holds them. */
  readonly notes?: RowNotes | undefined;
  /** Labels first, then a second header line of API names (Excel-ready CSV and XLSX). */
  readonly apiNameLine?: boolean;
  /** What the file's name says it holds (e.g. a filer and a period); else module and time. */
  readonly nameParts?: readonly string[] | undefined;
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
function flagsColumn(notes: RowNotes): SheetColumn {
  return {
    id: FLAGS_HEADER,
    header: FLAGS_HEADER,
    apiName: '',
    field: undefined,
    text: (row: Record<string, unknown>) => notes.get(row)?.join(NOTE_SEPARATOR) ?? '',
  };
}

/** The sheet's columns: the flags (when given), then the table's, headed by their labels. */
function sheetColumns(view: ExportView): SheetColumn[] {
  return [
    ...(view.notes ? [flagsColumn(view.notes)] : []),
    ...view.columns.map((column) => ({
      id: column.id,
      header: sheetHeader(column.label, column.field),
      apiName: column.id,
      field: column.field,
    })),
  ];
}

function sortedRows(rows: readonly ServiceRecord[], view: ExportView): readonly ServiceRecord[] {
  return sortRecords(rows, view.sorting, (id) => findField(view.module, id)?.kind);
}

/** The raw CSV of `rows` as the table shows them: its sort, its columns, headed by wire names. */
export function resultsCsv(rows: readonly ServiceRecord[], view: ExportView): string {
  const columns: CsvColumn[] = sheetColumns(view).map((column) =>
    column.text ? column : { id: column.id, header: column.id },
  );
  return toCsv(sortedRows(rows, view), columns);
}

/** The Excel-ready CSV: labels as headers, codes as text, dates Excel reads as dates. */
export function resultsExcelCsv(rows: readonly ServiceRecord[], view: ExportView): string {
  const columns = sheetColumns(view);
  const fields = new Map(columns.map((column) => [column.id, column.field]));
  return toCsv(sortedRows(rows, view), columns, {
    apiNameLine: view.apiNameLine ?? false,
    field: (value, column) => excelCsvField(sheetCell(value, fields.get(column.id))),
  });
}

/** Writes one export file of `rows` in `format`. The XLSX writer loads only when first used. */
async function download(format: ExportFormat, rows: readonly ServiceRecord[], view: ExportView) {
  const name = (extension: 'csv' | 'xlsx') =>
    (view.nameParts && subjectFileName(view.nameParts, extension)) ??
    exportFileName(view.module, new Date(), extension);
  if (format === 'xlsx') {
    const { resultsXlsx } = await import('./xlsx.ts');
    const blob = await resultsXlsx(sortedRows(rows, view), sheetColumns(view), view.apiNameLine);
    downloadBlob(blob, name('xlsx'));
    return;
  }
  const text = format === 'raw-csv' ? resultsCsv(rows, view) : resultsExcelCsv(rows, view);
  downloadCsv(text, name('csv'));
}

/**
 * "Export": downloads the rows on hand, or loads every matching row first, in the chosen form,
 * with `loadNotes` (13F) their data-quality flags and `scope` (13F) their filer and period.
 */
export function useResultsExport(
  module: ModuleId,
  results: ResultRows,
  sorting: SortingState,
  {
    loadNotes,
    scope,
  }: { loadNotes?: RowNotesLoader | undefined; scope?: ScopeColumns | undefined } = {},
) {
  const [format, setFormat] = useState<ExportFormat>('excel-csv');
  const [apiNameLine, setApiNameLine] = useState(false);
  /** A file being written (the XLSX takes seconds on many rows), and the last export's failure. */
  const [writing, setWriting] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const exporting = useRef(false);

  /**
   * Writes `rows`, with the notes computed on `basis` (the rows the notes compare among, the
   * rows of `body`), and the scope's columns even when the table hides them: a file on its own
   * says whose and when its rows are.
   */
  const write = async (
    rows: readonly ServiceRecord[],
    basis: readonly ServiceRecord[],
    body: QueryRequestBody,
    shown: readonly ResultColumn[],
  ) => {
    setWriting(true);
    setFailure(undefined);
    try {
      const scoped = scope ? await scope.load(basis, body) : undefined;
      const written = scoped ? sameRowsIn(rows, basis, scoped.rows) : rows;
      const notes = loadNotes ? await loadNotes(scoped?.rows ?? basis) : undefined;
      const columns = scope ? withScopeColumns(module, shown, scope.fields) : shown;
      const nameParts = scoped?.nameParts;
      await download(format, written, { module, sorting, columns, notes, apiNameLine, nameParts });
    } catch (error) {
      setFailure(error);
    } finally {
      setWriting(false);
    }
  };

  // The page's notes come from every loaded row, as the table's do: the chart filter's rows alone
  // would lose the comparisons with the other periods among them.
  const exportRows = (rows: readonly ServiceRecord[], columns: readonly ResultColumn[]) => {
    void write(
      rows,
      results.rows ?? rows,
      results.allLoaded ? results.body : results.pageBody,
      columns,
    );
  };

  // One "all matching rows" export at a time: a click while one is loading does nothing.
  const exportAll = (columns: readonly ResultColumn[]) => {
    if (exporting.current) return;
    exporting.current = true;
    let written: Promise<void> = Promise.resolve();
    void results
      .loadAll((all) => {
        written = write(all, all, results.body, columns);
      })
      .then(() => written)
      .finally(() => {
        exporting.current = false;
      });
  };

  return {
    format,
    setFormat,
    apiNameLine,
    setApiNameLine,
    writing,
    failure,
    exportRows,
    exportAll,
  };
}

/** The export's state and actions, as `useResultsExport` returns them. */
export type ResultsExport = ReturnType<typeof useResultsExport>;
