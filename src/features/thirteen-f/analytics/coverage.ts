/**
 * Which managers a quarter's 13F data covers. A data set's filers start and end in different
 * quarters, and a quarter fills up over its filing season: a manager absent from a quarter has
 * not filed yet, or is no longer in the data, and neither is a sale. The views across managers
 * say so ("N of M managers filed") and open on the latest quarter the data covers well enough,
 * judged by the data itself: a deadline alone is not enough, since a source can stop before the
 * filings it should hold.
 */
import { filingDeadline } from '#contract/filing-deadline';
import { previousQuarterEnd } from './quarters.ts';
import { formatCount } from '../../../components/charts/chart-format.ts';

/**
 * A quarter is complete when at least this share of the managers that filed the quarter before
 * have filed it too.
 */
const COMPLETE_SHARE = 0.9;

/** How many of the latest quarters are looked at for the latest complete one. */
export const QUARTERS_LOOKED_AT = 6;

/** Why a manager expected in a quarter has no filing for it in the data. */
type Absence = 'not-yet' | 'not-in-data';

/** How many managers filed a quarter, the quarter before, and both of them. */
export interface FilingCounts {
  readonly filed: number;
  readonly before: number;
  /** Managers that filed the quarter and the quarter before. */
  readonly both: number;
}

/** A manager expected in a quarter without a filing for it, and why. */
interface Missing {
  readonly manager: string;
  readonly absence: Absence;
}

export interface QuarterCoverage {
  readonly period: string;
  /** Managers with a filing for the quarter. */
  readonly filed: number;
  /** Managers the quarter is judged against: those that filed it or the quarter before. */
  readonly expected: number;
  /** Why an expected manager has no filing, as of the day the coverage was made. */
  readonly absence: Absence;
  /**
   * The expected managers without a filing, by name; null where only counts were read (at SEC
   * scale the names are read for the quarter shown alone).
   */
  readonly missing: readonly Missing[] | null;
  /** The share of the quarter before's managers that filed this quarter (null: none before). */
  readonly share: number | null;
  readonly complete: boolean;
  /** The quarter's filing deadline, 'YYYY-MM-DD'. */
  readonly deadline: string;
}

/** The counts of the managers that filed `period` (`filed`) and the quarter before (`before`). */
export function filingCounts(
  filed: ReadonlySet<string>,
  before: ReadonlySet<string>,
): FilingCounts {
  const both = [...before].filter((manager) => filed.has(manager)).length;
  return { filed: filed.size, before: before.size, both };
}

/**
 * The coverage of `period` from how many managers filed it and the quarter before, as of
 * `today` ('YYYY-MM-DD'): a missing manager has "not filed yet" until the deadline has passed,
 * and is "not in the data" after it. `missing` names them where they were read.
 */
export function countedCoverage(
  period: string,
  counts: FilingCounts,
  today: string,
  missing: readonly string[] | null = null,
): QuarterCoverage {
  const deadline = filingDeadline(period);
  const absence: Absence = today <= deadline ? 'not-yet' : 'not-in-data';
  return {
    period,
    filed: counts.filed,
    expected: counts.filed + counts.before - counts.both,
    absence,
    missing: missing === null ? null : missing.map((manager) => ({ manager, absence })),
    share: stayedShare(counts),
    complete: isComplete(counts),
    deadline,
  };
}

/** The managers of the quarter before without a filing of this one (`filed`), sorted. */
export function missingManagers(filed: ReadonlySet<string>, before: ReadonlySet<string>): string[] {
  return [...before].filter((manager) => !filed.has(manager)).sort((a, b) => a.localeCompare(b));
}

/** The coverage of `period` from the managers that filed it and the quarter before, named. */
export function quarterCoverage(
  period: string,
  filed: ReadonlySet<string>,
  before: ReadonlySet<string>,
  today: string,
): QuarterCoverage & { readonly missing: readonly Missing[] } {
  const coverage = countedCoverage(period, filingCounts(filed, before), today);
  const missing = missingManagers(filed, before).map((manager) => ({
    manager,
    absence: coverage.absence,
  }));
  return { ...coverage, missing };
}

/**
 * The latest of `periods` (latest first) that is complete, given each quarter's filing counts
 * (`countsOf`; undefined while unknown): undefined while a later quarter's are unknown, null
 * when none of `periods` is complete.
 */
export function latestCompleteOf(
  periods: readonly string[],
  countsOf: (period: string) => FilingCounts | undefined,
): string | null | undefined {
  for (const period of periods) {
    const counts = countsOf(period);
    if (counts === undefined) return undefined;
    if (isComplete(counts)) return period;
  }
  return null;
}

/**
 * The latest of `periods` (latest first) that is complete, given each quarter's managers
 * (`filersOf`; undefined while unknown), as `latestCompleteOf` judges their counts.
 */
export function latestCompleteQuarter(
  periods: readonly string[],
  filersOf: (period: string) => ReadonlySet<string> | undefined,
): string | null | undefined {
  return latestCompleteOf(periods, (period) => {
    const filed = filersOf(period);
    const before = filersOf(previousQuarterEnd(period));
    return filed && before ? filingCounts(filed, before) : undefined;
  });
}

/** The share of the quarter before's managers that filed this one; null when none filed before. */
function stayedShare(counts: FilingCounts): number | null {
  return counts.before === 0 ? null : counts.both / counts.before;
}

/** Someone filed, and enough of the quarter before's managers did (or there were none). */
function isComplete(counts: FilingCounts): boolean {
  const share = stayedShare(counts);
  return counts.filed > 0 && (share === null || share >= COMPLETE_SHARE);
}

/** "36 of 37 managers filed", "8,037 of 8,037 managers filed" */
export function coverageSentence(coverage: QuarterCoverage): string {
  const { filed, expected } = coverage;
  return `${formatCount(filed)} of ${formatCount(expected)} ${expected === 1 ? 'manager' : 'managers'} filed`;
}

/**
 * The quarters whose filings are read for `periods` (latest first, down to `first`, the data's
 * first period): the latest few, the quarter `shown` when it is another of `periods`, and each
 * one's quarter before.
 */
export function askedQuarters(
  periods: readonly string[],
  first: string | null,
  shown?: string,
): string[] {
  const asked = new Set<string>();
  const looked = periods.slice(0, QUARTERS_LOOKED_AT);
  if (shown !== undefined && periods.includes(shown)) looked.push(shown);
  for (const period of looked) {
    asked.add(period);
    const before = previousQuarterEnd(period);
    if (first !== null && before >= first) asked.add(before);
  }
  return [...asked];
}
