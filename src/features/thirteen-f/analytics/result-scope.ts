/**
 * Whose and when a 13F result is: the filers and periods its rows belong to, so the table, the
 * count line and an export's file name can say so, and how many rows are SOLD OUT (positions
 * gone since the quarter before, which the position counts leave out).
 */
import { SOLD_OUT } from '#contract/holding-status';
import type { ServiceRecord } from '#contract/response';
import { formatDay } from '../../../lib/format/dates.ts';
import { dayOf } from './positions.ts';

/** The filers and periods some rows name, and how many of them are SOLD OUT. */
interface RowsScope {
  /** Every filer named, sorted. */
  readonly filers: readonly string[];
  /** Every period named (a day), oldest first. */
  readonly periods: readonly string[];
  /** False when a row names no filer or no period: the lists then do not cover every row. */
  readonly known: boolean;
  /** Rows with status SOLD OUT: held the quarter before, 0 shares and value now. */
  readonly soldOut: number;
}

/** One pass over the rows: a result may hold 100k of them. */
function rowsScope(rows: readonly ServiceRecord[]): RowsScope {
  const filers = new Set<string>();
  const periods = new Set<string>();
  let known = true;
  let soldOut = 0;
  for (const row of rows) {
    const filer = row.companyname;
    const period = typeof row.periodofreport === 'string' ? dayOf(row.periodofreport) : null;
    if (typeof filer === 'string' && filer !== '') filers.add(filer);
    else known = false;
    if (period !== null) periods.add(period);
    else known = false;
    if (row.status === SOLD_OUT) soldOut += 1;
  }
  return { filers: [...filers].sort(), periods: [...periods].sort(), known, soldOut };
}

/**
 * What an export's file name says it holds: one filer in one period ("<filer> <period> 13f"),
 * several filers in one period ("13f <n> filers <period>"), one filer over several periods
 * ("<filer> 13f <first> to <last>"). Undefined for anything else, or when a row does not say
 * whose or when it is: then the module-and-time name stays, rather than a name that misleads.
 */
export function exportNameParts(rows: readonly ServiceRecord[]): string[] | undefined {
  const { filers, periods, known } = rowsScope(rows);
  const [filer] = filers;
  const first = periods[0];
  const last = periods.at(-1);
  if (!known || filer === undefined || first === undefined || last === undefined) return undefined;
  if (filers.length === 1 && periods.length === 1) return [filer, first, '13f'];
  if (periods.length === 1) return ['13f', `${String(filers.length)} filers`, first];
  if (filers.length === 1) return [filer, '13f', first, 'to', last];
  return undefined;
}

/** The filer and period a query's filter names with `$equals`, if any (see `pinnedScope`). */
interface Pinned {
  readonly filer: string | null;
  readonly period: string | null;
}

/** What a 13F result shows of whose and when it is: in the table, or in its count line. */
export interface ResultScope {
  /**
   * The rows span more than one filer or period, or may (not every row is loaded and the filter
   * does not pin both): each row must say whose and when, so the table shows both.
   */
  readonly spans: boolean;
  /** The one filer and period of every matching row, when that is certain. */
  readonly single: { readonly filer: string; readonly period: string } | null;
  /** The filter names that filer and period itself: its chips already say whose and when. */
  readonly pinned: boolean;
  /** SOLD OUT rows among those loaded. */
  readonly soldOut: number;
}

/**
 * Whose and when the loaded `rows` of a result are (each row carrying its filer and period, as
 * the workspace's rows do once their scope is known). One page's rows cannot show that the next
 * page is the same filer's: only the filter's pins, or having every row, make one filer certain.
 * Rows whose scope is not yet known claim nothing either way.
 */
export function resultScope(
  rows: readonly ServiceRecord[],
  pinned: Pinned,
  everyRowLoaded: boolean,
): ResultScope {
  const { filers, periods, known, soldOut } = rowsScope(rows);
  const bothPinned = pinned.filer !== null && pinned.period !== null;
  const [filer] = filers;
  const [period] = periods;
  const one = known && filers.length === 1 && periods.length === 1;
  if (one && filer !== undefined && period !== undefined && (everyRowLoaded || bothPinned)) {
    return { spans: false, single: { filer, period }, pinned: bothPinned, soldOut };
  }
  return { spans: known && rows.length > 0, single: null, pinned: bothPinned, soldOut };
}

const count = (value: number) => value.toLocaleString();

/**
 * What the SOLD OUT rows are, so "38 records" beside "36 positions" adds up: "36 positions
 * held, 2 sold out since the previous quarter". Counted on the loaded rows, and said so when
 * they are not every matching row.
 */
function soldOutClause(matching: number, loaded: number, soldOut: number): string {
  const held = loaded - soldOut;
  const parts = [
    ...(held > 0 ? [`${count(held)} ${held === 1 ? 'position' : 'positions'} held`] : []),
    `${count(soldOut)} sold out since the previous quarter`,
  ].join(', ');
  return loaded >= matching ? parts : `of the ${count(loaded)} loaded, ${parts}`;
}

/**
 * A 13F result's count line: how many records match, whose and when they are when neither the
 * table nor the query's chips say it, and what its SOLD OUT rows are.
 */
export function countSentence(matching: number, loaded: number, scope: ResultScope): string {
  const head = `${count(matching)} ${matching === 1 ? 'record matches' : 'records match'}`;
  const whose =
    scope.single && !scope.pinned
      ? `${scope.single.filer} at ${formatDay(scope.single.period)}`
      : undefined;
  const sold = scope.soldOut > 0 ? soldOutClause(matching, loaded, scope.soldOut) : undefined;
  const parts = [whose, sold].filter((part) => part !== undefined);
  if (parts.length === 0) return `${head}.`;
  // A clause about some of the rows ("of the 25 loaded, …") does not say what matches.
  const joint = whose === undefined && loaded < matching ? '; ' : ': ';
  return `${head}${joint}${parts.join('; ')}.`;
}
