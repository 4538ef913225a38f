/**
 * "Since your last visit": when the analyst last looked at the feed, per user name in this
 * browser's `localStorage` (never a token). A visit is a stretch of looking: a reload or a return
 * within VISIT_GAP_MS is the same visit and keeps its window, so reloading never empties the feed;
 * a return after that starts a new visit whose window opens where the last one was last seen.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { session } from '../../lib/api/services.ts';

/** A return within this time is the same visit. */
export const VISIT_GAP_MS = 30 * 60_000;

const storedSchema = z.object({
  /** Where the current visit's window opens: the previous visit's last look. */
  since: z.iso.datetime(),
  /** When the feed was last seen. */
  seenAt: z.iso.datetime(),
});

export type StoredVisit = z.infer<typeof storedSchema>;

function lastVisitKey(username: string): string {
  return `marketplace.last-visit.v1:${username}`;
}

/** The window of a first visit ever: the last 7 days, not everything the data holds. */
const FIRST_VISIT_DAYS = 7;

/** Where this visit's window opens, and whether it is the analyst's first visit. */
export interface Visit {
  readonly since: Date;
  readonly first: boolean;
}

/**
 * Where this visit's window opens, from what was stored: the last 7 days on a first visit (or a
 * record that cannot be read), the stored window within a visit, the last look after a gap.
 */
export function visitStart(stored: StoredVisit | undefined, now: Date): Visit {
  if (!stored) {
    return { since: new Date(now.getTime() - FIRST_VISIT_DAYS * 86_400_000), first: true };
  }
  const seenAt = new Date(stored.seenAt);
  const sameVisit = now.getTime() - seenAt.getTime() < VISIT_GAP_MS;
  return { since: sameVisit ? new Date(stored.since) : seenAt, first: false };
}

function readVisit(storage: Storage, username: string): StoredVisit | undefined {
  try {
    const raw = storage.getItem(lastVisitKey(username));
    const parsed = storedSchema.safeParse(raw === null ? undefined : JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Records that the feed was seen at `now`, this visit's window kept. Never throws. */
function writeVisit(storage: Storage, username: string, since: Date, now: Date): void {
  const record: StoredVisit = { since: since.toISOString(), seenAt: now.toISOString() };
  try {
    storage.setItem(lastVisitKey(username), JSON.stringify(record));
  } catch {
    // Storage refused (private mode, full): the next visit shows the last 7 days instead.
  }
}

/**
 * This visit's window, read once when the feed mounts (signed out: a first visit's). The visit
 * is recorded when the analyst leaves the page (another route, another tab, closing it), never
 * on first paint: the feed shown is the one the analyst came for.
 */
export function useLastVisit(now: () => Date = () => new Date()): Visit {
  const username = session.current?.username;
  const [visit] = useState(() =>
    visitStart(username === undefined ? undefined : readVisit(localStorage, username), now()),
  );
  const { since } = visit;
  useEffect(() => {
    if (username === undefined) return undefined;
    const record = () => {
      writeVisit(localStorage, username, since, now());
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') record();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', record);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', record);
      record();
    };
    // `now` is a clock, not state: a new function each render must not re-record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username, since]);
  return visit;
}
