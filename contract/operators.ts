/**
 * Filter operators: which exist, which apply to which field kind, and the named date ranges.
 */
import type { FieldKind } from './catalog.ts';

/** Every operator the service accepts, as written on the wire. */
export const OPERATORS = [
  '$equals',
  '$not_equals',
  '$in',
  '$contains',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$between',
  '$not_null',
  '$dateRange',
] as const;

/** An operator as written on the wire. */
export type Operator = (typeof OPERATORS)[number];

/** True when `value` is one of the service's operators. */
export function isOperator(value: unknown): value is Operator {
  return typeof value === 'string' && (OPERATORS as readonly string[]).includes(value);
}

/** Human labels for the builder and for plain-language summaries. */
export const OPERATOR_LABELS: Readonly<Record<Operator, string>> = {
  $equals: 'equals',
  $not_equals: 'does not equal',
  $in: 'is one of',
  $contains: 'contains',
  $gt: 'is greater than',
  $gte: 'is at least',
  $lt: 'is less than',
  $lte: 'is at most',
  $between: 'is between',
  $not_null: 'has a value',
  $dateRange: 'is in',
};

const ordering = ['$gt', '$gte', '$lt', '$lte'] as const;

/**
 * The operators that apply to each field kind, in the order the builder offers them. `$in` goes
 * where equality is exact enough to list values: not on datetimes (an instant is rarely typed
 * twice alike), URLs or booleans.
 */
export const OPERATORS_BY_KIND: Readonly<Record<FieldKind, readonly Operator[]>> = {
  text: ['$equals', '$not_equals', '$in', '$contains', '$not_null'],
  id: ['$equals', '$not_equals', '$in', '$contains', '$not_null'],
  url: ['$equals', '$not_equals', '$contains', '$not_null'],
  number: ['$equals', '$not_equals', '$in', ...ordering, '$between', '$not_null'],
  percent: ['$equals', '$not_equals', '$in', ...ordering, '$between', '$not_null'],
  date: ['$equals', '$not_equals', '$in', ...ordering, '$between', '$dateRange', '$not_null'],
  datetime: ['$equals', '$not_equals', ...ordering, '$between', '$dateRange', '$not_null'],
  boolean: ['$equals', '$not_null'],
};

/**
 * Operators of our own, beyond the vendor's interface document: the embedded service answers
 * them, the vendor's refuses them, so the builder does not offer them in upstream mode.
 */
const EXTENSION_OPERATORS: readonly Operator[] = ['$in'];

/** True for an operator the vendor's interface does not document. */
export function isExtensionOperator(operator: Operator): boolean {
  return EXTENSION_OPERATORS.includes(operator);
}

/** A named relative date range accepted by `$dateRange`. */
export interface DateRangeDefinition {
  readonly name: string;
  readonly label: string;
  /** False for `last_30_days`, the one name the vendor documents; true for ours. */
  readonly extension: boolean;
}

/** Named ranges for `$dateRange`, the vendor's documented `last_30_days` first. */
export const DATE_RANGES = [
  { name: 'last_30_days', label: 'Last 30 days', extension: false },
  { name: 'today', label: 'Today', extension: true },
  { name: 'yesterday', label: 'Yesterday', extension: true },
  { name: 'last_7_days', label: 'Last 7 days', extension: true },
  { name: 'this_month', label: 'This month', extension: true },
  { name: 'last_month', label: 'Last month', extension: true },
  { name: 'this_year', label: 'This year', extension: true },
  { name: 'last_year', label: 'Last year', extension: true },
] as const satisfies readonly DateRangeDefinition[];

/** A `$dateRange` name. */
export type DateRangeName = (typeof DATE_RANGES)[number]['name'];

/** True when `value` is a `$dateRange` name. */
export function isDateRangeName(value: unknown): value is DateRangeName {
  return typeof value === 'string' && DATE_RANGES.some((range) => range.name === value);
}

/** An inclusive span of calendar days, as `YYYY-MM-DD` strings. */
export interface DaySpan {
  readonly first: string;
  readonly last: string;
}

/**
 * The calendar days (UTC) a named range covers on `today`. `last_N_days` ends today and
 * includes it, so `last_30_days` is today and the 29 days before.
 */
export function resolveDateRange(name: DateRangeName, today: Date): DaySpan {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const day = today.getUTCDate();
  const utc = (y: number, m: number, d: number) => formatDay(new Date(Date.UTC(y, m, d)));
  switch (name) {
    case 'today':
      return { first: utc(year, month, day), last: utc(year, month, day) };
    case 'yesterday':
      return { first: utc(year, month, day - 1), last: utc(year, month, day - 1) };
    case 'last_7_days':
      return { first: utc(year, month, day - 6), last: utc(year, month, day) };
    case 'last_30_days':
      return { first: utc(year, month, day - 29), last: utc(year, month, day) };
    case 'this_month':
      return { first: utc(year, month, 1), last: utc(year, month + 1, 0) };
    case 'last_month':
      return { first: utc(year, month - 1, 1), last: utc(year, month, 0) };
    case 'this_year':
      return { first: utc(year, 0, 1), last: utc(year, 11, 31) };
    case 'last_year':
      return { first: utc(year - 1, 0, 1), last: utc(year - 1, 11, 31) };
  }
}

/** A UTC calendar day as `YYYY-MM-DD`. */
export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
