/**
 * The Excel-ready CSV's fields: written so the file reads right in Excel, pandas, Google Sheets
 * and Numbers alike. Numbers are plain numbers, days ISO, text plain text; only text Excel would
 * damage on opening (a lost zero, a number or date it was not) gets Excel's `="…"` text form.
 */
import { csvText, startsLikeFormula } from '../../lib/format/csv.ts';
import type { SheetCell } from './sheet-cells.ts';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';

/**
 * Text Excel would turn into something else, each with what it would lose:
 * - digits led by a zero ("037833100", "02134"): the zero;
 * - more than 11 digits: General shows 12 or more as "1.23457E+11", and past 15 the digits;
 * - a number Excel would rewrite: exponent ("46090E103", "1E5" become 4.6E+107, 100000), trailing
 *   or bare decimal zeros ("1.50", ".5"), grouping, currency, percent, parentheses ("1,234",
 *   "$5", "5%", "(7)");
 * - a date or time ("3-4", "3/4", "2025-03-31", "10:30", "MAR1", "Jan-25", "4 May");
 * - TRUE/FALSE in any case (becomes a boolean).
 * Plain digits ("594918104", "1067983") are left alone: Excel reads the number and shows the
 * same digits, and pandas and Sheets read a number too, so nothing is damaged.
 */
const DAMAGED: readonly RegExp[] = [
  /^0\d+$/,
  /^\d{12,}$/,
  /^[+-]?(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i,
  /^[+-]?(?:\d*\.\d*0|\.\d+|\d+\.)$/,
  /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/,
  /^[+-]?[($€£¥]+\s*\d[\d,]*(?:\.\d+)?\)?%?$/,
  /^[+-]?\d[\d,]*(?:\.\d+)?\s*%$/,
  /^\d{1,4}\s*[-/:]\s*\d/,
  /^\d{1,2}\.\d{1,2}\.\d{2,4}$/,
  new RegExp(`^${MONTH}[\\s./-]*\\d`, 'i'),
  new RegExp(`^\\d{1,2}[\\s./-]*${MONTH}$`, 'i'),
  /^(?:true|false)$/i,
];

/** Whether Excel, opening a CSV, would show `text` as something other than `text`. */
export function excelWouldDamage(text: string): boolean {
  const trimmed = text.trim();
  if (/^\d{1,11}$/.test(trimmed) && !/^0\d/.test(trimmed)) return false;
  return DAMAGED.some((pattern) => pattern.test(trimmed));
}

/** Excel's limit on a string literal inside a formula. */
const LITERAL_LIMIT = 255;

/**
 * Text kept as text: `="037833100"`, a formula that is nothing but a string literal, is the one
 * form Excel (and Sheets, Numbers) opens as text from a CSV. Only for text with nothing a formula
 * could misread: no line breaks, not over Excel's literal limit, and never text that itself
 * starts like a formula (that keeps the formula guard's `'` from `csvText`: the guard's promise
 * is unchanged).
 */
function keptText(text: string): string | undefined {
  if (text.length > LITERAL_LIMIT || /[\r\n]/.test(text) || startsLikeFormula(text)) {
    return undefined;
  }
  return csvText(`="${text.replaceAll('"', '""')}"`, { guard: false });
}

/**
 * One field of the Excel-ready CSV. A percent is its number as served (25.76 for 25.76 %) under a
 * header that says "(%)": the figure the table shows, read as the same number everywhere.
 */
export function excelCsvField(cell: SheetCell): string {
  switch (cell.type) {
    case 'empty':
      return '';
    case 'number':
      // String(n) never holds `,` `"` or a line break; a leading `-` is a sign, not a formula.
      return String(cell.value);
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'date':
    case 'datetime':
      return cell.text;
    case 'text':
      return (excelWouldDamage(cell.value) && keptText(cell.value)) || csvText(cell.value);
  }
}
