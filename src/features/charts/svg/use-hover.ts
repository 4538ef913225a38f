/**
 * Which entry the pointer (or the keyboard) is on, for the tooltip and the cursor band.
 */
import { useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';

/** Where the pointer is over the chart, and the entry (band or point) under it. */
export interface Hover {
  readonly index: number;
  readonly x: number;
  readonly y: number;
}

/** How a chart finds the entry under the pointer, and where a key press puts the tooltip. */
interface HoverTargets {
  readonly count: number;
  /** The entry under a point of the SVG, or undefined outside the plot. */
  readonly locate: (x: number, y: number) => number | undefined;
  /** Where an entry's tooltip points when reached with the keyboard. */
  readonly anchor: (index: number) => { x: number; y: number };
}

/** Arrow keys step through the entries, as the old library's keyboard layer did. */
const STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

/**
 * The hovered entry, by pointer or keyboard: the SVG is focusable (the old library's accessibility
 * layer: role "application", tab stop), the arrow keys move from entry to entry, and the tooltip
 * follows. Returns the hover and the SVG's handlers and attributes.
 */
export function useHover({ count, locate, anchor }: HoverTargets) {
  const [hover, setHover] = useState<Hover | null>(null);
  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = locate(x, y);
    setHover(index === undefined ? null : { index, x, y });
  };
  const leave = () => {
    setHover(null);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') leave();
    const step = STEPS[event.key];
    if (step === undefined || count === 0) return;
    event.preventDefault();
    const index = Math.min(count - 1, Math.max(0, hover === null ? 0 : hover.index + step));
    setHover({ index, ...anchor(index) });
  };
  return {
    hover,
    handlers: {
      role: 'application',
      tabIndex: 0,
      onMouseMove,
      onMouseLeave: leave,
      onBlur: leave,
      onKeyDown,
    },
  };
}
