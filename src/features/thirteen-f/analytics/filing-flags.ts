/**
 * Flags about the filing a position came from rather than the position itself: filed after its
 * deadline, from an amendment, short of what it declares, or omitting confidential holdings.
 * The last three need the embedded service's own fields (see FilingFacts); against the vendor
 * only lateness can be told, from `filedat`. Pure functions: no React, no fetching.
 */
import { FILING_DEADLINE_DAYS, filingDeadline } from '#contract/filing-deadline';
import { dayNumber, dayOf } from './positions.ts';
import type { FilingFacts, Position } from './positions.ts';
import { formatCount, formatUsd } from '../../../components/charts/chart-format.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/** One flag about a filing; flags.ts lists them with the position's own. */
export interface FilingFlag {
  readonly kind: 'late' | 'amended' | 'incomplete' | 'confidential';
  readonly message: string;
}

/**
 * A value difference below this share of the declared total, or below $1,000, is rounding
 * (values reported in thousands, summed rows against a rounded total), not a missing row.
 */
const VALUE_TOLERANCE = { share: 0.001, dollars: 1000 } as const;

/** When the position's filing was made against its deadline: days after the quarter, late or not. */
function timing(position: Position) {
  const filedOn = dayOf(position.filedAt);
  const periodDay = dayNumber(position.period);
  const filedDay = dayNumber(position.filedAt);
  if (filedOn === null || periodDay === null || filedDay === null) return undefined;
  const deadline = filingDeadline(position.period);
  return { filedOn, days: filedDay - periodDay, deadline, late: filedOn > deadline };
}

const DEADLINE_RULE = `13F reports are due ${FILING_DEADLINE_DAYS} days after the quarter, or the next business day`;

function amendedFlag(position: Position, facts: FilingFacts): FilingFlag | undefined {
  if (facts.amendmentType === null) return undefined;
  const when = timing(position);
  const kind = facts.amendmentType === 'RESTATEMENT' ? 'a restatement' : 'adding new holdings';
  const which = facts.accession === null ? 'an amendment' : `amendment ${facts.accession}`;
  const filed =
    when === undefined
      ? ''
      : `, filed ${formatDay(when.filedOn)}, ${when.days} days after the quarter${when.late ? ` (the original was due ${formatDay(when.deadline)})` : ''}`;
  return {
    kind: 'amended',
    message: `From ${which} (13F-HR/A, ${kind})${filed}: ${facts.amendmentType === 'RESTATEMENT' ? 'it replaces the original filing for the quarter' : 'its rows add to the original filing'}.`,
  };
}

/**
 * Filed after the deadline. Without the amendment field (the vendor) a late date may be an
 * amendment's, so the flag says either; with it, an amendment gets its own flag instead.
 */
function lateFlag(position: Position, facts: FilingFacts | null): FilingFlag | undefined {
  if (facts !== null && facts.amendmentType !== null) return undefined;
  const when = timing(position);
  if (when === undefined || !when.late) return undefined;
  const what = facts === null ? 'an amendment or a late filing' : 'a late filing';
  return {
    kind: 'late',
    message: `Filed ${when.days} days after the quarter, after its deadline of ${formatDay(when.deadline)}: ${what} (quarter ended ${formatDay(position.period)}, filed ${formatDay(when.filedOn)}; ${DEADLINE_RULE}).`,
  };
}

function incompleteFlag(facts: FilingFacts): FilingFlag | undefined {
  const { declaredRows, importedRows, declaredValue, importedValue } = facts;
  const rowsShort = declaredRows !== null && importedRows !== null && importedRows !== declaredRows;
  const gap =
    declaredValue !== null && importedValue !== null ? declaredValue - importedValue : null;
  const valueOff =
    gap !== null &&
    declaredValue !== null &&
    Math.abs(gap) > Math.max(VALUE_TOLERANCE.dollars, VALUE_TOLERANCE.share * declaredValue);
  if (!rowsShort && !valueOff) return undefined;
  const rows = rowsShort
    ? `${formatCount(importedRows)} of ${formatCount(declaredRows)} declared rows imported`
    : 'every declared row imported, but not the declared total';
  const totals =
    declaredValue !== null && importedValue !== null
      ? ` (${formatUsd(importedValue)} of the ${formatUsd(declaredValue)} declared)`
      : '';
  return {
    kind: 'incomplete',
    message: `The filing does not reconcile: ${rows}${totals}. Its total, every weight and the quarter's changes are of what was imported; a position missing here is not a sale.`,
  };
}

function confidentialFlag(facts: FilingFacts): FilingFlag | undefined {
  if (facts.confidentialOmitted !== true) return undefined;
  return {
    kind: 'confidential',
    message:
      'The filing says it omits holdings granted confidential treatment by the SEC: its portfolio is incomplete as filed, and weights are of what it disclosed.',
  };
}

/** The flags of the filing behind `position`, in the order they matter to a reader. */
export function filingFlags(position: Position): FilingFlag[] {
  const facts = position.filing;
  return [
    facts && incompleteFlag(facts),
    facts && confidentialFlag(facts),
    facts && amendedFlag(position, facts),
    lateFlag(position, facts),
  ].filter((flag) => flag !== undefined && flag !== null);
}
