/**
 * The feed's window: since the last visit, 7 days, 30 days or this quarter, as the URL carries it
 * (`/?since=7d`), and the first day it covers. Pure: "now" and the last visit are given.
 */
import { z } from 'zod/mini';

export const WINDOWS = ['last', '7d', '30d', 'quarter'] as const;
export type FeedWindow = (typeof WINDOWS)[number];

/** `/`'s search: the window, else since the last visit. A damaged value falls back to that. */
export const homeSearchSchema = z.object({
  since: z.catch(z.optional(z.enum(WINDOWS)), undefined),
});

export const WINDOW_LABELS: Readonly<Record<FeedWindow, string>> = {
  last: 'Since your last visit',
  '7d': '7 days',
  '30d': '30 days',
  quarter: 'This quarter',
};

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`: what the services' date filters compare. */
function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The first day the window covers; `lastVisit`: where this visit's window opens (last-visit.ts). */
export function windowStart(window: FeedWindow, now: Date, lastVisit: Date): string {
  switch (window) {
    case 'last':
      return dayOf(lastVisit);
    case '7d':
      return dayOf(new Date(now.getTime() - 7 * DAY_MS));
    case '30d':
      return dayOf(new Date(now.getTime() - 30 * DAY_MS));
    case 'quarter': {
      const month = Math.floor(now.getUTCMonth() / 3) * 3;
      return dayOf(new Date(Date.UTC(now.getUTCFullYear(), month, 1)));
    }
  }
}
