import { useQueryClient } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { downloadBlob } from '../../lib/format/download.ts';
import { downloadCsv, exportFileName, subjectFileName, toCsv } from '../../lib/format/csv.ts';
import type { CsvColumn } from '../../lib/format/csv.ts';
import { accountIdField, accountIdsOf } from '../../lib/api/account-names.ts';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { accountNamesForExport } from '../../lib/api/account-names-query.ts';
import { ADDED_ACCOUNT_NAME_HEADER, withAccountNames } from './account-name-column.ts';
import { excelCsvField } from './excel-csv.ts';
import type { QueryRequestBody } from '#contract/request-body';
import type { ResultColumn, RowNotes, RowNotesLoader, ScopeColumns } from './result-column.ts';
import { sameRowsIn, withScopeColumns } from './scope-columns.ts';
import { sheetCell, sheetHeader } from './sheet-cells.ts';
import type { SheetColumn } from './sheet-cells.ts';
import { sortRecords } from './sort.ts';
import { useNamesFrom13F } from './use-account-names.ts';
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
  /** The account names (CRM modules): given, each account ID column is followed by its names. */
  readonly names?: AccountNames | undefined;
}

/** The flags column's header: a sentence, where the others are wire names it cannot clash with. */
const FLAGS_HEADER = 'Data-quality flags';
/** Between one row's notes: each is a sentence; the bar keeps them apart for a reader or a split. */
const NOTE_SEPARATOR = ' | ';

/**
 * The leading flags column, as the table leads with its ⚑ column, when some row is flagged: a
 * column empty in every row would lead every file with nothing (the table says when none is).
 */
function flagsColumn(notes: RowNotes, rows: readonly ServiceRecord[]): SheetColumn | undefined {
  const text = (row: Record<string, unknown>) => notes.get(row)?.join(NOTE_SEPARATOR) ?? '';
  if (!rows.some((row) => text(row) !== '')) return undefined;
  return { id: FLAGS_HEADER, header: FLAGS_HEADER, apiName: '', field: undefined, text };
}

/**
 * The sheet's columns: the flags (when any row has one), then the table's, headed by labels, each
 * account ID followed by its account's name (headed `nameHeader`) when the names are given.
 */
function sheetColumns(
  rows: readonly ServiceRecord[],
  view: ExportView,
  nameHeader?: string,
): SheetColumn[] {
  const flags = view.notes && flagsColumn(view.notes, rows);
  const table = view.columns.map((column) => ({
    id: column.id,
    header: sheetHeader(column.label, column.field),
    apiName: column.id,
    field: column.field,
  }));
  return [...(flags ? [flags] : []), ...withAccountNames(table, view.names, nameHeader)];
}

/**
 * The analyst's forms (Excel-ready CSV, XLSX) leave out a data column empty in every row: it says
 * nothing and pushes the rest sideways. The CSV of values as sent keeps every column, so a script
 * reading it finds the same columns whatever the rows hold.
 */
function filledColumns(rows: readonly ServiceRecord[], columns: readonly SheetColumn[]) {
  return columns.filter(({ id, field, text }) =>
    text
      ? rows.some((row) => text(row) !== '')
      : rows.some((row) => sheetCell(row[id], field).type !== 'empty'),
  );
}

function sortedRows(rows: readonly ServiceRecord[], view: ExportView): readonly ServiceRecord[] {
  return sortRecords(rows, view.sorting, (id) => findField(view.module, id)?.kind);
}

/** The raw CSV of `rows` as the table shows them: its sort, its columns, headed by wire names. */
export function resultsCsv(rows: readonly ServiceRecord[], view: ExportView): string {
  const columns: CsvColumn[] = sheetColumns(rows, view, ADDED_ACCOUNT_NAME_HEADER).map((column) =>
    column.text ? column : { id: column.id, header: column.id },
  );
  return toCsv(sortedRows(rows, view), columns);
}

/**
 * A percent column's header in the CSV says "(%)": its cells are the numbers as served and shown
 * (25.76), which Excel, pandas, Sheets and Numbers all read as the same number.
 */
function csvHeader(column: SheetColumn): SheetColumn {
  if (column.field?.kind !== 'percent' || /%\)?$/.test(column.header)) return column;
  return { ...column, header: `${column.header} (%)` };
}

/** The Excel-ready CSV: labels as headers, numbers as numbers, text Excel would damage kept. */
export function resultsExcelCsv(rows: readonly ServiceRecord[], view: ExportView): string {
  const columns = filledColumns(rows, sheetColumns(rows, view)).map(csvHeader);
  const fields = new Map(columns.map((column) => [column.id, column.field]));
  return toCsv(sortedRows(rows, view), columns, {
    apiNameLine: view.apiNameLine ?? false,
    field: (value, column) => excelCsvField(sheetCell(value, fields.get(column.id))),
  });
}

/** A file written: its name and how many rows it holds, for the confirmation. */
export interface SavedExport {
  readonly fileName: string;
  readonly rows: number;
  /** Why a CRM export has no account names: still loading when it stopped waiting, or failed. */
  readonly namesMissing?: 'slow' | 'failed' | undefined;
}

/** Writes one export file of `rows` in `format`. The XLSX writer loads only when first used. */
async function download(
  format: ExportFormat,
  rows: readonly ServiceRecord[],
  view: ExportView,
): Promise<SavedExport> {
  const name = (extension: 'csv' | 'xlsx') =>
    (view.nameParts && subjectFileName(view.nameParts, extension)) ??
    exportFileName(view.module, new Date(), extension);
  if (format === 'xlsx') {
    const { resultsXlsx } = await import('./xlsx.ts');
    const columns = filledColumns(rows, sheetColumns(rows, view));
    const blob = await resultsXlsx(sortedRows(rows, view), columns, view.apiNameLine);
    downloadBlob(blob, name('xlsx'));
    return { fileName: name('xlsx'), rows: rows.length };
  }
  const text = format === 'raw-csv' ? resultsCsv(rows, view) : resultsExcelCsv(rows, view);
  downloadCsv(text, name('csv'));
  return { fileName: name('csv'), rows: rows.length };
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
  /** The last file written, confirmed beside the Export button. */
  const [saved, setSaved] = useState<SavedExport>();
  const exporting = useRef(false);
  const queryClient = useQueryClient();
  const with13F = useNamesFrom13F();
  const idField = accountIdField(module);

  /** The names of `basis`'s accounts (CRM modules), not waited for beyond a few seconds. */
  const namesOf = (basis: readonly ServiceRecord[]) =>
    idField === undefined
      ? undefined
      : accountNamesForExport(queryClient, accountIdsOf(basis, idField), with13F);

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
    setSaved(undefined);
    try {
      const scoped = scope ? await scope.load(basis, body) : undefined;
      const written = scoped ? sameRowsIn(rows, basis, scoped.rows) : rows;
      const notes = loadNotes ? await loadNotes(scoped?.rows ?? basis) : undefined;
      const columns = scope ? withScopeColumns(module, shown, scope.fields) : shown;
      const nameParts = scoped?.nameParts;
      const named = await namesOf(basis);
      const view = { module, sorting, columns, notes, apiNameLine, nameParts, names: named?.names };
      setSaved({ ...(await download(format, written, view)), namesMissing: named?.missing });
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
    saved,
    exportRows,
    exportAll,
  };
}

/** The export's state and actions, as `useResultsExport` returns them. */
export type ResultsExport = ReturnType<typeof useResultsExport>;
