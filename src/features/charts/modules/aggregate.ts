/**
 * Generic aggregations of query result rows for the module charts: category sums and monthly
 * counts. Results reach 100,000 rows and are aggregated on the browser's main thread, so every
 * aggregation is one pass over the rows with no sorting of rows, no per-row regular expression
 * for dates and no per-row string building; only the (few) distinct categories, series and
 * months are sorted afterwards.
 */
import type { ServiceRecord } from '#contract/response';
import { servedNumber } from '#contract/values';

/** One bar of a category chart. */
export interface CategoryPoint {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly count: number;
  readonly other?: true;
  /** The keys folded into "Other". */
  readonly members?: readonly string[];
}

/** One time bucket of a monthly chart: a month, a quarter or a year. */
export interface MonthBucket {
  /** 'YYYY-MM', 'YYYY-Qn' or 'YYYY'. */
  readonly key: string;
  /** 'Jun 2024', 'Q2 2024' or '2024' (en-US). */
  readonly label: string;
  /** The bucket's first calendar month, 'YYYY-MM'. */
  readonly from: string;
  /** The bucket's last calendar month, 'YYYY-MM'. */
  readonly to: string;
  /** Series key to count; every series of the chart is present, zero included. */
  readonly values: Readonly<Record<string, number>>;
  /** The sum of `values`: the stack's height (above the row count when rows count twice). */
  readonly total: number;
}

/** One stacked series of a monthly chart. */
export interface MonthlySeriesEntry {
  readonly key: string;
  readonly label: string;
  readonly total: number;
  readonly other?: true;
  readonly members?: readonly string[];
}

/** A stacked monthly chart: one row per month bucket, one numeric column per series. */
export interface MonthlySeries {
  readonly buckets: readonly MonthBucket[];
  /** Largest first, at most maxSeries (the rest folded into 'Other'). */
  readonly series: readonly MonthlySeriesEntry[];
  readonly granularity: 'month' | 'quarter' | 'year';
  /** Rows without a usable date. */
  readonly undated: number;
}

/** The key of the folded "Other" point or series, unless a real key already uses it. */
const OTHER_KEY = '__other__';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A category value as a key: text as is, numbers and booleans as text, anything else missing. */
export function categoryKey(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '';
}

const labelOf = (key: string): string => (key === '' ? '(none)' : key);
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Sorts entries largest first by `larger` (ties by key, so order and colours never depend on row
 * order) and splits them into kept and folded: at most `limit` slots, "Other" taking the last.
 * At least two slots, so folding always leaves one real entry beside "Other".
 */
