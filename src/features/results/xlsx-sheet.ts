/**
 * The export's rows as a sheet of typed cells: what the XLSX worker receives (plain data, so it
 * can be posted) and how it reads it. Shared with the tests, which run it without a worker.
 */
import type { FieldDefinition } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { sheetCell } from './sheet-cells.ts';
import type { SheetCell } from './sheet-cells.ts';
import type { XlsxSheet } from './xlsx-writer.ts';

/** One column as posted to the worker: no functions, only data. */
export interface PostedColumn {
  readonly id: string;
  readonly header: string;
  readonly apiName: string;
  readonly field: FieldDefinition | undefined;
  /** A column the export adds (the flags): its text per row, computed before posting. */
  readonly texts?: readonly string[];
}

/** What the page posts to the XLSX worker. */
export interface XlsxRequest {
  readonly columns: readonly PostedColumn[];
  /** The rows, in the table's order. */
  readonly rows: readonly ServiceRecord[];
  readonly apiNameRow: boolean;
}

/** What the worker posts back. */
export type XlsxResponse =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly message: string };

const SAMPLE_ROWS = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

/** How many characters a cell shows, roughly: enough to size its column. */
function shownLength(cell: SheetCell): number {
  switch (cell.type) {
    case 'empty':
      return 0;
    case 'number':
      // Grouping adds a separator per three digits; a percent adds its sign and two decimals.
      return cell.format === 'percent'
        ? String(cell.value).length + 3
        : Math.ceil(String(cell.value).length * 1.35);
    case 'boolean':
      return 5;
    case 'date':
      return 10;
    case 'datetime':
      return 19;
    case 'text':
      return cell.value.length;
  }
}

/** The sheet of a posted request: cells read on demand, widths from the header and the first rows. */
export function sheetOf(request: XlsxRequest): XlsxSheet {
  const { columns, rows } = request;
  const cell = (r: number, c: number): SheetCell => {
    const column = columns[c];
    if (!column) return { type: 'empty' };
    if (column.texts) {
      const text = column.texts[r] ?? '';
      return text === '' ? { type: 'empty' } : { type: 'text', value: text, code: false };
    }
    return sheetCell(rows[r]?.[column.id], column.field);
  };
  const sampled = Math.min(rows.length, SAMPLE_ROWS);
  return {
    columns: columns.map((column, c) => {
      let longest = column.header.length + 2;
      for (let r = 0; r < sampled; r++) longest = Math.max(longest, shownLength(cell(r, c)) + 2);
      return {
        header: column.header,
        apiName: column.apiName,
        width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest)),
      };
    }),
    apiNameRow: request.apiNameRow,
    rowCount: rows.length,
    cell,
  };
}
