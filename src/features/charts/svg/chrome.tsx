/**
 * What surrounds a chart's marks: the wrapper holding the SVG, the HTML legend below it, and the
 * tooltip that follows the pointer. Class names are the old library's (tests and the export use
 * them).
 */
import { useLayoutEffect, useRef } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { LegendLabel } from '../legend-label.tsx';
import type { Margin } from './layout.ts';
import type { Hover } from './use-hover.ts';

/** A legend entry: a series' name, its colour, and whether it is drawn as bars or a line. */
export interface LegendItem {
  readonly name: string;
  readonly color: string;
  readonly kind: 'bar' | 'line';
}

/** Recharts' legend icons (a 32-unit box): a filled bar, or a line through a ring. */
const ICON_PATHS = {
  bar: 'M0,4h32v24h-32z',
  line: 'M0,16h10.67A5.33,5.33,0,1,1,21.33,16H32M21.33,16A5.33,5.33,0,1,1,10.67,16',
} as const;

/** The legend, its entries in name order (the old library's default order, which readers know). */
function Legend({ items }: { items: readonly LegendItem[] }) {
  const sorted = [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return (
    <ul style={{ padding: 0, margin: 0, textAlign: 'center' }}>
      {sorted.map((item) => (
        <li key={item.name} style={{ display: 'inline-block', marginRight: 10 }}>
          <svg
            width={14}
            height={14}
            viewBox="0 0 32 32"
            aria-hidden="true"
            style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: 4 }}
          >
            <path
              className="recharts-legend-icon"
              d={ICON_PATHS[item.kind]}
              {...(item.kind === 'bar'
                ? { fill: item.color, stroke: 'none' }
                : { fill: 'none', stroke: item.color, strokeWidth: 4 })}
            />
          </svg>
          <span style={{ color: item.color }}>
            <LegendLabel text={item.name} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A chart: a box of the given size holding the SVG, its legend along the bottom (inside the box, as
 * the old chart library laid it out) and the tooltip. `legendHeight` reports the legend's measured
 * height, which the plot leaves free.
 */
function ChartBox({
  width,
  height,
  margin,
  legend,
  onLegendHeight,
  tooltip,
  children,
}: {
  width: number;
  height: number;
  margin: Margin;
  legend?: readonly LegendItem[] | undefined;
  onLegendHeight: (height: number) => void;
  tooltip: ReactNode;
  children: ReactNode;
}) {
  const legendRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    onLegendHeight(legendRef.current?.getBoundingClientRect().height ?? 0);
  });
  return (
    <div style={{ position: 'relative', width, height, cursor: 'default' }}>
      {children}
      {legend && legend.length > 0 && (
        <div
          ref={legendRef}
          className="recharts-legend-wrapper"
          style={{
            position: 'absolute',
            width: width - margin.left - margin.right,
            left: margin.left,
            bottom: margin.bottom,
          }}
        >
          <Legend items={legend} />
        </div>
      )}
      {tooltip}
    </div>
  );
}

/**
 * A chart's box, legend, tooltip and SVG root (the class the exports and tests look the SVG up by),
 * around the plot a chart draws inside it.
 */
export function ChartSurface({
  width,
  height,
  margin,
  legend,
  onLegendHeight,
  hover,
  tooltip,
  handlers,
  children,
}: {
  width: number;
  height: number;
  margin: Margin;
  legend: readonly LegendItem[] | undefined;
  onLegendHeight: (height: number) => void;
  hover: Hover | null;
  /** The tooltip's content for the hovered entry. */
  tooltip: (index: number) => ReactNode;
  /** The pointer and keyboard handlers of `useHover`. */
  handlers: ComponentProps<'svg'>;
  children: ReactNode;
}) {
  return (
    <ChartBox
      width={width}
      height={height}
      margin={margin}
      legend={legend}
      onLegendHeight={onLegendHeight}
      tooltip={
        hover && (
          <TooltipBox hover={hover} width={width} height={height}>
            {tooltip(hover.index)}
          </TooltipBox>
        )
      }
    >
      <svg
        className="recharts-surface"
        width={width}
        height={height}
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        {...handlers}
      >
        {children}
      </svg>
    </ChartBox>
  );
}

/**
 * The tooltip box, 10 px right of and below the pointer; left of or above it where it would leave
 * the chart (the old library's rule: it stays inside the chart's box).
 */
function TooltipBox({
  hover,
  width,
  height,
  children,
}: {
  hover: Hover;
  width: number;
  height: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Placed once its size is known, before the browser paints it.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const place = (at: number, size: number, room: number) =>
      at + 10 + size > room ? Math.max(0, at - 10 - size) : at + 10;
    const x = place(hover.x, element.offsetWidth, width);
    const y = place(hover.y, element.offsetHeight, height);
    element.style.transform = `translate(${String(x)}px, ${String(y)}px)`;
  });
  return (
    <div
      ref={box}
      className="recharts-tooltip-wrapper"
      style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none', zIndex: 1 }}
    >
      {children}
    </div>
  );
}

/** One line of the default tooltip: a series' name and its value, in its colour. */
export interface TooltipLine {
  readonly name: string;
  readonly value: string;
  readonly color?: string | undefined;
}

/** Recharts' default tooltip: the entry's label, then "name : value" for each series. */
export function DefaultTooltip({ label, lines }: { label: string; lines: readonly TooltipLine[] }) {
  return (
    <div
      className="recharts-default-tooltip"
      style={{
        margin: 0,
        padding: 10,
        backgroundColor: '#fff',
        border: '1px solid #ccc',
        whiteSpace: 'nowrap',
      }}
    >
      <p className="recharts-tooltip-label" style={{ margin: 0 }}>
        {label}
      </p>
      <ul style={{ padding: 0, margin: 0 }}>
        {lines.map((line) => (
          <li
            key={line.name}
            style={{
              display: 'block',
              paddingTop: 4,
              paddingBottom: 4,
              color: line.color ?? '#000',
            }}
          >
            {line.name} : {line.value}
          </li>
        ))}
      </ul>
    </div>
  );
}
