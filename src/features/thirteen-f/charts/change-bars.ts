/**
 * The bars of the holdings-changes chart: which changes get one, and where each ends. Pure
 * functions: no React.
 */
import { formatChange, formatUsdCompact } from '../../../components/charts/chart-format.ts';
import type { HoldingStatus } from '#contract/holding-status';
import type { HoldingChange } from '../analytics/analytics.ts';
import { STATUS_COLORS } from './status-colors.ts';
import type { DataFlag } from '../analytics/flags.ts';

export interface ChangeBar extends HoldingChange {
  readonly name: string;
  /** Where the bar ends: the change in percent, NEW drawn at the axis' end. */
  readonly plotted: number;
  readonly fill: string;
  readonly flags: readonly DataFlag[];
  /** Written at the bar's end when its length is no percentage: "NEW $2.5M", "+900%"; else ''. */
  readonly barLabel: string;
  /** Written inside the bar, white on its colour: "SOLD OUT", so no reader needs the hue; else ''. */
  readonly insideLabel: string;
}

/**
 * Where the share-change axis ends at most. Beyond it a rise would squeeze every other bar into
 * a few pixels (one +900 % made a +30 % bar 3 % of the width): such a bar reaches the end and
 * says its figure.
 */
const AXIS_CAP = 200;

/** The label of a bar whose length is not its figure; '' for the others. */
function barLabelOf(change: HoldingChange, axisEnd: number): string {
  if (change.status === 'NEW')
    return change.valueAfter === null ? 'NEW' : `NEW ${formatUsdCompact(change.valueAfter)}`;
  const rise = change.shareChangePct ?? 0;
  return rise > axisEnd ? formatChange(rise) : '';
}

/**
 * What was sold is drawn even when the result does not hold it: a SOLD OUT position has no value
 * left, so a result ordered by value never lists it, and a REDUCED one may fall out of a top N.
 * Leaving them out made the bars disagree with the summary's counts.
 */
const SHOWN_FROM_OUTSIDE: ReadonlySet<string> = new Set<HoldingStatus>(['SOLD OUT', 'REDUCED']);

/** Which changes the analyst asked to see, and how many bars the width has room for. */
interface ChangeSelection {
  /** The securities (Position.security: CUSIP, or CUSIP and put/call) of the result's positions. */
  readonly inResult: ReadonlySet<string>;
  /** Every change of the portfolio, not only the result's. */
  readonly wholePortfolio: boolean;
  /** UNCHANGED positions too. */
  readonly withUnchanged: boolean;
  readonly maxBars: number;
}

/** As many bars as fit at about 24 pixels each, between 10 and 40. */
export function maxBarsFor(width: number): number {
  return Math.max(10, Math.min(40, Math.floor(width / 24)));
}

/**
 * The changes to chart from `changes` (in status groups): those of the result's scope (`inScope`:
 * the result's, every sale, or the whole portfolio), of them those the selection lets through
 * (`shown`: UNCHANGED ones only when asked), and of them the `maxBars` largest impacts (`bars`), kept in their status groups, with
 * the end of the share-change axis (`largestRise`, `capped` when a rise goes beyond it).
 */
export function changeBars(
  changes: readonly HoldingChange[],
  flags: ReadonlyMap<string, readonly DataFlag[]>,
  selection: ChangeSelection,
): {
  inScope: HoldingChange[];
  shown: HoldingChange[];
  bars: ChangeBar[];
  largestRise: number;
  capped: boolean;
} {
  const inScope = changes.filter(
    (change) =>
      selection.wholePortfolio ||
      selection.inResult.has(change.security) ||
      SHOWN_FROM_OUTSIDE.has(change.status),
  );
  const shown = inScope.filter(
    (change) => selection.withUnchanged || change.status !== 'UNCHANGED',
  );
  // The largest impacts, then back in status groups so the groups stay together.
  const kept = new Set([...shown].sort((a, b) => b.impact - a.impact).slice(0, selection.maxBars));
  const ordered = shown.filter((change) => kept.has(change));
  // A round end for the axis, at most AXIS_CAP; NEW positions (an infinite rise) reach it.
  const roundEnd =
    Math.ceil(Math.max(100, ...ordered.map((change) => change.shareChangePct ?? 0)) / 50) * 50;
  const largestRise = Math.min(AXIS_CAP, roundEnd);
  const bars = ordered.map((change) => {
    const changeFlags = flags.get(change.security) ?? [];
    return {
      ...change,
      name: `${changeFlags.some((flag) => flag.kind === 'price-jump') ? '⚠ ' : ''}${change.label}`,
      plotted:
        change.status === 'NEW' ? largestRise : Math.min(largestRise, change.shareChangePct ?? 0),
      fill: STATUS_COLORS[change.status],
      flags: changeFlags,
      barLabel: barLabelOf(change, largestRise),
      // A no-break space: recharts wraps a label at its spaces, and two lines overflow the row.
      insideLabel: change.status === 'SOLD OUT' ? 'SOLD\u00a0OUT' : '',
    };
  });
  return { inScope, shown, bars, largestRise, capped: roundEnd > largestRise };
}

/** The room a share-change tick label needs ("-100%", "≥ 200%" at 12 px), with a gap after it. */
const TICK_ROOM = 56;

/**
 * The share-change axis' ticks, −100 % to `end`, every 50 % where the plot (`plotWidth` pixels)
 * has room for each label, else every 100 %: recharts otherwise drops the labels that collide,
 * and had dropped −100 % and 100 %, leaving SOLD OUT bars running past the first label shown.
 * `end` gets its tick when it is a step away from the last round one.
 */
export function shareChangeTicks(end: number, plotWidth: number): number[] {
  const perUnit = plotWidth / (end + 100);
  const step = 50 * perUnit >= TICK_ROOM ? 50 : 100;
  const ticks: number[] = [];
  for (let tick = -100; tick <= end; tick += step) ticks.push(tick);
  const last = ticks.at(-1) ?? -100;
  if (last < end && (end - last) * perUnit >= TICK_ROOM) ticks.push(end);
  return ticks;
}
