import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Every row's height in pixels: fixed, so the rows in view follow from the scroll position. */
export const ROW_HEIGHT = 33;
/** A few rows beyond the view: more only adds render and layout work to every scroll frame. */
const OVERSCAN = 3;
/**
 * Until the scroller is measured (before the first layout effect), a typical viewport, so the
 * first rows render at once.
 */
const INITIAL_HEIGHT = 640;

interface View {
  readonly top: number;
  readonly height: number;
}

/** The rows of `count` in `view` (with the overscan) and the spacers' heights above and below. */
export function rowWindow(count: number, { top, height }: View) {
  const first = Math.max(0, Math.min(count - 1, Math.floor(top / ROW_HEIGHT)) - OVERSCAN);
  // The last row whose top is in view, as TanStack Virtual counted it: at least the first row.
  const inView = Math.max(Math.floor(top / ROW_HEIGHT) + 1, Math.ceil((top + height) / ROW_HEIGHT));
  const end = Math.min(count, inView + OVERSCAN);
  // Keys are slots, not rows: a row that stays in view keeps its slot (index mod slots), and a row
  // scrolled in takes the slot, and so the DOM, of one scrolled out, so React updates its cells'
  // text instead of unmounting a row and building another of 16 cells (#21: a fast scroll shows
  // ~30 new rows a frame). No contiguous window holds more rows than `slots`, so keys stay unique.
  const slots = Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN + 1;
  const items: { index: number; key: number }[] = [];
  for (let index = first; index < end; index++) items.push({ index, key: index % slots });
  return { items, before: first * ROW_HEIGHT, after: Math.max(0, count - end) * ROW_HEIGHT };
}

/**
 * The window of `count` fixed-height rows in view of `scroller`: the rows to draw and the
 * heights of the spacers above and below them. Replaces TanStack Virtual, whose measuring of
 * rows of any height this table never needed.
 */
export function useRowWindow(count: number, scroller: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState<View>({ top: 0, height: INITIAL_HEIGHT });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const read = (sync: boolean) => {
      const next = { top: element.scrollTop, height: element.clientHeight };
      const update = () => {
        setView((old) => (old.top === next.top && old.height === next.height ? old : next));
      };
      // Rows for the new position are drawn before the frame is painted, never a blank frame.
      if (sync) flushSync(update);
      else update();
    };
    const onScroll = () => {
      read(true);
    };
    read(false);
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      read(false);
    });
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scroller]);
  return rowWindow(count, view);
}

/** The rows in view and the spacers around them, as `useRowWindow` returns them. */
export type RowWindow = ReturnType<typeof useRowWindow>;
