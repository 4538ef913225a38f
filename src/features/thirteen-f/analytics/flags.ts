/**
 * Data-quality flags for 13F positions: figures an analyst should not take at face value.
 * Pure functions: no React, no fetching.
 */
import type { ServiceRecord } from '#contract/response';
import {
  compareText,
  dayOf,
  positionKey,
  previousQuarterEnd,
  rowPositionKey,
  toPositions,
} from './positions.ts';
import type { Position } from './positions.ts';
import { filingFlags } from './filing-flags.ts';
import type { FilingFlag } from './filing-flags.ts';
import { formatDay } from '../../../lib/format/dates.ts';

type DataFlagKind = 'unit-change' | 'price-jump' | 'gap' | FilingFlag['kind'];

/** One flag: its kind and one plain-English sentence with the figures. */
export interface DataFlag {
  readonly kind: DataFlagKind;
  readonly message: string;
}

/**
 * SEC's switch from thousands to dollars: filings made before this day reported value in
 * thousands.
 */
export const UNIT_CHANGE_DAY = '2023-01-03';

/** An implied price moving more than this many times either way is flagged. */
const PRICE_JUMP_FACTOR = 5;
/** Jumps in this range (either way) look like value reported in the wrong unit (×1000). */
const UNIT_ERROR_RANGE = [500, 2000] as const;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const factor = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const priceOf = (position: Position) =>
  position.value !== null && position.shares !== null && position.value > 0 && position.shares > 0
    ? position.value / position.shares
    : null;

const filedBeforeSwitch = (day: string | null) => day !== null && day < UNIT_CHANGE_DAY;

function unitChangeFlag(position: Position, previous: Position | undefined): DataFlag | undefined {
  const filed = dayOf(position.filedAt);
  if (filedBeforeSwitch(filed)) {
    return {
      kind: 'unit-change',
      message: `Filed on ${formatDay(filed ?? '')}, before SEC's switch to dollars on ${formatDay(UNIT_CHANGE_DAY)}: the value was reported in thousands and scaled, so it is rounded to $1,000.`,
    };
  }
  const previousFiled = previous ? dayOf(previous.filedAt) : null;
  if (filed !== null && previousFiled !== null && filedBeforeSwitch(previousFiled)) {
    return {
      kind: 'unit-change',
      message: `The previous period was filed on ${formatDay(previousFiled)}, before SEC's switch from thousands to dollars on ${formatDay(UNIT_CHANGE_DAY)}: the change compares a value rounded to $1,000 with an exact one.`,
    };
  }
  return undefined;
}

function priceJumpFlag(position: Position, previous: Position | undefined): DataFlag | undefined {
  const price = priceOf(position);
  const previousPrice = previous ? priceOf(previous) : null;
  if (price === null || previousPrice === null) return undefined;
  const up = price >= previousPrice;
  // The larger over the smaller, so a rise and a fall of the same size compare alike.
  const ratio = up ? price / previousPrice : previousPrice / price;
  if (ratio <= PRICE_JUMP_FACTOR) return undefined;
  const unitError = ratio >= UNIT_ERROR_RANGE[0] && ratio <= UNIT_ERROR_RANGE[1];
  const moved = `${up ? '×' : '÷'}${factor.format(ratio)}`;
  const cause = unitError ? 'looks like a thousands/dollars unit error' : 'a split or a data error';
  return {
    kind: 'price-jump',
    message: `The implied price per share went from ${usd.format(previousPrice)} to ${usd.format(price)} (${moved}) since ${previous?.period ? formatDay(previous.period) : 'the previous period'}: ${cause}.`,
  };
}

/** The calendar quarter of a 'YYYY-MM-DD…' day, counted from year 0; null for no date. */
function quarterOf(day: string): number | null {
  const match = /^(\d{4})-(\d{2})/.exec(day);
  return match ? Number(match[1]) * 4 + Math.floor((Number(match[2]) - 1) / 3) : null;
}

/**
 * The service compares a period only with the filer's report for the calendar quarter just
 * before (as derive.ts does): when the filer's latest earlier report is older (a 13F-NT, or
 * nothing filed, in between), status and change are null, and this says why.
 */
