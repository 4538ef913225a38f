/**
 * Parsing of condition values by field kind. The wire is loose (numbers arrive as strings,
 * booleans as "1"), so every consumer parses through these functions and gets one meaning.
 */
import type { FieldKind } from './catalog.ts';

/** A condition value after parsing for its field's kind. */
export type ScalarValue =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'number'; readonly value: number }
  | { readonly type: 'boolean'; readonly value: boolean }
  /** A calendar day; on a datetime field it stands for the whole UTC day. */
  | { readonly type: 'day'; readonly value: string }
  /** An instant, normalised to UTC ISO 8601 with milliseconds. */
  | { readonly type: 'instant'; readonly value: string };

/** The outcome of parsing one value: the parsed value, or why it cannot be one. */
export type ParseResult = { ok: true; value: ScalarValue } | { ok: false; reason: string };

const NUMERIC = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SQL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/;
const ISO_WITH_OFFSET =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s?(Z|[+-]\d{2}:?\d{2})$/i;

/** The date and datetime forms the service accepts, for error messages. */
const DATE_FORMS_HINT = 'YYYY-MM-DD, YYYY-MM-DD hh:mm:ss or ISO 8601 with an offset';

/** Whether `day` (YYYY-MM-DD) names a day on the calendar: no 2025-02-29. */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parseInstant(raw: string): string | undefined {
  const withOffset = ISO_WITH_OFFSET.exec(raw);
  const plain = withOffset ? undefined : SQL_DATETIME.exec(raw);
  const match = withOffset ?? plain;
  if (!match) return undefined;
  const [, day = '', hh = '', mm = '', ss = '00', fraction = ''] = match;
  if (!isCalendarDay(day) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) {
    return undefined;
  }
  const rawOffset = withOffset ? (withOffset[6] ?? 'Z').toUpperCase() : 'Z';
  const offset = rawOffset === 'Z' ? 'Z' : `${rawOffset.slice(0, 3)}:${rawOffset.slice(-2)}`;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '.000';
  const time = Date.parse(`${day}T${hh}:${mm}:${ss}${millis}${offset}`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function describe(raw: unknown): string {
  const text = raw === undefined ? 'nothing' : JSON.stringify(raw);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Parses a condition value sent as a JSON number or a numeric string ("1000000", "-2.5"). Stricter
 * than `servedNumber` on purpose: a condition value goes to the service, which refuses "1,234"
 * and "+5", so the builder must refuse them too rather than let a query pass here and fail there.
 */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return NUMERIC.test(trimmed) ? Number(trimmed) : undefined;
}

// Digits with thousands separators: one to three digits, then groups of exactly three. "1,2" or
// "12,34" are not read as numbers: that is a list, or a decimal comma, not a grouped thousand.
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const SIGNED_NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number a served value stands for, or undefined: a finite JSON number, or a numeric string
 * ("1234", "-3", "1234.5", "1e6", " 12 ", "+7") including thousands separators ("1,234" is 1234:
 * services and CSV round trips add them, and an analyst reads them as one number). The one
 * reading of served values, so the table, the charts and the sort agree on every value.
 */
export function servedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (SIGNED_NUMERIC.test(trimmed)) return Number(trimmed);
  return GROUPED.test(trimmed) ? Number(trimmed.replaceAll(',', '')) : undefined;
}

/** Parses a boolean sent as a JSON boolean, "true"/"false", "1"/"0", 1 or 0. */
export function parseBoolean(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === 0 || raw === '0' || raw === 'false') return false;
  return undefined;
}

/**
 * Parses one comparison value for a field of `kind`. Dates accept a datetime (its UTC day);
 * datetimes accept a bare day, which then stands for the whole day.
 */
export function parseScalar(kind: FieldKind, raw: unknown): ParseResult {
  switch (kind) {
    case 'number':
    case 'percent': {
      const value = parseNumber(raw);
      return value === undefined
        ? { ok: false, reason: `${describe(raw)} is not a number` }
        : { ok: true, value: { type: 'number', value } };
    }
    case 'boolean': {
      const value = parseBoolean(raw);
      return value === undefined
        ? { ok: false, reason: `${describe(raw)} is not a boolean (send true or false)` }
        : { ok: true, value: { type: 'boolean', value } };
    }
    case 'date':
    case 'datetime': {
      const text = typeof raw === 'string' ? raw.trim() : undefined;
      if (text !== undefined && isCalendarDay(text)) {
        return { ok: true, value: { type: 'day', value: text } };
      }
      const instant = text === undefined ? undefined : parseInstant(text);
      if (instant === undefined) {
        return { ok: false, reason: `${describe(raw)} is not a date (use ${DATE_FORMS_HINT})` };
      }
      return kind === 'date'
        ? { ok: true, value: { type: 'day', value: instant.slice(0, 10) } }
        : { ok: true, value: { type: 'instant', value: instant } };
    }
    case 'text':
    case 'id':
    case 'url':
      if (typeof raw === 'string') return { ok: true, value: { type: 'text', value: raw } };
      if (typeof raw === 'number' && Number.isFinite(raw)) {
        return { ok: true, value: { type: 'text', value: String(raw) } };
      }
      return { ok: false, reason: `${describe(raw)} is not text` };
  }
}

/**
 * True when a `$between` lower bound lies after its upper bound. A day as a lower bound starts
 * at midnight and as an upper bound ends at the last millisecond, matching the inclusive range.
 */
export function boundsInverted(lower: ScalarValue, upper: ScalarValue): boolean {
  if (lower.type === 'number' && upper.type === 'number') return lower.value > upper.value;
  const start = lower.type === 'day' ? `${lower.value}T00:00:00.000Z` : String(lower.value);
  const end = upper.type === 'day' ? `${upper.value}T23:59:59.999Z` : String(upper.value);
  return start > end;
}
