/**
 * The pieces the CRM summaries are made of: counts with their nouns, days, tallies, account
 * names. Pure functions: no React, so each sentence is tested on plain rows.
 */
import type { ServiceRecord } from '#contract/response';
import { servedNumber } from '#contract/values';
import { formatCount, formatUsdCompact } from '../../components/charts/chart-format.ts';
import { formatDay } from '../../lib/format/dates.ts';
import type { AccountNames } from '../../lib/api/account-names.ts';

/** What a summary knows beyond its rows: how many match in all, and the accounts' names. */
export interface SummaryContext {
  /** The records matching the query; more than the rows when only a page or part is loaded. */
  readonly total?: number | undefined;
  /** Account names by ID, once looked up. */
  readonly names?: AccountNames | undefined;
}

/** "1 account", "1,204 accounts". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * What the sentence covers when the rows are not every match: " — in the 500 rows loaded of
 * 3,204 matching". Said in every summary, so a count of loaded rows is never read as the total's.
 */
export function partNote(rows: number, total: number | undefined): string {
  if (total === undefined || total <= rows) return '';
  return ` — in the ${counted(rows, 'row')} loaded of ${formatCount(total)} matching`;
}

/** A value's text, trimmed; undefined when empty or not text. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** The served day ('2026-11-25') of a date or date-time value, undefined for anything else. */
export function dayOf(value: unknown): string | undefined {
  const text = textOf(value);
  return text !== undefined && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
}

/** A served day as the table shows it. */
export function dayText(day: string): string {
  return formatDay(day);
}

/** The earliest and latest day of `field` among the rows; undefined when none is dated. */
export function dayRange(
  rows: readonly ServiceRecord[],
  field: string,
): { first: string; last: string } | undefined {
  let first: string | undefined;
  let last: string | undefined;
  for (const row of rows) {
    const day = dayOf(row[field]);
    if (day === undefined) continue;
    if (first === undefined || day < first) first = day;
    if (last === undefined || day > last) last = day;
  }
  return first === undefined || last === undefined ? undefined : { first, last };
}

/** " from 3 Feb 2026 to 25 Nov 2026", " on 25 Nov 2026" for one day, '' for none. */
export function spanPhrase(range: { first: string; last: string } | undefined): string {
  if (range === undefined) return '';
  if (range.first === range.last) return ` on ${dayText(range.first)}`;
  return ` from ${dayText(range.first)} to ${dayText(range.last)}`;
}

/** Rows per key, most first (ties by key); rows without a key are not counted. */
export function tally(
  rows: readonly ServiceRecord[],
  keyOf: (row: ServiceRecord) => string | undefined,
): [string, number][] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** How many distinct non-empty values `field` takes among the rows. */
export function distinct(rows: readonly ServiceRecord[], field: string): number {
  return new Set(rows.flatMap((row) => textOf(row[field]) ?? [])).size;
}

/**
 * An account as the analyst knows it: its name when on record; else its ID, said to have no name
 * once the names are known (as the table's cell says), bare while they load.
 */
export function accountLabel(id: string, names: AccountNames | undefined): string {
  if (names === undefined) return id;
  return names.get(id) ?? `${id} (no name on record)`;
}

/** "$4.1B" for a served amount; undefined when the value is no number. */
export function money(value: unknown): string | undefined {
  const number = servedNumber(value);
  return number === undefined ? undefined : formatUsdCompact(number);
}