function rankAndFold<T extends { readonly key: string }>(
  entries: T[],
  larger: (a: T, b: T) => number,
  limit: number,
): { kept: T[]; folded: T[]; otherKey: string } {
  entries.sort((a, b) => larger(a, b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const slots = Number.isNaN(limit) ? Infinity : Math.max(2, Math.floor(limit));
  const kept = entries.length <= slots ? entries : entries.slice(0, slots - 1);
  const folded = entries.slice(kept.length);
  let otherKey = OTHER_KEY;
  // Lengthened in the unlikely case a kept entry is literally called that.
  while (kept.some((entry) => entry.key === otherKey)) otherKey += '_';
  return { kept, folded, otherKey };
}

/**
 * Sums `valueField` (or counts rows when valueField is null) per distinct value of
 * `categoryField`, largest first; beyond `limit` categories the rest fold into one "Other (n)"
 * point, so at most `limit` points come back. Missing category -> key '' label '(none)'. Rows
 * with a non-numeric value count but add 0.
 */
export function sumByCategory(
  rows: readonly ServiceRecord[],
  categoryField: string,
  valueField: string | null,
  limit: number,
): CategoryPoint[] {
  const sums = new Map<string, { value: number; count: number }>();
  for (const row of rows) {
    const key = categoryKey(row[categoryField]);
    let entry = sums.get(key);
    if (entry === undefined) {
      entry = { value: 0, count: 0 };
      sums.set(key, entry);
    }
    entry.count++;
    entry.value += valueField === null ? 1 : (servedNumber(row[valueField]) ?? 0);
  }
  const points: CategoryPoint[] = [...sums].map(([key, { value, count }]) => ({
    key,
    label: labelOf(key),
    value,
    count,
  }));
  const { kept, folded, otherKey } = rankAndFold(
    points,
    (a, b) => b.value - a.value || b.count - a.count,
    limit,
  );
  if (folded.length === 0) return kept;
  const other: CategoryPoint = {
    key: otherKey,
    label: `Other (${folded.length})`,
    value: sum(folded.map((point) => point.value)),
    count: sum(folded.map((point) => point.count)),
    other: true,
    members: folded.map((point) => point.key),
  };
  return [...kept, other];
}

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

function monthKey(index: number): string {
  const month = (index % 12) + 1;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}

/** Months per bucket of each granularity. */
const SIZES = { month: 1, quarter: 3, year: 12 } as const;
type Granularity = keyof typeof SIZES;

/** A bucket's key and en-US label from its first month index. */
function bucketName(granularity: Granularity, start: number): { key: string; label: string } {
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
 * Counts rows per month of `dateField` and per series key; `seriesOf(row)` returns zero, one or
 * several series keys for a row (a row can count in several). Months with no rows inside the
 * range appear with zeros (continuous axis). When there are more months than `maxBuckets`,
 * coarsen to quarters, then years, so the chart never gets more points than fit (years are the
 * coarsest: a range of more years than `maxBuckets` still yields one bucket per year). At most
 * `maxSeries` series come back, the smallest folded into "Other (n)".
 */
export function countByMonth(
  rows: readonly ServiceRecord[],
  dateField: string,
  seriesOf: (row: ServiceRecord) => readonly string[],
  options: { readonly maxSeries: number; readonly maxBuckets: number },
): MonthlySeries {
  // Series become small integers on first sight so the per-row work is array increments.
  const seriesIndex = new Map<string, number>();
  const seriesKeys: string[] = [];
  const seriesTotals: number[] = [];
  const perMonth = new Map<number, number[]>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let undated = 0;
  for (const row of rows) {
    const month = monthIndexOf(row[dateField]);
    if (month === undefined) {
      undated++;
      continue;
    }
    if (month < first) first = month;
    if (month > last) last = month;
    let counts = perMonth.get(month);
    if (counts === undefined) {
      counts = [];
      perMonth.set(month, counts);
    }
    for (const key of seriesOf(row)) {
      let index = seriesIndex.get(key);
      if (index === undefined) {
        index = seriesKeys.length;
        seriesIndex.set(key, index);
        seriesKeys.push(key);
        seriesTotals.push(0);
      }
      counts[index] = (counts[index] ?? 0) + 1;
      seriesTotals[index] = (seriesTotals[index] ?? 0) + 1;
    }
  }

  const ranked = seriesKeys.map((key, index) => ({ key, total: seriesTotals[index] ?? 0, index }));
  const { kept, folded, otherKey } = rankAndFold(
    ranked,
    (a, b) => b.total - a.total,
    options.maxSeries,
  );
  const series: MonthlySeriesEntry[] = kept.map(({ key, total }) => ({
    key,
    label: labelOf(key),
    total,
  }));
  // The output column of each series index: its own key, or the shared "Other" key.
  const target: string[] = [];
  for (const { key, index } of kept) target[index] = key;
  for (const { index } of folded) target[index] = otherKey;
  if (folded.length > 0) {
    series.push({
      key: otherKey,
      label: `Other (${folded.length})`,
      total: sum(folded.map((entry) => entry.total)),
      other: true,
      members: folded.map((entry) => entry.key),
    });
  }

  if (perMonth.size === 0) return { buckets: [], series, granularity: 'month', undated };
  const maxBuckets = Math.max(1, Math.floor(options.maxBuckets) || 1);
  const fits = (size: number) => Math.floor(last / size) - Math.floor(first / size) < maxBuckets;
  const granularity: Granularity = fits(1) ? 'month' : fits(3) ? 'quarter' : 'year';
  const size = SIZES[granularity];
  const buckets: MonthBucket[] = [];
  for (let start = first - (first % size); start <= last; start += size) {
    const values: Record<string, number> = {};
    for (const entry of series) values[entry.key] = 0;
    let total = 0;
    for (let month = start; month < start + size; month++) {
      const counts = perMonth.get(month);
      if (counts === undefined) continue;
      for (let index = 0; index < counts.length; index++) {
        const count = counts[index];
        if (count === undefined) continue;
        const key = target[index] ?? '';
        values[key] = (values[key] ?? 0) + count;
        total += count;
      }
    }
    buckets.push({
      ...bucketName(granularity, start),
      from: monthKey(start),
      to: monthKey(start + size - 1),
      values,
      total,
    });
  }
  return { buckets, series, granularity, undated };
}
