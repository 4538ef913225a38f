/**
 * The 13F charts' one-line conclusions, aware of data-quality flags. Pure functions: no React.
 *
 * A position is "flagged" here when its implied price jumped (the ⚠ the bars carry): one of its
 * two quarters is wrong (a split or a unit error), so whatever compares them is in doubt.
 * Filing-level flags (late or amended filing, the thousands-to-dollars switch) concern every
 * position of the filing alike; the flag summary above the charts states them once.
 *
 * The rule, per sentence:
 * - what is computed here by comparing the two quarters' prices (the largest impact, the quantity
 *   and price effect totals) leaves flagged positions out and says how many: a split read as a
 *   ×10 purchase would otherwise be the headline;
 * - what is as filed (status counts from shares, weights, the total) keeps them, as real data
 *   keeps its oddities, and says they are included: which quarter is wrong is not known.
 */
import { formatCount, formatUsd, formatWeight } from '../../../components/charts/chart-format.ts';
import { STATUS_ORDER } from '../analytics/analytics.ts';
import type { HoldingChange, PortfolioWeights } from '../analytics/analytics.ts';
import type { ChangeBar } from './change-bars.ts';
import type { DataFlag } from '../analytics/flags.ts';

type FlagsByCusip = ReadonlyMap<string, readonly DataFlag[]>;

/** Whether a position's figures are in doubt: its implied price jumped (it is marked ⚠). */
export function isFlagged(flags: readonly DataFlag[] | undefined): boolean {
  return flags?.some((flag) => flag.kind === 'price-jump') ?? false;
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * How many changes of each status (flagged included; UNCHANGED ones said to be not drawn when
 * hidden), how many of the `drawn.of` drawable ones are charted, and the largest unflagged
 * impact.
 */
export function changesSummary(
  changes: readonly HoldingChange[],
  bars: readonly ChangeBar[],
  flags: FlagsByCusip,
  drawn: { readonly unchanged: boolean; readonly of: number } = {
    unchanged: true,
    of: bars.length,
  },
): string {
  const counts = STATUS_ORDER.map(
    (status) => [status, changes.filter((change) => change.status === status).length] as const,
  );
  const flagged = changes.filter((change) => isFlagged(flags.get(change.security))).length;
  const phrase = ([status, count]: (typeof counts)[number]) =>
    `${formatCount(count)} ${status}${status === 'UNCHANGED' && count > 0 && !drawn.unchanged ? ' (not drawn)' : ''}`;
  const charted =
    drawn.of > bars.length
      ? ` The ${formatCount(bars.length)} largest of ${formatCount(drawn.of)} are charted.`
      : '';
  const statuses = `${counts.map(phrase).join(', ')}${
    flagged > 0 ? ` (includes ${formatCount(flagged)} flagged ⚠)` : ''
  }.${charted}`;
  if (bars.length === 0) return statuses;
  const trusted = bars.filter((bar) => !isFlagged(bar.flags));
  const largest = trusted.reduce<ChangeBar | undefined>(
    (a, b) => (a === undefined || b.impact > a.impact ? b : a),
    undefined,
  );
  if (largest === undefined) {
    return `${statuses} Every charted change is flagged ⚠, so none is named the largest impact.`;
  }
  return `${statuses} ${trusted.length < bars.length ? 'Leaving out the flagged, the largest' : 'The largest'} impact is ${largest.label}.`;
}

/** The quantity and price effects summed over the unflagged positions. */
export function valueSplitSummary(
  split: readonly Pick<ChangeBar, 'quantityEffect' | 'priceEffect' | 'flags'>[],
): string {
  const trusted = split.filter((bar) => !isFlagged(bar.flags));
  const left = split.length - trusted.length;
  if (trusted.length === 0) {
    return `All ${formatCount(split.length)} positions are flagged ⚠, so no totals are given.`;
  }
  const quantity = trusted.reduce((total, bar) => total + (bar.quantityEffect ?? 0), 0);
  const price = trusted.reduce((total, bar) => total + (bar.priceEffect ?? 0), 0);
  const moved = `trading moved ${formatUsd(quantity)} and prices ${formatUsd(price)}.`;
  return left === 0
    ? `Across these ${formatCount(trusted.length)} positions, ${moved}`
    : `Leaving out ${plural(left, 'flagged ⚠ position', 'flagged ⚠ positions')}, across the other ${formatCount(trusted.length)} ${moved}`;
}

/** The largest holding and the top 10's share, as filed, saying when flagged positions are in. */
export function weightsSummary(weights: PortfolioWeights, flags: FlagsByCusip): string {
  const largest = weights.top[0];
  if (!largest) return 'No holdings to chart.';
  const flagged = [...flags.values()].filter(isFlagged).length;
  const mark = isFlagged(flags.get(largest.security)) ? '⚠ ' : '';
  const figures = `The largest holding is ${mark}${largest.label} at ${formatWeight(largest.weight)}; the top 10 make up ${formatWeight(weights.top10Weight)} of the long value, ${formatUsd(weights.total)}.`;
  return flagged === 0
    ? figures
    : `${figures} These figures are as filed and include ${plural(flagged, 'flagged ⚠ position', 'flagged ⚠ positions')}.`;
}
