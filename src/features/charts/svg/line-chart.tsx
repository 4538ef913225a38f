/**
 * The kit's line chart, in place of the old library's LineChart: straight lines through the points
 * of a category axis (the first point at the left edge, the last at the right), each series on the
 * left or the right number axis, dots on the points, a tooltip and cursor line on hover.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Axis, Grid } from './axes.tsx';
import type { DrawnTick } from './axes.tsx';
import { shownTicks, shownVerticalTicks, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './bar-layout.ts';
import { ChartSurface } from './chrome.tsx';
import { useHover } from './use-hover.ts';
import { linearScale, pointPositions } from './layout.ts';
import type { Margin, Plot } from './layout.ts';
import { resolveNumberAxis, tickLabel } from './number-axis.ts';
import type { NumberAxisSpec } from './number-axis.ts';
import { LABEL_HEIGHT, textWidth } from './text-size.ts';

/** One line: its values, its colour, and the axis it is read on. */
interface LineSeriesSpec<T> {
  readonly name: string;
  readonly value: (entry: T) => number | null | undefined;
  readonly color: string;
  readonly axis: 'left' | 'right';
}

type SideAxis = NumberAxisSpec & { readonly size?: number | undefined };

export interface LineChartProps<T> {
  readonly data: readonly T[];
  readonly width: number;
  readonly height: number;
  readonly margin: Margin;
  readonly category: { readonly label: (entry: T) => string };
  readonly left: SideAxis;
  /** A second number axis on the right, for series on another scale. */
  readonly right?: SideAxis | undefined;
  readonly series: readonly LineSeriesSpec<T>[];
  readonly legend?: boolean | undefined;
  readonly tooltip: (index: number) => ReactNode;
}

/**
 * A series' path: straight segments, broken where a value is missing (the old library's default).
 */
