/**
 * The marks of a bar chart: the bars (paths with the old library's classes and box attributes,
 * which tests and the image export read), their labels, and the band behind the hovered entry.
 */
import type { BarLayout, BarRect } from './bar-layout.ts';
import type { BarSeriesSpec } from './bar-chart.tsx';

/**
 * A bar as the old chart library drew it: a path, with its box as attributes for whoever reads
 * them.
 */
export function BarShape({
  rect,
  name,
  fill,
  style,
  onClick,
}: {
  rect: BarRect;
  /**
   * The entry's name, as an attribute (the old chart library wrote the entry's fields on its bars).
   */
  name: string;
  fill: string | undefined;
  style: object;
  onClick: (() => void) | undefined;
}) {
  const { x, y, width, height } = rect;
  // A bar of no length is not drawn (the old chart library drew no rectangle for it), though it is
  // labelled.
  if (width === 0 || height === 0) return null;
  return (
    <g className="recharts-layer recharts-bar-rectangle">
      <path
        className="recharts-rectangle"
        x={x}
        y={y}
        width={width}
        height={height}
        name={name}
        fill={fill}
        d={`M${String(x)},${String(y)}h${String(width)}v${String(height)}h${String(-width)}Z`}
        {...style}
        {...(onClick ? { onClick, cursor: 'pointer' } : {})}
      />
    </g>
  );
}

/** The grey band behind the hovered entry's bars. */
export function CursorBand({
  layout,
  rows,
  index,
}: {
  layout: BarLayout;
  rows: boolean;
  index: number;
}) {
  const { plot, bandSize } = layout;
  const start = layout.bandStarts[index];
  if (start === undefined) return null;
  const box = rows
    ? { x: plot.left, y: start, width: plot.right - plot.left, height: bandSize }
    : { x: start, y: plot.top, width: bandSize, height: plot.bottom - plot.top };
  return <rect className="recharts-tooltip-cursor" fill="#ccc" pointerEvents="none" {...box} />;
}

/**
 * Each bar's label at its end, outside it: right of a bar running right, left of one running left.
 */
export function BarLabels<T>({
  data,
  series,
  bars,
  fillOf,
}: {
  data: readonly T[];
  series: readonly BarSeriesSpec<T>[];
  bars: readonly BarRect[];
  fillOf: (rect: BarRect) => string | undefined;
}) {
  return (
    <g className="recharts-label-list">
      {bars.map((rect) => {
        const entry = data[rect.index];
        const label =
          entry === undefined
            ? undefined
            : series[rect.series]?.label?.(entry, series[rect.series]?.value(entry) ?? 0);
        if (label === undefined) return null;
        const sign = rect.width >= 0 ? 1 : -1;
        return (
          <text
            key={`${String(rect.series)}-${String(rect.index)}`}
            className="recharts-text recharts-label"
            x={rect.x + rect.width + 5 * sign}
            y={rect.y + rect.height / 2}
            dy="0.355em"
            textAnchor={sign > 0 ? 'start' : 'end'}
            fontSize={11}
            fill={fillOf(rect)}
          >
            {label}
          </text>
        );
      })}
    </g>
  );
}
