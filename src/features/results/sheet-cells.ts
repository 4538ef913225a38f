/**
 * What a served value is as a spreadsheet cell: the one reading behind the Excel-ready CSV and the
 * XLSX export, so both put the same number, day or text into the same cell.
 */
import { valueLabel } from '#contract/catalog';
import type { FieldDefinition } from '#contract/catalog';
import { parseBoolean, servedNumber } from '#contract/values';
import { parseServedTime } from '../../lib/format/dates.ts';

/** One spreadsheet cell, typed. */
export type SheetCell =
  | { readonly type: 'empty' }
  | { readonly type: 'number'; readonly value: number; readonly format: NumberFormat }
  | { readonly type: 'boolean'; readonly value: boolean }
  /** A day, or a wall time in UTC: `utc` is the epoch time of that wall time read as UTC. */
  | { readonly type: 'date' | 'datetime'; readonly utc: number; readonly text: string }
  /** Text. `code`: an identifier (CUSIP, ticker, id) a spreadsheet must not read as a number. */
  | { readonly type: 'text'; readonly value: string; readonly code: boolean };

/**
 * How a number shows: money and share counts grouped, percents as percents (the value stays the
 * number as served, 3.5 for 3.5 %, so a sheet cell holds 0.035 shown as 3.50%), others as they are.
 */
type NumberFormat = 'grouped' | 'percent' | 'general';

const EMPTY: SheetCell = { type: 'empty' };

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `2025-03-31 16:05:00`: the form Excel reads as a date and time in every locale. */
function wallText(utc: number): string {
  const d = new Date(utc);
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Excel's dates start in 1900: an earlier day stays text rather than becoming a wrong number. */
const EXCEL_EPOCH = Date.UTC(1900, 0, 1);

/**
 * A served day or time as a cell (lib/dates reads it, as the table does). A time with an offset
 * becomes its UTC wall time (sheets have no zones; the header says UTC); one without an offset
 * is already UTC. A date field that holds a time stays text, as in the table: the data said more
 * than a day. Anything else stays text: a sheet never shows a date the data did not say.
 */
function dateCell(text: string, kind: 'date' | 'datetime'): SheetCell | undefined {
  const served = parseServedTime(text);
  if (!served || served.utc < EXCEL_EPOCH) return undefined;
  if (served.kind === 'day') return { type: 'date', utc: served.utc, text };
  if (kind === 'date') return undefined;
  const whole = Math.floor(served.utc / 1000) * 1000;
  return { type: 'datetime', utc: whole, text: wallText(whole) };
}

function numberFormat(field: FieldDefinition): NumberFormat {
  if (field.kind === 'percent') return 'percent';
  return field.unit === undefined ? 'general' : 'grouped';
}

/** The cell of `value` in a column of `field` (undefined: a field the catalog does not know). */
export function sheetCell(value: unknown, field: FieldDefinition | undefined): SheetCell {
  if (value === null || value === undefined || value === '') return EMPTY;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  switch (field?.kind) {
    case 'number':
    case 'percent': {
      const number = servedNumber(value);
      return number === undefined
        ? { type: 'text', value: text, code: false }
        : { type: 'number', value: number, format: numberFormat(field) };
    }
    case 'date':
    case 'datetime':
      return (
        (typeof value === 'string' ? dateCell(value, field.kind) : undefined) ?? {
          type: 'text',
          value: text,
          code: false,
        }
      );
    case 'boolean': {
      const flag = parseBoolean(value);
      return flag === undefined
        ? { type: 'text', value: text, code: false }
        : { type: 'boolean', value: flag };
    }
    case 'id':
      return { type: 'text', value: text, code: true };
    case 'text':
      // The analyst's sheets read codes by their labels, as the table does; the raw CSV keeps them.
      return { type: 'text', value: valueLabel(field, text), code: field.short === true };
    default:
      return { type: 'text', value: text, code: false };
  }
}

/** A column's header in a sheet: its label, and for times the zone they are written in. */
export function sheetHeader(label: string, field: FieldDefinition | undefined): string {
  return field?.kind === 'datetime' ? `${label} (UTC)` : label;
}

/** One column of an export: where its values come from and how it is headed. */
export interface SheetColumn {
  /** Key of the value in each row. */
  readonly id: string;
  /** The on-screen label (times say their zone). */
  readonly header: string;
  /** The wire name, for the API-names header line ('' for a column the export adds). */
  readonly apiName: string;
  readonly field: FieldDefinition | undefined;
  /** A column the export adds (the data-quality flags): its text from the whole row. */
  readonly text?: (row: Record<string, unknown>) => string;
}
