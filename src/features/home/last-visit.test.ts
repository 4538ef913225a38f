import { describe, expect, it } from 'vitest';
import { homeSearchSchema, windowStart } from './home-window.ts';
import { VISIT_GAP_MS, visitStart } from './last-visit.ts';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('visitStart', () => {
  it('opens a first visit ever on the last 7 days', () => {
    expect(visitStart(undefined, now)).toEqual({
      since: new Date('2026-11-18T12:00:00Z'),
      first: true,
    });
  });

  it('keeps the window on a reload within the visit, so the feed does not empty', () => {
    const stored = { since: ago(3 * 86_400_000), seenAt: ago(60_000) };
    expect(visitStart(stored, now).since.toISOString()).toBe(stored.since);
  });

  it('opens a new visit where the last one was last seen', () => {
    const stored = { since: ago(9 * 86_400_000), seenAt: ago(VISIT_GAP_MS + 1) };
    expect(visitStart(stored, now).since.toISOString()).toBe(stored.seenAt);
  });
});

describe('windowStart and the URL', () => {
  it('starts this quarter on its first day, and 30 days back from today', () => {
    expect(windowStart('quarter', now, now)).toBe('2026-10-01');
    expect(windowStart('30d', now, now)).toBe('2026-10-26');
  });

  it('reads a damaged ?since= as since the last visit', () => {
    expect(homeSearchSchema.parse({ since: 'forever' })).toEqual({ since: undefined });
    expect(homeSearchSchema.parse({ since: '30d' })).toEqual({ since: '30d' });
  });
});
