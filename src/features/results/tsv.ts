/**
 * The table as tab-separated text for the clipboard: pasted into Excel or Sheets it fills one
 * cell per value. Values are the table's own text (as shown); a tab or line break inside one
 * becomes a space, and text a spreadsheet would run as a formula keeps the CSV's `'` guard.
 */
import type { ServiceRecord } from '#contract/response';
import { startsLikeFormula } from '../../lib/format/csv.ts';

/** One copied column: its header, and a row's text in it. */
export interface TsvColumn {
  readonly header: string;
  readonly text: (row: ServiceRecord) => string;
}

function cell(text: string): string {
  const flat = text.replace(/[\t\r\n]+/g, ' ');
  return startsLikeFormula(flat) ? `'${flat}` : flat;
}

/** The header line, then one line per row, every value as its column gives it. */
export function toTsv(rows: readonly ServiceRecord[], columns: readonly TsvColumn[]): string {
  const lines = [columns.map((column) => cell(column.header)).join('\t')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.text(row))).join('\t'));
  return `${lines.join('\r\n')}\r\n`;
}
