import { useEffect, useState } from 'react';

/**
 * The inner width of `element` (without its scroll bar) less `inset` px (the pinned tick boxes
 * and flags), kept as it resizes; undefined until measured, or where ResizeObserver is missing
 * (a test's DOM). Whole pixels, so a sub-pixel change does not resize the columns.
 */
export function useFrameWidth(element: HTMLElement | null, inset = 0): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      setWidth(element.clientWidth > 0 ? Math.floor(element.clientWidth) : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return width === undefined ? undefined : width - inset;
}
