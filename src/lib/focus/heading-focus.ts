/**
 * Where focus goes after the analyst asks for an answer (Run, Ctrl+Enter, a search pick): to
 * the result's heading once the result is drawn, so a screen reader reads it and the next Tab is
 * the result's first control, not the page's first. Focus is never left on <body>.
 *
 * A request, not a direct focus: the heading does not exist yet when Run is pressed (the count
 * and the rows load first), and the features that ask (workspace, search) do not import each
 * other. A request that no heading takes in time lapses, so an old one never steals focus.
 */
import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Long enough for a slow query; short enough that a forgotten request does not linger. */
const REQUEST_LIFETIME_MS = 60_000;

let requestedAt: number | undefined;

/** Asks for the next result heading drawn to take focus. */
export function requestResultFocus(now = Date.now()): void {
  requestedAt = now;
}

/** Whether a result heading is about to take focus (a navigation then leaves focus to it). */
export function resultFocusPending(now = Date.now()): boolean {
  return requestedAt !== undefined && now - requestedAt < REQUEST_LIFETIME_MS;
}

/**
 * Takes the request for a heading first drawn at `drawnAt`: true once per request, while it has
 * not lapsed, and only for a heading drawn since it was made. A result already on screen (say a
 * search pick that changed nothing) never takes it later, when a "Load all" redraws it.
 */
export function takeResultFocus(drawnAt: number, now = Date.now()): boolean {
  if (requestedAt === undefined || drawnAt < requestedAt) return false;
  const pending = resultFocusPending(now);
  requestedAt = undefined;
  return pending;
}

/** Focuses a heading, making it focusable by script only (tabindex -1) when it is not. */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/** Focuses the result heading in `ref` when it is drawn (`ready`) and a focus was asked for. */
export function useResultHeadingFocus(ref: RefObject<HTMLElement | null>, ready: boolean): void {
  const [drawnAt] = useState(() => Date.now());
  useLayoutEffect(() => {
    if (ready && ref.current && takeResultFocus(drawnAt)) focusHeading(ref.current);
  });
}
