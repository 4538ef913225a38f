import type { Plot } from './layout.ts';

/**
 * Axes and grid lines, drawn with the old library's class names and colours: tests, benches and the
 * image export select on those names, and the charts keep their look.
 */

/** Recharts' axis grey, and its grid grey. */
const AXIS = '#666';
const GRID = '#ccc';
/** Tick line length, and the gap between a tick line and its label. */
const TICK_SIZE = 6;
const TICK_MARGIN = 2;

/** One tick to draw: where its line points, where its label goes, the label's lines. */
export interface DrawnTick {
  readonly key: string;
  readonly coordinate: number;
  /** Where the label is centred, when moved off the tick (the last one, kept inside the axis). */
  readonly at?: number;
  readonly lines: readonly string[];
}

/** Which side of the plot an axis runs along. */
export type AxisSide = 'bottom' | 'left' | 'right';

/** A label's first line offset: the lines are centred on the tick, or hang below it. */
function firstLineDy(side: AxisSide, count: number): string {
  return side === 'bottom' ? '0.71em' : `${String(0.355 - (count - 1) / 2)}em`;
}

/**
 * An axis: its line at `position` (the plot's edge, x for a vertical axis, y for a horizontal
 * one) from `from` to `to`, its tick lines, and its labels.
 */
export function Axis({
  side,
  position,
  from,
  to,
  ticks,
  fontSize,
}: {
  side: AxisSide;
  position: number;
  from: number;
  to: number;
  ticks: readonly DrawnTick[];
  fontSize?: number | undefined;
}) {
  const horizontal = side === 'bottom';
  const name = horizontal ? 'xAxis' : 'yAxis';
  const out = side === 'left' ? -1 : 1;
  const line = horizontal
    ? { x1: from, x2: to, y1: position, y2: position }
    : { x1: position, x2: position, y1: from, y2: to };
  const anchor = horizontal ? 'middle' : side === 'left' ? 'end' : 'start';
  const labelOffset = position + out * (TICK_SIZE + TICK_MARGIN);
  return (
    <g className={`recharts-layer recharts-cartesian-axis recharts-${name} ${name}`}>
      <line className="recharts-cartesian-axis-line" stroke={AXIS} fill="none" {...line} />
      <g className="recharts-cartesian-axis-tick-lines">
        {ticks.map((tick) => (
          <line
            key={tick.key}
            className="recharts-cartesian-axis-tick-line"
            stroke={AXIS}
            fill="none"
            {...(horizontal
              ? { x1: tick.coordinate, x2: tick.coordinate, y1: position, y2: position + TICK_SIZE }
              : {
                  y1: tick.coordinate,
                  y2: tick.coordinate,
                  x1: position,
                  x2: position + out * TICK_SIZE,
                })}
          />
        ))}
      </g>
      <g className={`recharts-cartesian-axis-ticks recharts-${name}-tick-labels`}>
        {ticks.map((tick) => {
          const at = tick.at ?? tick.coordinate;
          const x = horizontal ? at : labelOffset;
          return (
            <text
              key={tick.key}
              className="recharts-text recharts-cartesian-axis-tick-value"
              x={x}
              y={horizontal ? labelOffset : at}
              textAnchor={anchor}
              fill={AXIS}
              fontSize={fontSize}
            >
              {tick.lines.map((line, index) => (
                <tspan
                  key={index}
                  x={x}
                  dy={index === 0 ? firstLineDy(side, tick.lines.length) : '1em'}
                >
                  {line}
                </tspan>
              ))}
            </text>
          );
        })}
      </g>
    </g>
  );
}

/** Dashed grid lines across the plot: vertical ones at `xs`, horizontal ones at `ys`. */
export function Grid({
  xs = [],
  ys = [],
  plot,
}: {
  xs?: readonly number[];
  ys?: readonly number[];
  plot: Plot;
}) {
  return (
    <g className="recharts-cartesian-grid">
      <g className="recharts-cartesian-grid-horizontal">
        {ys.map((y, index) => (
          <line
            key={index}
            stroke={GRID}
            strokeDasharray="3 3"
            fill="none"
            x1={plot.left}
            x2={plot.right}
            y1={y}
            y2={y}
          />
        ))}
      </g>
      <g className="recharts-cartesian-grid-vertical">
        {xs.map((x, index) => (
          <line
            key={index}
            stroke={GRID}
            strokeDasharray="3 3"
            fill="none"
            x1={x}
            x2={x}
            y1={plot.top}
            y2={plot.bottom}
          />
        ))}
      </g>
    </g>
  );
}
