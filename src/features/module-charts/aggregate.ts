/**
 * Generic aggregations of query result rows for the module charts: category sums and monthly
 * counts. Results reach 100,000 rows and are aggregated on the browser's main thread, so every
 * aggregation is one pass over the rows with no sorting of rows, no per-row regular expression
 * for dates (months.ts reads them) and no per-row string building; only the (few) distinct
 * categories, series and months are sorted afterwards.
 */
import type { ServiceRecord } from '#contract/response';
import { servedNumber } from '#contract/values';
import { bucketName, monthIndexOf, monthKey, SIZES } from './months.ts';
import type { Granularity } from './months.ts';

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

/** One pass over the rows: counts per month and per series index, and the range of months. */
interface MonthTally {
  /** Series keys in order of first sight: a series' index is its place here. */
  readonly seriesKeys: readonly string[];
  readonly seriesTotals: readonly number[];
  /** Month index to counts by series index (holes where a series has none). */
  readonly perMonth: ReadonlyMap<number, readonly (number | undefined)[]>;
  readonly first: number;
  readonly last: number;
  readonly undated: number;
}

function tallyMonths(
  rows: readonly ServiceRecord[],
  dateField: string,
  seriesOf: (row: ServiceRecord) => readonly string[],
): MonthTally {
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
  return { seriesKeys, seriesTotals, perMonth, first, last, undated };
}

/**
 * The series to draw, largest first, the smallest folded into "Other (n)" beyond `maxSeries`;
 * and the output column of each series index (`target`): its own key, or the "Other" key.
 */
function foldSeries(
  tally: MonthTally,
  maxSeries: number,
): { series: MonthlySeriesEntry[]; target: string[] } {
  const ranked = tally.seriesKeys.map((key, index) => ({
    key,
    total: tally.seriesTotals[index] ?? 0,
    index,
  }));
  const { kept, folded, otherKey } = rankAndFold(ranked, (a, b) => b.total - a.total, maxSeries);
  const series: MonthlySeriesEntry[] = kept.map(({ key, total }) => ({
    key,
    label: labelOf(key),
    total,
  }));
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
  return { series, target };
}

/**
 * The buckets from the first month to the last, at the finest granularity that gives at most
 * `maxBuckets` (years are the coarsest), each with every series' count.
 */
function monthBuckets(
  tally: MonthTally,
  { series, target }: { series: readonly MonthlySeriesEntry[]; target: readonly string[] },
  maxBuckets: number,
): { buckets: MonthBucket[]; granularity: Granularity } {
  const { first, last, perMonth } = tally;
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
  return { buckets, granularity };
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
  const tally = tallyMonths(rows, dateField, seriesOf);
  const folded = foldSeries(tally, options.maxSeries);
  const { series } = folded;
  if (tally.perMonth.size === 0) {
    return { buckets: [], series, granularity: 'month', undated: tally.undated };
  }
  const maxBuckets = Math.max(1, Math.floor(options.maxBuckets) || 1);
  const { buckets, granularity } = monthBuckets(tally, folded, maxBuckets);
  return { buckets, series, granularity, undated: tally.undated };
}