function gapFlag(position: Position, earlier: string | undefined): DataFlag | undefined {
  if (earlier === undefined) return undefined;
  const quarter = quarterOf(position.period);
  const earlierQuarter = quarterOf(earlier);
  if (quarter === null || earlierQuarter === null || earlierQuarter >= quarter - 1)
    return undefined;
  return {
    kind: 'gap',
    message: `No filing for the quarter before (${formatDay(previousQuarterEnd(position.period))}) in the data, a 13F-NT or none: status and change are not computed (the latest earlier filing is for ${formatDay(earlier)}).`,
  };
}

/**
 * Flags for one position given the same filer's position in the previous reported period:
 * - 'unit-change': filed before UNIT_CHANGE_DAY (value reported in thousands and scaled, so
 *   rounded to $1,000), or the previous one was and this one is not (the change compares
 *   thousands-rounded with exact dollars); nothing is said without `filedat`;
 * - 'price-jump': implied price value / shares moved more than 5× either way (exactly 5× is not
 *   flagged); 500–2000× either way "looks like a thousands/dollars unit error", otherwise "a
 *   split or a data error";
 * - the filing's own (filing-flags.ts): 'incomplete' (short of the rows or total it declares),
 *   'confidential' (it omits confidential holdings), 'amended' (from a 13F-HR/A, named) and
 *   'late' (filed after its deadline: contract/filing-deadline.ts, 45 days rolled to the next
 *   business day);
 * - 'gap': `earlier`, the filer's latest earlier period known (if any), is not in the calendar
 *   quarter just before: the service leaves status and change null there (no filing for the
 *   quarter before, a 13F-NT or none), and the flag says so. Listed first.
 */
export function positionFlags(
  position: Position,
  previous: Position | undefined,
  earlier?: string,
): DataFlag[] {
  return [
    gapFlag(position, earlier),
    unitChangeFlag(position, previous),
    priceJumpFlag(position, previous),
    ...filingFlags(position),
  ].filter((flag) => flag !== undefined);
}

/**
 * Rows without a CUSIP still name a security by ticker or issuer; give them a stand-in so they
 * can be flagged and compared across periods too.
 */
function withSecurity(source: string, row: ServiceRecord, index: number): ServiceRecord {
  if (rowPositionKey(row) !== undefined) return row;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = text(row.ticker) || text(row.nameofissuer);
  // Unnamed rows get a key of their own: filing-level flags apply, comparisons cannot.
  return { ...row, cusip: name ? `~${name}` : `~${source} row ${index}` };
}

/**
 * Flags for each row (by identity) of a result. The previous position of a row is the same
 * security in the same filer's latest earlier period found in `context` (e.g. a fetched previous
 * quarter) or in the rows themselves (when they span several periods); the rows win where both
 * hold the same filer-period. Rows with no flag are absent from the map.
 */
export function flagsByRow(
  rows: readonly ServiceRecord[],
  context: readonly ServiceRecord[] = [],
): Map<ServiceRecord, DataFlag[]> {
  const keyed = rows.map((row, index) => withSecurity('result', row, index));
  const own = toPositions(keyed);
  const periodsOf = new Map<string, Set<string>>();
  const byKey = new Map<string, Position>();
  const ownPeriods = new Set(
    own.map((position) => positionKey(position.filer, position.period, '')),
  );
  const contextual = toPositions(
    context.map((row, index) => withSecurity('context', row, index)),
  ).filter((position) => !ownPeriods.has(positionKey(position.filer, position.period, '')));
  for (const position of [...own, ...contextual]) {
    byKey.set(positionKey(position.filer, position.period, position.security), position);
    const periods = periodsOf.get(position.filer) ?? new Set<string>();
    periods.add(position.period);
    periodsOf.set(position.filer, periods);
  }

  const flagsOf = new Map<Position, DataFlag[]>();
  for (const position of own) {
    const earlier = [...(periodsOf.get(position.filer) ?? [])]
      .filter((period) => period !== '' && period < position.period)
      .sort(compareText)
      .at(-1);
    const previous =
      earlier === undefined
        ? undefined
        : byKey.get(positionKey(position.filer, earlier, position.security));
    flagsOf.set(position, positionFlags(position, previous, earlier));
  }

  const result = new Map<ServiceRecord, DataFlag[]>();
  keyed.forEach((row, index) => {
    const key = rowPositionKey(row);
    const position = key === undefined ? undefined : byKey.get(key);
    const flags = position ? flagsOf.get(position) : undefined;
    const original = rows[index];
    if (flags && flags.length > 0 && original) result.set(original, flags);
  });
  return result;
}