function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (point === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${String(point.x)},${String(point.y)}`;
    drawing = true;
  }
  return path;
}

/** A number axis' scale and drawn ticks over the series read on it. */
function sideAxis(spec: SideAxis, values: readonly number[], plot: Plot, chartHeight: number) {
  const bounds =
    values.length > 0 ? ([Math.min(...values), Math.max(...values)] as const) : undefined;
  const axis = resolveNumberAxis(spec, bounds);
  const scale = linearScale(axis.domain, [plot.bottom, plot.top]);
  const all = axis.ticks.map((value) => ({
    value,
    coordinate: scale(value),
    label: tickLabel(spec, value),
  }));
  const ticks: DrawnTick[] = shownVerticalTicks(all, chartHeight, LABEL_HEIGHT).map((shown) => ({
    key: String(all[shown.index]?.value),
    coordinate: all[shown.index]?.coordinate ?? 0,
    at: shown.at,
    lines: [all[shown.index]?.label ?? ''],
  }));
  return { scale, ticks };
}

/** The nearest point to `x` among the points' positions. */
function nearest(xs: readonly number[], x: number): number {
  let best = 0;
  xs.forEach((at, index) => {
    if (Math.abs(at - x) < Math.abs((xs[best] ?? 0) - x)) best = index;
  });
  return best;
}

/** The plot area: the box less its margins, the axes on both sides, and the legend. */
function linePlot<T>(props: LineChartProps<T>, legendHeight: number): Plot {
  const { width, height, margin } = props;
  return {
    left: margin.left + (props.left.size ?? Y_AXIS_WIDTH),
    right: width - margin.right - (props.right ? (props.right.size ?? Y_AXIS_WIDTH) : 0),
    top: margin.top,
    bottom: height - margin.bottom - X_AXIS_HEIGHT - legendHeight,
  };
}

/** Where everything goes: points along the bottom, each side's scale and ticks, the labels. */
function layoutLines<T>(props: LineChartProps<T>, plot: Plot) {
  const { data, series } = props;
  const xs = pointPositions(data.length, plot.left, plot.right);
  const valuesOn = (side: 'left' | 'right') =>
    series
      .filter((entry) => entry.axis === side)
      .flatMap((entry) => data.map(entry.value))
      .filter((value): value is number => typeof value === 'number');
  const left = sideAxis(props.left, valuesOn('left'), plot, props.height);
  const right = props.right
    ? sideAxis(props.right, valuesOn('right'), plot, props.height)
    : undefined;
  const labels = data.map((entry, index) => ({
    label: props.category.label(entry),
    coordinate: xs[index] ?? 0,
  }));
  const shown = shownTicks(labels, 'preserveEnd', [0, props.width], (text) => textWidth(text));
  const bottomTicks: DrawnTick[] = shown.map((tick) => ({
    key: String(tick.index),
    coordinate: xs[tick.index] ?? 0,
    at: tick.at,
    lines: [labels[tick.index]?.label ?? ''],
  }));
  const pointsOf = (entry: LineSeriesSpec<T>) => {
    const scale = entry.axis === 'right' && right ? right.scale : left.scale;
    return data.map((item, index) => {
      const value = entry.value(item);
      return typeof value === 'number' ? { x: xs[index] ?? 0, y: scale(value) } : null;
    });
  };
  return { plot, xs, left, right, bottomTicks, pointsOf };
}

export function LineChart<T>(props: LineChartProps<T>) {
  const { data, width, height, margin, series } = props;
  const [legendHeight, setLegendHeight] = useState(0);
  const layout = layoutLines(props, linePlot(props, legendHeight));
  const { plot, xs } = layout;
  const { hover, handlers } = useHover({
    count: data.length,
    locate: (x, y) =>
      x < plot.left - 1 || x > plot.right + 1 || y < plot.top || y > plot.bottom || xs.length === 0
        ? undefined
        : nearest(xs, x),
    anchor: (index) => ({ x: xs[index] ?? 0, y: (plot.top + plot.bottom) / 2 }),
  });
  const legend = series.map((entry) => ({
    name: entry.name,
    color: entry.color,
    kind: 'line' as const,
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
      <LinePlot series={series} layout={layout} hovered={hover?.index} />
    </ChartSurface>
  );
}

/**
 * Everything inside the SVG, in the old library's drawing order: grid, axes, the lines with their
 * dots (a first or last point's dot covers the axis line), then the cursor line and the hovered
 * points' dots. Unlike the old chart, the horizontal grid lines follow the left axis' ticks: the
 * old one bound its grid to an axis id the chart did not have, and drew only the top line.
 */
function LinePlot<T>({
  series,
  layout,
  hovered,
}: {
  series: readonly LineSeriesSpec<T>[];
  layout: ReturnType<typeof layoutLines<T>>;
  hovered: number | undefined;
}) {
  const { plot, xs, left, right } = layout;
  const hoverX = hovered === undefined ? undefined : xs[hovered];
  return (
    <>
      <Grid
        plot={plot}
        xs={layout.bottomTicks.map((tick) => tick.coordinate)}
        ys={left.ticks.map((tick) => tick.coordinate)}
      />
      <Axis
        side="bottom"
        position={plot.bottom}
        from={plot.left}
        to={plot.right}
        ticks={layout.bottomTicks}
      />
      <Axis side="left" position={plot.left} from={plot.top} to={plot.bottom} ticks={left.ticks} />
      {right && (
        <Axis
          side="right"
          position={plot.right}
          from={plot.top}
          to={plot.bottom}
          ticks={right.ticks}
        />
      )}
      {series.map((entry) => (
        <Line key={entry.name} color={entry.color} points={layout.pointsOf(entry)} />
      ))}
      {hovered !== undefined && hoverX !== undefined && (
        <g className="recharts-active-dots">
          <line
            className="recharts-tooltip-cursor"
            stroke="#ccc"
            x1={hoverX}
            x2={hoverX}
            y1={plot.top}
            y2={plot.bottom}
            pointerEvents="none"
          />
          {series.map((entry) => {
            const point = layout.pointsOf(entry)[hovered];
            return (
              point && (
                <circle
                  key={entry.name}
                  className="recharts-dot"
                  r={4}
                  cx={point.x}
                  cy={point.y}
                  fill={entry.color}
                  stroke="#fff"
                  strokeWidth={2}
                />
              )
            );
          })}
        </g>
      )}
    </>
  );
}

/** One series: its line, and a dot on each point. */
function Line({
  color,
  points,
}: {
  color: string;
  points: readonly ({ x: number; y: number } | null)[];
}) {
  return (
    <g className="recharts-layer recharts-line">
      <path
        className="recharts-curve recharts-line-curve"
        d={linePath(points)}
        stroke={color}
        strokeWidth={1}
        fill="none"
      />
      <g className="recharts-layer recharts-line-dots">
        {points.map(
          (point, index) =>
            point && (
              <circle
                key={index}
                className="recharts-dot recharts-line-dot"
                r={3}
                cx={point.x}
                cy={point.y}
                stroke={color}
                strokeWidth={1}
                fill="#fff"
              />
            ),
        )}
      </g>
    </g>
  );
}
