/**
 * The geometry of the chart kit, as pure functions (no React, no DOM): scales, where bars sit in
 * their band, stacking, and which category labels fit. Each follows what the old chart library did,
 * so the charts keep the look they had: same bar widths, same gaps, same labels shown.
 */

/** The plot area's edges, in SVG units. */
export interface Plot {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** Chart margins, as the old library's `margin` prop. */
export interface Margin {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** A linear scale: a value's position along [start, end]. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0;
  // A domain of one value draws everything at the middle rather than dividing by zero.
  if (span === 0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** The points of a line chart's category axis: the first at the start, the last at the end. */
export function pointPositions(count: number, start: number, end: number): number[] {
  if (count === 1) return [(start + end) / 2];
  const step = (end - start) / Math.max(1, count - 1);
  return Array.from({ length: count }, (_, index) => start + index * step);
}

/** Where a bar group sits in its band: its offset from the band's start, and its thickness. */
export interface BarSlot {
  readonly offset: number;
  readonly size: number;
}

/**
 * The slots of `groups` bar groups (a stack counts once) side by side in a band, as the old
 * library's bar positions: a tenth of the band left empty each side, 4 px between groups,
 * thicknesses rounded to whole pixels, then capped by `maxBarSize` with the groups centred in the
 * band.
 */
export function barSlots(bandSize: number, groups: number, maxBarSize?: number): BarSlot[] {
  const edge = bandSize * 0.1;
  let gap = 4;
  if (bandSize - 2 * edge - (groups - 1) * gap <= 0) gap = 0;
  let full = (bandSize - 2 * edge - (groups - 1) * gap) / groups;
  if (full > 1) full = Math.round(full);
  const size = maxBarSize === undefined ? full : Math.min(full, maxBarSize);
  return Array.from({ length: groups }, (_, index) => ({
    offset: edge + (groups * (full - size)) / 2 + (size + gap) * index,
    size,
  }));
}

/** One drawn bar's extent along the value axis: from `base` to `top` (below base if negative). */
export interface Extent {
  readonly base: number;
  readonly top: number;
}

/**
 * Each series' extents, entry by entry. Series sharing a stack id are stacked by sign (the old
 * library's stackOffset 'sign'): positive values pile up right of (above) zero, negative ones left
 * of (below) it, so a stack of a loss and a gain reads both ways from the zero line. Unstacked
 * series run from zero. Missing values draw nothing (an extent of zero length).
 */
export function stackExtents(
  values: readonly (readonly (number | null)[])[],
  stackIds: readonly (string | undefined)[],
): Extent[][] {
  const piles = new Map<string, { positive: number[]; negative: number[] }>();
  return values.map((series, seriesIndex) => {
    const id = stackIds[seriesIndex];
    let pile = id === undefined ? undefined : piles.get(id);
    if (id !== undefined && pile === undefined) {
      pile = { positive: [], negative: [] };
      piles.set(id, pile);
    }
    return series.map((raw, index) => {
      const value = raw ?? 0;
      if (pile === undefined) return { base: 0, top: value };
      const side = value >= 0 ? pile.positive : pile.negative;
      const base = side[index] ?? 0;
      side[index] = base + value;
      return { base, top: base + value };
    });
  });
}

/** The smallest and largest of the extents' ends, or undefined when there is none. */
export function extentBounds(
  extents: readonly (readonly Extent[])[],
): [number, number] | undefined {
  const ends = extents.flat().flatMap((extent) => [extent.base, extent.top]);
  return ends.length === 0 ? undefined : [Math.min(...ends), Math.max(...ends)];
}

/** One tick of a category axis before thinning: where it points, and its label's length. */
export interface TickRoom {
  readonly coordinate: number;
  readonly size: number;
}

/**
 * The ticks whose labels show without overlapping, chosen from the end as the old library's
 * 'preserveEnd' interval does: the last label always shows (moved inward if it would overflow
 * the axis), then each earlier one if it keeps `gap` px from the one after it. Returns each shown
 * tick's index and where its label goes.
 */
export function preserveEndTicks(
  ticks: readonly TickRoom[],
  start: number,
  end: number,
  gap = 5,
): { index: number; at: number }[] {
  const shown: { index: number; at: number }[] = [];
  let limit = end;
  for (let index = ticks.length - 1; index >= 0; index -= 1) {
    const tick = ticks[index];
    if (tick === undefined) continue;
    const half = tick.size / 2;
    const overflow = tick.coordinate + half - limit;
    const at =
      index === ticks.length - 1 && overflow > 0 ? tick.coordinate - overflow : tick.coordinate;
    if (at - half >= start && at + half <= limit) {
      shown.unshift({ index, at });
      limit = at - half - gap;
    }
  }
  return shown;
}

/** Every `step + 1`-th tick from the first: the old library's numeric `interval`. */
export function everyNthTick(count: number, interval: number): number[] {
  return Array.from({ length: count }, (_, index) => index).filter(
    (index) => index % (interval + 1) === 0,
  );
}

/**
 * A label broken into lines no wider than `width` (words kept whole; a word wider than the
 * width gets a line of its own), as the old library wrapped a category axis' labels.
 */
export function wrapWords(
  text: string,
  width: number,
  measure: (text: string) => number,
): string[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    const joined = last === undefined ? word : `${last} ${word}`;
    if (last !== undefined && measure(joined) < width) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [text];
}
