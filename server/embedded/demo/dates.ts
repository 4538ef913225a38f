/**
 * Date arithmetic for the generators, all in UTC and all relative to an injected `today`, so
 * the demo never reads the clock and "last 30 days" always has data.
 */
import type { Random } from './random.ts';

export const DAY_MS = 86_400_000;

/** Midnight UTC of the calendar day `date` falls on: how DATE columns are passed. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The UTC day `days` after (or before, when negative) `day`. */
export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

/** A whole-second instant uniformly in [from, to]; `to` when the span is empty. */
export function instantBetween(random: Random, from: Date, to: Date): Date {
  const span = to.getTime() - from.getTime();
  if (span <= 0) return new Date(Math.floor(to.getTime() / 1000) * 1000);
  const at = from.getTime() + random.next() * span;
  // Rounding down keeps the instant inside the span even when `to` has no milliseconds.
  return new Date(Math.max(from.getTime(), Math.floor(at / 1000) * 1000));
}

/** A UTC day uniformly from `daysBack` days before `today` up to `today`'s day. */
export function dayWithin(random: Random, today: Date, daysBack: number): Date {
  return addDays(startOfUtcDay(today), -random.int(0, daysBack));
}

/**
 * A UTC day at most `daysBack` days ago, drawn so that recent days are denser: activity logs
 * grow over time, and a dashboard's "last 30 days" should never look empty.
 */
export function recentDay(random: Random, today: Date, daysBack: number): Date {
  const fraction = random.next() ** 1.6;
  return addDays(startOfUtcDay(today), -Math.floor(fraction * (daysBack + 1)));
}

/** An instant during business hours of `day` (UTC), never after `notAfter`. */
export function businessInstant(random: Random, day: Date, notAfter: Date): Date {
  const seconds = random.int(7 * 3600, 21 * 3600);
  const at = new Date(day.getTime() + seconds * 1000);
  return at.getTime() > notAfter.getTime() ? instantBetween(random, day, notAfter) : at;
}

/** The quarter-end days (UTC), latest first: Mar 31, Jun 30, Sep 30, Dec 31. */
export function quarterEndsBefore(latestAllowed: Date, count: number): Date[] {
  const ends: Date[] = [];
  let year = latestAllowed.getUTCFullYear();
  // Month index of the quarter's last month; Date.UTC(y, m + 1, 0) is that month's last day.
  let month = Math.floor(latestAllowed.getUTCMonth() / 3) * 3 + 2;
  while (ends.length < count) {
    const end = new Date(Date.UTC(year, month + 1, 0));
    if (end.getTime() <= latestAllowed.getTime()) ends.push(end);
    month -= 3;
    if (month < 0) {
      month += 12;
      year -= 1;
    }
  }
  return ends;
}

/** `YYYY-MM-DD` of a UTC day. */
export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The calendar quarter (1–4) and year of the quarter before the one `date` falls in. */
export function previousQuarterOf(date: Date): { quarter: number; year: number } {
  const quarterStart = Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
  const lastDayBefore = new Date(quarterStart - DAY_MS);
  return {
    quarter: Math.floor(lastDayBefore.getUTCMonth() / 3) + 1,
    year: lastDayBefore.getUTCFullYear(),
  };
}
