/**
 * The Excel-ready CSV's fields: each typed cell written in the form Excel reads back as that type
 * when the file is double-clicked, whatever the analyst's locale.
 */
import { csvText } from '../../lib/format/csv.ts';
import type { SheetCell } from './sheet-cells.ts';

/**
 * Text Excel would turn into something else on opening a CSV: a number ("037833100" loses its
 * zero, "46090E103" becomes 4.6E+107), a percentage, a date ("3/4", "MAR1", "Jan-25"), a boolean.
 */
const COERCED =
  /^\s*(?:[+-]?\.?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*[\s./-]*\d|true\s*$|false\s*$)/i;

/** Excel's limit on a string literal inside a formula. */
const LITERAL_LIMIT = 255;

/**
 * Text kept as text: `="037833100"`, a formula that is nothing but a string literal, is the one
 * form Excel opens as text from a CSV. Only for text with nothing a formula could misread: no
 * line breaks, not over Excel's literal limit, and never text that itself starts like a formula
 * (that keeps the formula guard's `'` from `csvText`, so the guard's promise is unchanged).
 */
function keptText(text: string): string | undefined {
  if (text.length > LITERAL_LIMIT || /[\r\n]/.test(text) || /^[=+@\t\r-]/.test(text)) {
    return undefined;
  }
  return csvText(`="${text.replaceAll('"', '""')}"`, { guard: false });
}

/** One field of the Excel-ready CSV. */
export function excelCsvField(cell: SheetCell): string {
  switch (cell.type) {
    case 'empty':
      return '';
    case 'number':
      // String(n) never holds `,` `"` or a line break; Excel reads "3.5%" as 0.035 shown as 3.50%.
      return cell.format === 'percent' ? `${String(cell.value)}%` : String(cell.value);
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'date':
    case 'datetime':
      return cell.text;
    case 'text':
      if (cell.code || COERCED.test(cell.value)) return keptText(cell.value) ?? csvText(cell.value);
      return csvText(cell.value);
  }
}
