/**
 * 13F rows -> positions, and what the analytics read off them (held or not, filers and periods,
 * quarter ends, totals); positions over time are in history.ts. Pure functions: no React, no
 * fetching. Rows arrive as the service sends them: any field may be missing (the analyst picks
 * the fields) and numbers may be strings.
 */
import { isHoldingStatus } from '#contract/holding-status';
import type { HoldingStatus } from '#contract/holding-status';
import type { ServiceRecord } from '#contract/response';
import { parseBoolean, servedNumber } from '#contract/values';
import { putCallOfRow } from './put-call.ts';
import type { PutCall } from './put-call.ts';

/** One security held by one filer in one period, aggregated over the filing's rows. */
export interface Position {
  /** `companyname`, '' if absent. */
  readonly filer: string;
  /** `periodofreport` as 'YYYY-MM-DD', '' if absent. */
  readonly period: string;
  readonly cusip: string;
  readonly ticker: string | null;
  /** `nameofissuer`, '' if absent. */
  readonly issuer: string;
  /** Ticker, else issuer, else CUSIP, then " Put"/" Call" for an option: what a chart shows. */
  readonly label: string;
  /** 'Put' or 'Call' for an option row (from `putcall`, else `name`: see put-call.ts), else null. */
  readonly option: PutCall | null;
  /**
   * What positions are keyed by within a filer-period: the CUSIP, with " Put"/" Call" after it
   * for an option, so options never merge with the shares of their CUSIP.
   */
  readonly security: string;
  /** USD summed over rows; null when no row carries a value. */
  readonly value: number | null;
  /** Shares summed over rows; null when no row carries them. */
  readonly shares: number | null;
  /** Served `portfolio_pct_weight` summed; null if any row lacks it. */
  readonly weight: number | null;
  /** Served `status`. */
  readonly status: HoldingStatus | null;
  /** Served `pct_change_qoq`. */
  readonly pctChange: number | null;
  /** The latest `filedat` as sent. */
  readonly filedAt: string | null;
  /** What the embedded service says of the filing the position came from; null without it. */
  readonly filing: FilingFacts | null;
}

/**
 * The filing a row came from, as the embedded service's own fields say (see contract/catalog.ts;
 * the vendor sends none of them): each null when not sent or not known.
 */
export interface FilingFacts {
  readonly accession: string | null;
  readonly amendmentType: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
  readonly declaredRows: number | null;
  readonly importedRows: number | null;
  readonly declaredValue: number | null;
  readonly importedValue: number | null;
  readonly confidentialOmitted: boolean | null;
}

/** The filing facts a row carries, or null when it carries none of their fields. */
export function filingFactsOf(row: ServiceRecord): FilingFacts | null {
  if (!('accession' in row) && !('declaredrows' in row) && !('amendmenttype' in row)) return null;
  const type = toText(row.amendmenttype).toUpperCase();
  return {
    accession: toText(row.accession) || null,
    amendmentType: type === 'RESTATEMENT' || type === 'NEW HOLDINGS' ? type : null,
    declaredRows: toNumber(row.declaredrows),
    importedRows: toNumber(row.importedrows),
    declaredValue: toNumber(row.declaredvalue),
    importedValue: toNumber(row.importedvalue),
    confidentialOmitted: parseBoolean(row.confidentialomitted) ?? null,
  };
}

const DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** A served value as a number (the contract's one reading), or null: positions hold nulls. */
export function toNumber(value: unknown): number | null {
  return servedNumber(value) ?? null;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

/**
 * `parse` remembering its answers for the last few distinct texts: the positions of a filing
 * share a handful of dates, and flags and aggregation read them once per position.
 */
function rememberLast<T>(parse: (text: string) => T, size = 64): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined || answers.has(text)) return known as T;
    if (answers.size >= size) answers.clear();
    const answer = parse(text);
    answers.set(text, answer);
    return answer;
  };
}

const dayOfText = rememberLast((text) => DAY_PREFIX.exec(text)?.[0] ?? null);
const dayNumberOfText = rememberLast((text) => {
  const match = DAY_PREFIX.exec(text);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
});

