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

/** Why a manager expected in a quarter has no filing for it in the data. */
type Absence = 'not-yet' | 'not-in-data';

export interface QuarterCoverage {
  readonly period: string;
  /** Managers with a filing for the quarter. */
  readonly filed: readonly string[];
  /** Managers the quarter is judged against: those that filed it or the quarter before. */
  readonly expected: readonly string[];
  /** The expected managers without a filing, and why. */
  readonly missing: readonly { readonly manager: string; readonly absence: Absence }[];
  /** The share of the quarter before's managers that filed this quarter (null: none before). */
  readonly share: number | null;
  readonly complete: boolean;
  /** The quarter's filing deadline, 'YYYY-MM-DD'. */
  readonly deadline: string;
}

/**
 * The coverage of `period` from the managers that filed it and the quarter before (`before`),
 * as of `today` ('YYYY-MM-DD'): a missing manager has "not filed yet" until the deadline has
 * passed, and is "not in the data" after it.
 */
export function quarterCoverage(
  period: string,
  filed: ReadonlySet<string>,
  before: ReadonlySet<string>,
  today: string,
): QuarterCoverage {
  const deadline = filingDeadline(period);
  const expected = [...new Set([...filed, ...before])].sort((a, b) => a.localeCompare(b));
  const absence: Absence = today <= deadline ? 'not-yet' : 'not-in-data';
  const missing = expected
    .filter((manager) => !filed.has(manager))
    .map((manager) => ({ manager, absence }));
  return {
    period,
    filed: [...filed].sort((a, b) => a.localeCompare(b)),
    expected,
    missing,
    share: stayedShare(filed, before),
    complete: isComplete(filed, before),
    deadline,
  };
}

/**
 * The latest of `periods` (latest first) that is complete, given each quarter's managers
 * (`filersOf`; undefined while unknown): undefined while a later quarter's managers are unknown,
 * null when none of `periods` is complete.
 */
export function latestCompleteQuarter(
  periods: readonly string[],
  filersOf: (period: string) => ReadonlySet<string> | undefined,
): string | null | undefined {
  for (const period of periods) {
    const filed = filersOf(period);
    const before = filersOf(previousQuarterEnd(period));
    if (filed === undefined || before === undefined) return undefined;
    if (isComplete(filed, before)) return period;
  }
  return null;
}

/** The share of the quarter before's managers that filed this one; null when none filed before. */
function stayedShare(filed: ReadonlySet<string>, before: ReadonlySet<string>): number | null {
  if (before.size === 0) return null;
  return [...before].filter((manager) => filed.has(manager)).length / before.size;
}

/** Someone filed, and enough of the quarter before's managers did (or there were none). */
function isComplete(filed: ReadonlySet<string>, before: ReadonlySet<string>): boolean {
  const share = stayedShare(filed, before);
  return filed.size > 0 && (share === null || share >= COMPLETE_SHARE);
}

/** "36 of 37 managers filed", "8,037 of 8,037 managers filed" */
export function coverageSentence(coverage: QuarterCoverage): string {
  const { filed, expected } = coverage;
  return `${formatCount(filed.length)} of ${formatCount(expected.length)} ${expected.length === 1 ? 'manager' : 'managers'} filed`;
}
