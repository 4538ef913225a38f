/**
 * Calendar months as integers (year * 12 + month - 1) read from served dates, and the month,
 * quarter and year buckets of the monthly charts. Cheap enough to run on every row of a result.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ZERO = 48;

/** Two or four ASCII digits at `at`, or -1; charCodeAt instead of a regex on every row. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The month of a date or datetime as year * 12 + month - 1, read from the 'YYYY-MM' prefix as
 * written: an ISO instant late on the 31st stays in its own month, no time-zone shift.
 */
export function monthIndexOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || raw.length < 7 || raw.charCodeAt(4) !== 45) return undefined;
  if (raw.length > 7 && raw.charCodeAt(7) !== 45) return undefined;
  const year = digits(raw, 0, 4);
  const month = digits(raw, 5, 2);
  if (year < 0 || month < 1 || month > 12) return undefined;
  return year * 12 + month - 1;
}

/** A month index as 'YYYY-MM'. */
export function monthKey(index: number): string {
  const month = (index % 12) + 1;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/** Months per bucket of each granularity. */
export const SIZES = { month: 1, quarter: 3, year: 12 } as const;
export type Granularity = keyof typeof SIZES;

/** A bucket's key and en-US label from its first month index. */
export function bucketName(
  granularity: Granularity,
  start: number,
): { key: string; label: string } {
  const year = Math.floor(start / 12);
  const month = start % 12;
  if (granularity === 'month')
    return { key: monthKey(start), label: `${MONTHS[month] ?? ''} ${year}` };
  const yearKey = monthKey(start).slice(0, 4);
  if (granularity === 'year') return { key: yearKey, label: String(year) };
  const quarter = Math.floor(month / 3) + 1;
  return { key: `${yearKey}-Q${quarter}`, label: `Q${quarter} ${year}` };
}

/**
 * A bucket's label as its axis tick: the year cut to two digits ("Nov ’25", "Q4 ’25"), so a
 * month's label takes about 50 px at 12 px; a year's label ("2025") stays whole.
 */
export function shortBucketLabel(label: string): string {
  const match = /^(\S+) \d{2}(\d{2})$/.exec(label);
  return match ? `${match[1] ?? ''} ’${match[2] ?? ''}` : label;
}

/** The room one short tick label takes ("Nov ’25" at 12 px), with a gap before the next. */
const TICK_ROOM = 64;

/**
 * Recharts' tick interval (labels skipped between two drawn ones) so that `count` buckets across
 * `plotWidth` pixels draw labels at least TICK_ROOM apart: none on top of the next.
 */
export function monthTickInterval(count: number, plotWidth: number): number {
  const band = plotWidth / Math.max(1, count);
  return Math.max(0, Math.ceil(TICK_ROOM / Math.max(1, band)) - 1);
}
