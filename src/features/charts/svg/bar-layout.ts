/**
 * Where every bar of a bar chart goes, as a pure function of the data and the box: the plot
 * area, the category bands, the value scale and its ticks, each bar's rectangle. The old chart
 * library's geometry throughout (default axis sizes 60 and 30, bands without padding, 10 % gaps).
 */
import { barSlots, everyNthTick, extentBounds, linearScale, preserveEndTicks } from './layout.ts';
import type { Extent, Margin, Plot } from './layout.ts';
import { resolveNumberAxis, tickLabel } from './number-axis.ts';
import type { NumberAxisSpec } from './number-axis.ts';

/** the old library's default sizes: an X axis' height, a Y axis' width. */
export const X_AXIS_HEIGHT = 30;
export const Y_AXIS_WIDTH = 60;

/** What the layout needs to know of the chart. */
export interface BarLayoutInput {
  readonly width: number;
  readonly height: number;
  readonly margin: Margin;
  /** 'rows': bars run left to right, one row per entry; 'columns': bars rise from the bottom. */
  readonly orientation: 'rows' | 'columns';
  /** Each series' extents per entry (see stackExtents). */
  readonly extents: readonly (readonly Extent[])[];
  /** Each series' stack id: a stack takes one slot in the band. */
  readonly stackIds: readonly (string | undefined)[];
  readonly categoryCount: number;
  /** The category axis' size across: a Y axis' width, an X axis' height. */
  readonly categorySize?: number | undefined;
  readonly valueAxis: NumberAxisSpec;
  /** The value axis' width when it is the Y axis. */
  readonly valueSize?: number | undefined;
  readonly maxBarSize?: number | undefined;
  /** The legend's height, kept free under the axis. */
  readonly legendHeight: number;
}

/** One bar, with the old library's attributes: a negative width runs left of `x`. */
export interface BarRect {
  readonly series: number;
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The laid-out chart. */
export interface BarLayout {
  readonly plot: Plot;
  /** The start of each category's band, and the bands' size. */
  readonly bandStarts: readonly number[];
  readonly bandSize: number;
  readonly scale: (value: number) => number;
  readonly valueTicks: readonly { value: number; label: string; coordinate: number }[];
  readonly bars: readonly BarRect[];
}

/** The plot area: the box less its margins, axes and legend. */
function plotArea(input: BarLayoutInput): Plot {
  const { width, height, margin, orientation } = input;
  const yAxis = orientation === 'rows' ? input.categorySize : input.valueSize;
  const xAxis = orientation === 'rows' ? X_AXIS_HEIGHT : input.categorySize;
  return {
    left: margin.left + (yAxis ?? Y_AXIS_WIDTH),
    right: width - margin.right,
    top: margin.top,
    bottom: height - margin.bottom - (xAxis ?? X_AXIS_HEIGHT) - input.legendHeight,
  };
}

/**
 * Which stack group (slot in the band) each series takes: one per stack id, one per lone series.
 */
function groupsOf(stackIds: readonly (string | undefined)[]): { of: number[]; count: number } {
  const seen = new Map<string, number>();
  let count = 0;
  const of = stackIds.map((id) => {
    if (id === undefined) return count++;
    const known = seen.get(id);
    if (known !== undefined) return known;
    seen.set(id, count);
    return count++;
  });
  return { of, count };
}

export function layoutBars(input: BarLayoutInput): BarLayout {
  const plot = plotArea(input);
  const rows = input.orientation === 'rows';
  const [catStart, catEnd] = rows ? [plot.top, plot.bottom] : [plot.left, plot.right];
  const bandSize = (catEnd - catStart) / Math.max(1, input.categoryCount);
  const bandStarts = Array.from(
    { length: input.categoryCount },
    (_, index) => catStart + index * bandSize,
  );
  const axis = resolveNumberAxis(input.valueAxis, extentBounds(input.extents));
  const scale = linearScale(axis.domain, rows ? [plot.left, plot.right] : [plot.bottom, plot.top]);
  const groups = groupsOf(input.stackIds);
  const slots = barSlots(bandSize, groups.count, input.maxBarSize);
  const bars: BarRect[] = [];
  input.extents.forEach((extents, series) => {
    const slot = slots[groups.of[series] ?? 0] ?? { offset: 0, size: 0 };
    extents.forEach((extent, index) => {
      const along = (bandStarts[index] ?? 0) + slot.offset;
      const base = scale(extent.base);
      const top = scale(extent.top);
      bars.push(
        rows
          ? { series, index, x: base, y: along, width: top - base, height: slot.size }
          : { series, index, x: along, y: top, width: slot.size, height: base - top },
      );
    });
  });
  const valueTicks = axis.ticks.map((value) => ({
    value,
    label: tickLabel(input.valueAxis, value),
    coordinate: scale(value),
  }));
  return { plot, bandStarts, bandSize, scale, valueTicks, bars };
}

/**
 * The labels of a horizontal axis that show: all of them (interval 0), every n-th, or as many as
 * fit from the end (the old library's default 'preserveEnd'), measured by `measure`. The labels may
 * reach into the margins: `range` is the whole chart's width.
 */
export function shownTicks(
  ticks: readonly { coordinate: number; label: string }[],
  interval: number | 'preserveEnd',
  [start, end]: readonly [number, number],
  measure: (text: string) => number,
): { index: number; at: number }[] {
  if (interval !== 'preserveEnd') {
    return everyNthTick(ticks.length, interval).map((index) => ({
      index,
      at: ticks[index]?.coordinate ?? 0,
    }));
  }
  const rooms = ticks.map((tick) => ({ coordinate: tick.coordinate, size: measure(tick.label) }));
  return preserveEndTicks(rooms, start, end);
}

/** The band index under a position along the category axis, if inside the plot. */
export function bandAt(position: number, bandStarts: readonly number[], bandSize: number) {
  const first = bandStarts[0];
  if (first === undefined || bandSize <= 0) return undefined;
  const index = Math.floor((position - first) / bandSize);
  return index >= 0 && index < bandStarts.length ? index : undefined;
}

/**
 * The labels of a vertical number axis that show, bottom to top, as the old library placed them:
 * its 'preserveEnd' run upwards over the whole chart's height, each label `height` px tall (a
 * line of page text). The top label moves down when it would leave the chart.
 */
export function shownVerticalTicks(
  ticks: readonly { coordinate: number; label: string }[],
  chartHeight: number,
  height: number,
): { index: number; at: number }[] {
  // Mirrored: upwards is the direction the thinning runs, so coordinates are negated.
  const rooms = ticks.map((tick) => ({ coordinate: -tick.coordinate, size: height }));
  return preserveEndTicks(rooms, -chartHeight, 0).map((shown) => ({
    index: shown.index,
    at: -shown.at,
  }));
}
