import { startTransition, useCallback, useState } from 'react';

/**
 * The border-box width of the element `ref` is attached to, for sizing a chart: measured as soon
 * as the element is in the page, then followed with a ResizeObserver. Undefined until then, so a
 * chart draws nothing rather than drawing at a guessed width and again at the real one (a full
 * recharts render each). The width is set in a transition: the chart is drawn in a task of its
 * own, after the one that rendered the element (for a 100,000-row result, deriving the data and
 * drawing the chart are two main-thread tasks, not one), and a resize never holds up input. Only
 * the width is state, so the chart's own height changes re-render nothing. Where nothing is laid
 * out (jsdom) the width is 0.
 */
export function useChartWidth(): {
  ref: (element: HTMLElement | null) => (() => void) | undefined;
  width: number | undefined;
} {
  const [width, setWidth] = useState<number>();
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const measure = () => {
      startTransition(() => {
        setWidth(element.getBoundingClientRect().width);
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, width };
}
