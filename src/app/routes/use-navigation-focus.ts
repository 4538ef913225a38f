import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { focusHeading, resultFocusPending } from '../../lib/focus/heading-focus.ts';

/** How long a new page may take to draw its heading (its code may load first). */
const HEADING_WAIT_MS = 5_000;

/**
 * After a navigation to another page (a module, a view, saved queries), focus moves to the new
 * page's heading in `main`, as a screen reader user expects from a page load; left alone it
 * stays on the link clicked, now gone, i.e. on <body>. Not on the first page, and not when a
 * result's heading is to take focus (a search pick that runs a query).
 */
export function useNavigationFocus(mainId: string): void {
  const pathname = useLocation({ select: (location) => location.pathname });
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    const main = document.getElementById(mainId);
    if (!main) return;
    let focused: HTMLElement | undefined;
    // The page's heading, once it is drawn; again if a loading page's heading is replaced by
    // the loaded one (focus would fall to <body>). Never once the analyst has moved focus on.
    const focus = () => {
      const active = document.activeElement;
      const moved = active !== null && active !== document.body && active !== focused;
      if (resultFocusPending() || (moved && focused !== undefined)) return;
      const heading = main.querySelector<HTMLElement>('h1, h2');
      if (!heading || heading === active) return;
      focused = heading;
      focusHeading(heading);
    };
    focus();
    const observer = new MutationObserver(focus);
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => {
      observer.disconnect();
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname, mainId]);
}
