/**
 * The kit's bar chart, in place of the old library's BarChart: bars along rows or columns; single,
 * grouped, stacked (by sign: negatives run the other way from zero); per-entry colours; labels
 * at the bars' ends; a tooltip on hover; a click selects an entry. Drawn once, without animation.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Axis, Grid } from './axes.tsx';
import type { DrawnTick } from './axes.tsx';
import { bandAt, layoutBars, shownTicks, shownVerticalTicks } from './bar-layout.ts';
import type { BarLayout, BarRect } from './bar-layout.ts';
import { BarLabels, BarShape, CursorBand } from './bar-marks.tsx';
import { ChartSurface } from './chrome.tsx';
import { useHover } from './use-hover.ts';
import { stackExtents, wrapWords } from './layout.ts';
import type { Margin } from './layout.ts';
import type { NumberAxisSpec } from './number-axis.ts';
import { LABEL_HEIGHT, textWidth } from './text-size.ts';

/** One series of bars. */
export interface BarSeriesSpec<T> {
  readonly name: string;
  readonly value: (entry: T) => number | null | undefined;
  /** Its colour; an entry's own `fill` field wins, as in the old chart library. */
  readonly fill?: string | undefined;
  /** Series with the same stack id are drawn end to end. */
  readonly stackId?: string | undefined;
  /** A text written at the end of each bar (rows only). */
  readonly label?: ((entry: T, value: number) => string | undefined) | undefined;
}

/** The category axis: each entry's name, the axis' room, its labels' size and spacing. */
interface CategorySpec<T> {
  readonly label: (entry: T) => string;
  /** A Y axis' width (rows), an X axis' height (columns). */
  readonly size?: number | undefined;
  readonly fontSize?: number | undefined;
  /** 0 shows every label, n every (n+1)-th; 'preserveEnd' as many as fit, from the end. */
  readonly interval?: number | 'preserveEnd' | undefined;
}

export interface BarChartProps<T> {
  readonly data: readonly T[];
  readonly width: number;
  readonly height: number;
  readonly margin: Margin;
  readonly orientation: 'rows' | 'columns';
  readonly category: CategorySpec<T>;
  readonly valueAxis: NumberAxisSpec & { readonly size?: number | undefined };
  readonly series: readonly BarSeriesSpec<T>[];
  readonly maxBarSize?: number | undefined;
  /** Draws the line at zero, for bars running both ways. */
  readonly zeroLine?: boolean | undefined;
  readonly legend?: boolean | undefined;
  /** The hovered entry's tooltip. */
  readonly tooltip: (index: number) => ReactNode;
  readonly onSelect?: ((index: number, series: number) => void) | undefined;
  /** Marks chosen bars: outlined, and every other bar faded, once any is chosen. */
  readonly isChosen?: ((index: number, series: number) => boolean) | undefined;
}

const CHOSEN_STROKE = { stroke: '#1a1b1e', strokeWidth: 2 } as const;
const NOT_CHOSEN_OPACITY = 0.35;

/** An entry's own colour (a `fill` field), which the old chart library let win over the series'. */
function entryFill(entry: unknown): string | undefined {
  const fill = (entry as { fill?: unknown } | undefined)?.fill;
  return typeof fill === 'string' ? fill : undefined;
}

/** The category axis' ticks: at the band centres, labels wrapped (rows) or thinned (columns). */
function categoryTicks<T>(props: BarChartProps<T>, layout: BarLayout): DrawnTick[] {
  const { data, category, orientation } = props;
  // Measured at the page's size whatever the drawn size: the old chart library did so, and wrapped
  // the labels of a small font early; the charts keep that look.
  const measure = (text: string) => textWidth(text);
  const ticks = data.map((entry, index) => ({
    label: category.label(entry),
    coordinate: (layout.bandStarts[index] ?? 0) + layout.bandSize / 2,
  }));
  if (orientation === 'rows') {
    const room = category.size ?? 60;
    return ticks.map((tick, index) => ({
      key: String(index),
      coordinate: tick.coordinate,
      lines: wrapWords(tick.label, room, measure),
    }));
  }
  const range = [0, props.width] as const;
  return shownTicks(ticks, category.interval ?? 'preserveEnd', range, measure).map((shown) => ({
    key: String(shown.index),
    coordinate: ticks[shown.index]?.coordinate ?? 0,
    at: shown.at,
    lines: [ticks[shown.index]?.label ?? ''],
  }));
}

/**
 * The value axis' ticks; along the bottom (rows) thinned as the old chart library did when crowded.
 */
function valueTicks<T>(props: BarChartProps<T>, layout: BarLayout): DrawnTick[] {
  const ticks = layout.valueTicks;
  const shown =
    props.orientation === 'columns'
      ? shownVerticalTicks(ticks, props.height, LABEL_HEIGHT)
      : shownTicks(ticks, 'preserveEnd', [0, props.width], (text) => textWidth(text));
  return shown.map((tick) => ({
    key: String(ticks[tick.index]?.value),
    coordinate: ticks[tick.index]?.coordinate ?? 0,
    at: tick.at,
    lines: [ticks[tick.index]?.label ?? ''],
  }));
}