/** The 'YYYY-MM-DD' day a date or datetime text starts with; null when it has none. */
export function dayOf(value: string | null): string | null {
  return value === null ? null : dayOfText(value);
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD…' text, counted in UTC so no zone shifts a day. */
export function dayNumber(value: string | null): number | null {
  return value === null ? null : dayNumberOfText(value);
}

/** Milliseconds of a 'YYYY-MM-DD hh:mm:ss' (UTC, as the service writes) or ISO datetime. */
function instant(value: string): number {
  const iso = value.replace(' ', 'T');
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso) || !iso.includes('T') ? iso : `${iso}Z`;
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

function statusOf(value: unknown): HoldingStatus | null {
  const text = toText(value).toUpperCase();
  return isHoldingStatus(text) ? text : null;
}

const addOrNull = (sum: number | null, value: number | null) =>
  value === null ? sum : (sum ?? 0) + value;

/** The key one position is aggregated under (`security`: see Position.security). */
export const positionKey = (filer: string, period: string, security: string) =>
  `${filer}\u0000${period}\u0000${security}`;

/** The key of an option or the shares of a CUSIP: see Position.security. */
const securityOf = (cusip: string, option: PutCall | null) =>
  option === null ? cusip : `${cusip} ${option}`;

/** The key of a row's position, or undefined when the row has no CUSIP. */
export function rowPositionKey(row: ServiceRecord): string | undefined {
  const cusip = toText(row.cusip).toUpperCase();
  if (cusip === '') return undefined;
  return positionKey(
    toText(row.companyname),
    dayOf(toText(row.periodofreport)) ?? '',
    securityOf(cusip, putCallOfRow(row)),
  );
}

/** A position while its rows are aggregated (the result is handed out read-only). */
type Aggregated = { -readonly [K in keyof Position]: Position[K] };

/** The positions of one filer-period by security, made when first asked for. */
function groupOf(groups: Map<string, Map<string, number>>, key: string): Map<string, number> {
  const found = groups.get(key);
  if (found !== undefined) return found;
  const group = new Map<string, number>();
  groups.set(key, group);
  return group;
}

/**
 * Aggregates rows by filer + period + CUSIP and put/call (one security spans many rows in real
 * filings; options stay apart from shares). Rows without a CUSIP are skipped. Positions come in the order their first row came.
 *
 * Results reach 100,000 rows and this runs on the main thread: one pass, each field read and
 * parsed once, one object per position (updated in place while its rows come), and the
 * period's day and the filer-period group looked up once per run of rows that share them.
 */
export function toPositions(rows: readonly ServiceRecord[]): Position[] {
  // Positions by security within each filer + period; a result's rows come in runs of one filer and
  // period, so the group is looked up again only when those change.
  const groups = new Map<string, Map<string, number>>();
  const positions: Aggregated[] = [];
  // Per position: the value of the row its issuer name came from (the server takes the
  // largest's), and whether a row lacked a weight.
  const issuerValues: number[] = [];
  const weightMissing: boolean[] = [];
  let group: Map<string, number> | undefined;
  let groupFiler = '';
  let groupPeriod = '';
  let periodText: string | undefined;
  let periodDay = '';
  for (const row of rows) {
    const cusip = toText(row.cusip).toUpperCase();
    if (cusip === '') continue;
    const filer = toText(row.companyname);
    const text = toText(row.periodofreport);
    if (text !== periodText) {
      periodText = text;
      periodDay = dayOf(text) ?? '';
    }
    if (group === undefined || filer !== groupFiler || periodDay !== groupPeriod) {
      group = groupOf(groups, positionKey(filer, periodDay, ''));
      groupFiler = filer;
      groupPeriod = periodDay;
    }
    const value = toNumber(row.value);
    const weight = toNumber(row.portfolio_pct_weight);
    const issuer = toText(row.nameofissuer);
    const ticker = toText(row.ticker) || null;
    const filedAt = toText(row.filedat) || null;
    const option = putCallOfRow(row);
    const security = securityOf(cusip, option);
    const index = group.get(security);
    if (index === undefined) {
      group.set(security, positions.length);
      positions.push({
        filer,
        period: periodDay,
        cusip,
        ticker,
        issuer,
        label: '',
        option,
        security,
        value,
        shares: toNumber(row.shrsorprnamt),
        weight,
        status: statusOf(row.status),
        pctChange: toNumber(row.pct_change_qoq),
        filedAt,
        filing: filingFactsOf(row),
      });
      issuerValues.push(value ?? Number.NEGATIVE_INFINITY);
      weightMissing.push(weight === null);
      continue;
    }
    const found = positions[index] as Aggregated;
    // Issuer names vary between rows of one security; keep the largest row's, as the server does.
    if (
      issuer !== '' &&
      (found.issuer === '' || (value ?? 0) > (issuerValues[index] ?? Number.NEGATIVE_INFINITY))
    ) {
      if (value !== null) issuerValues[index] = value;
      found.issuer = issuer;
    }
    const missing = weightMissing[index] === true || weight === null;
    weightMissing[index] = missing;
    found.ticker ??= ticker;
    found.value = addOrNull(found.value, value);
    found.shares = addOrNull(found.shares, toNumber(row.shrsorprnamt));
    found.weight = missing ? null : addOrNull(found.weight, weight);
    found.status ??= statusOf(row.status);
    found.pctChange ??= toNumber(row.pct_change_qoq);
    if (filedAt !== null && (found.filedAt === null || instant(filedAt) > instant(found.filedAt)))
      found.filedAt = filedAt;
  }
  for (const position of positions) position.label = labelOf(position);
  return positions;
}

/** Ticker, else issuer, else CUSIP; an option's with its kind after it ("AAPL Put"). */
function labelOf({ ticker, issuer, cusip, option }: Position): string {
  const name = ticker ?? (issuer || cusip);
  return option === null ? name : `${name} ${option}`;
}

/** Whether a position is held: shares > 0, else value > 0, else anything but a SOLD OUT row. */
export function isHeld(position: Position): boolean {
  if (position.shares !== null) return position.shares > 0;
  if (position.value !== null) return position.value > 0;
  return position.status !== 'SOLD OUT';
}

/**
 * Distinct filers (by name) and periods (newest first) present, and every (filer, period) pair
 * with its position count. Empty names and periods are left out of the lists but kept in the
 * pairs, so the counts always add up to the input.
 */
export function filersAndPeriods(positions: readonly Position[]): {
  filers: string[];
  periods: string[];
  pairs: { filer: string; period: string; positions: number }[];
} {
  const counts = new Map<string, { filer: string; period: string; positions: number }>();
  // Positions come in runs of one filer and period: the pair is looked up when the run changes.
  let last: { filer: string; period: string; positions: number } | undefined;
  for (const { filer, period } of positions) {
    if (last !== undefined && last.filer === filer && last.period === period) {
      last.positions += 1;
      continue;
    }
    const key = positionKey(filer, period, '');
    last = counts.get(key);
    if (last) last.positions += 1;
    else {
      last = { filer, period, positions: 1 };
      counts.set(key, last);
    }
  }
  const pairs = [...counts.values()].sort(
    (a, b) => compareText(a.filer, b.filer) || compareText(b.period, a.period),
  );
  const filers = [...new Set(pairs.map((pair) => pair.filer))].filter(Boolean);
  const periods = [...new Set(pairs.map((pair) => pair.period))].filter(Boolean).sort().reverse();
  return { filers, periods, pairs };
}

/** Plain code-unit order: stable across locales, and right for ISO dates. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The quarter end before a date (see src/features/thirteen-f/analytics/quarters.ts). */
export { previousQuarterEnd } from './quarters.ts';

/** The sum of some numbers (0 for none). */
export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The long value: the sum of the share (non-option) positions' values present, what a weight
 * divides by (as the service's portfolio_pct_weight does); null when no share position carries
 * a value. Options are left out: their value is the underlying's, not money held.
 */
export function longValue(positions: readonly Position[]): number | null {
  let total = 0;
  let any = false;
  for (const { value, option } of positions) {
    if (option !== null) {
      any ||= value !== null;
      continue;
    }
    if (value === null) continue;
    total += value;
    any = true;
  }
  return any ? total : null;
}

/** part / whole × 100; null when either is missing or the whole is not positive. */
export const percentOf = (part: number | null, whole: number | null) =>
  part !== null && whole !== null && whole > 0 ? (part / whole) * 100 : null;
