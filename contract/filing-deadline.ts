/**
 * When a quarterly 13F report is due: 45 days after the quarter ends (Form 13F, General
 * Instruction 1), and when that day is a Saturday, a Sunday or a federal holiday, the next
 * business day (Regulation S-T / Rule 0-3: a filing due on a day the SEC is closed may be made on
 * the next business day). A report for Dec 31, 2025 is due Feb 14, 2026, a Saturday; Monday
 * Feb 16 was Presidents' Day, so filings made on Tuesday Feb 17 were on time.
 *
 * Days are 'YYYY-MM-DD' strings in UTC: a deadline is a calendar day, not an instant. Pure: no
 * clock, shared by the server and the browser.
 */

/** Days after the quarter end before the 13F report is due (before rolling to a business day). */
export const FILING_DEADLINE_DAYS = 45;

const DAY_MS = 86_400_000;

function utcDay(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month; `nth` -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return new Date(Date.UTC(year, month, 1 + offset + (nth - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month + 1, -offset));
}

/**
 * A fixed-date holiday as observed by federal offices (5 U.S.C. 6103): on a Saturday, the Friday
 * before; on a Sunday, the Monday after.
 */
function observed(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(year, month, day));
  const weekday = date.getUTCDay();
  if (weekday === 6) return new Date(date.getTime() - DAY_MS);
  if (weekday === 0) return new Date(date.getTime() + DAY_MS);
  return date;
}

/** The federal holidays of a year, as observed, 'YYYY-MM-DD', in date order. */
export function federalHolidays(year: number): string[] {
  const days = [
    observed(year, 0, 1), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    ...(year >= 2021 ? [observed(year, 5, 19)] : []), // Juneteenth, a holiday since 2021
    observed(year, 6, 4), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    observed(year, 10, 11), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
    observed(year, 11, 25), // Christmas Day
  ];
  // New Year's Day of the next year is observed on Dec 31 when Jan 1 is a Saturday.
  const nextNewYear = observed(year + 1, 0, 1);
  if (nextNewYear.getUTCFullYear() === year) days.push(nextNewYear);
  return days
    .filter((date) => date.getUTCFullYear() === year)
    .map(isoDay)
    .sort();
}

const holidayCache = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (set === undefined) {
    set = new Set(federalHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

/** Whether the SEC is open on a day: not a weekend, not a federal holiday. */
export function isBusinessDay(day: string): boolean {
  const date = utcDay(day);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(date.getUTCFullYear()).has(isoDay(date));
}

const deadlineCache = new Map<string, string>();

/**
 * The last day a 13F report for the quarter ending `period` ('YYYY-MM-DD…') is on time,
 * 'YYYY-MM-DD'. Remembered per period: the flags ask it for every row.
 */
export function filingDeadline(period: string): string {
  const key = period.slice(0, 10);
  const known = deadlineCache.get(key);
  if (known !== undefined) return known;
  let date = new Date(utcDay(key).getTime() + FILING_DEADLINE_DAYS * DAY_MS);
  while (!isBusinessDay(isoDay(date))) date = new Date(date.getTime() + DAY_MS);
  const deadline = isoDay(date);
  deadlineCache.set(key, deadline);
  return deadline;
}