/** The hover targets of a laid-out chart: the band under the pointer, a band's centre. */
function bandTargets(layout: BarLayout, rows: boolean, count: number) {
  const { plot } = layout;
  const centre = (index: number) => (layout.bandStarts[index] ?? 0) + layout.bandSize / 2;
  return {
    count,
    locate: (x: number, y: number) => {
      if (x < plot.left || x > plot.right || y < plot.top || y > plot.bottom) return undefined;
      return bandAt(rows ? y : x, layout.bandStarts, layout.bandSize);
    },
    anchor: (index: number) =>
      rows
        ? { x: (plot.left + plot.right) / 2, y: centre(index) }
        : { x: centre(index), y: (plot.top + plot.bottom) / 2 },
  };
}

/** How each bar is painted: its colour, and its chosen or faded look once any is chosen. */
function barPaint<T>({ data, series, isChosen, category }: BarChartProps<T>) {
  const anyChosen =
    isChosen !== undefined &&
    series.some((_, seriesIndex) => data.some((_entry, index) => isChosen(index, seriesIndex)));
  return {
    nameOf: (index: number) => {
      const entry = data[index];
      return entry === undefined ? '' : category.label(entry);
    },
    fillOf: (rect: BarRect) => entryFill(data[rect.index]) ?? series[rect.series]?.fill,
    // A label takes its entry's own colour, else grey: the old library's LabelList did so.
    labelFillOf: (rect: BarRect) => entryFill(data[rect.index]) ?? '#808080',
    styleOf: (rect: BarRect): object => {
      if (!isChosen || !anyChosen) return {};
      return isChosen(rect.index, rect.series)
        ? CHOSEN_STROKE
        : { fillOpacity: NOT_CHOSEN_OPACITY };
    },
  };
}

export function BarChart<T>(props: BarChartProps<T>) {
  const { data, width, height, margin, orientation, series } = props;
  const [legendHeight, setLegendHeight] = useState(0);
  const stackIds = series.map((entry) => entry.stackId);
  const values = series.map((entry) => data.map((item) => entry.value(item) ?? null));
  const layout = layoutBars({
    width,
    height,
    margin,
    orientation,
    extents: stackExtents(values, stackIds),
    stackIds,
    categoryCount: data.length,
    categorySize: props.category.size,
    valueAxis: props.valueAxis,
    valueSize: props.valueAxis.size,
    maxBarSize: props.maxBarSize,
    legendHeight,
  });
  const rows = orientation === 'rows';
  const { hover, handlers } = useHover(bandTargets(layout, rows, data.length));
  const legend = series.map((entry) => ({
    name: entry.name,
    color: entry.fill ?? '#000',
    kind: 'bar' as const,
  }));
  return (
    <ChartSurface
      width={width}
      height={height}
      margin={margin}
      legend={props.legend ? legend : undefined}
      onLegendHeight={setLegendHeight}
      hover={hover}
      tooltip={props.tooltip}
      handlers={handlers}
    >
      <BarPlot chart={props} layout={layout} hovered={hover?.index} />
    </ChartSurface>
  );
}

/** Everything inside the SVG: grid, cursor band, axes, zero line, bars, labels. */
function BarPlot<T>({
  chart,
  layout,
  hovered,
}: {
  chart: BarChartProps<T>;
  layout: BarLayout;
  hovered: number | undefined;
}) {
  const rows = chart.orientation === 'rows';
  const { plot } = layout;
  const paint = barPaint(chart);
  const { onSelect } = chart;
  const gridAt = layout.valueTicks.map((tick) => tick.coordinate);
  const zero = layout.scale(0);
  const categories = categoryTicks(chart, layout);
  const values = valueTicks(chart, layout);
  const categoryFont = chart.category.fontSize;
  return (
    <>
      <Grid plot={plot} {...(rows ? { xs: gridAt } : { ys: gridAt })} />
      {hovered !== undefined && <CursorBand layout={layout} rows={rows} index={hovered} />}
      {/* The old library's drawing order: bars, then the zero line, the axes, the labels. */}
      <g className="recharts-layer recharts-bar">
        {layout.bars.map((rect) => (
          <BarShape
            key={`${String(rect.series)}-${String(rect.index)}`}
            rect={rect}
            name={paint.nameOf(rect.index)}
            fill={paint.fillOf(rect)}
            style={paint.styleOf(rect)}
            onClick={
              onSelect &&
              (() => {
                onSelect(rect.index, rect.series);
              })
            }
          />
        ))}
      </g>
      {chart.zeroLine && (
        <line
          className="recharts-reference-line-line"
          stroke="#444"
          fill="none"
          {...(rows
            ? { x1: zero, x2: zero, y1: plot.top, y2: plot.bottom }
            : { y1: zero, y2: zero, x1: plot.left, x2: plot.right })}
        />
      )}
      <Axis
        side="bottom"
        position={plot.bottom}
        from={plot.left}
        to={plot.right}
        ticks={rows ? values : categories}
        fontSize={rows ? undefined : categoryFont}
      />
      <Axis
        side="left"
        position={plot.left}
        from={plot.top}
        to={plot.bottom}
        ticks={rows ? categories : values}
        fontSize={rows ? categoryFont : undefined}
      />
      {rows && (
        <BarLabels
          data={chart.data}
          series={chart.series}
          bars={layout.bars}
          fillOf={paint.labelFillOf}
        />
      )}
    </>
  );
}
