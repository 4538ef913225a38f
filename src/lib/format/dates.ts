/**
 * The one way the dashboard writes a day: the browser's locale, medium style ("Mar 31, 2025" in
 * en-US, "31 Mar 2025" in en-GB), the same in tables, charts, summaries, tooltips and notes.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale: `Intl` objects cost far more to build than to use. */
function dayFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    // UTC: the day is written from its own parts, so it never shifts with the viewer's zone.
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/**
 * `2025-03-31` in the locale's medium form; any other text
 * as it is, so a value the data wrote oddly is shown as written, never guessed at.
 */
export function formatDay(text: string, locale?: string): string {
  const match = DAY.exec(text);
  if (!match) return text;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const date = new Date(utc);
  // Date.UTC rolls 2025-02-30 into March: a day that does not exist is shown as written.
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return text;
  return dayFormat(locale).format(utc);
}

const SERVED_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A served day or date-time, read: its instant, and whether it said a time and an offset. */
export interface ServedTime {
  /** Epoch milliseconds; for a day or a time without an offset, that wall time read as UTC. */
  readonly utc: number;
  readonly kind: 'day' | 'wall time' | 'instant';
}

/** Whether the calendar has that day: no 2025-02-30 (Date.UTC would roll it into March). */
function realDay(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

/**
 * A served `YYYY-MM-DD`, `YYYY-MM-DD hh:mm[:ss]` (UTC, the interface's meaning) or ISO 8601 time
 * with an offset; undefined for anything else, impossible days and times included, so a value the
 * data wrote oddly is shown as written, never as a date it did not say.
 */
export function parseServedTime(text: string): ServedTime | undefined {
  const day = DAY.exec(text);
  if (day) {
    const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
    return realDay(y, m, d) ? { utc: Date.UTC(y, m - 1, d), kind: 'day' } : undefined;
  }
  const match = SERVED_TIME.exec(text);
  if (!match) return undefined;
  const [y, m, d, h, mi, s] = match.slice(1, 7).map((part?: string) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!realDay(y, m, d) || h > 23 || mi > 59 || s > 59) return undefined;
  const offset = match[8];
  if (offset === undefined) return { utc: Date.UTC(y, m - 1, d, h, mi, s), kind: 'wall time' };
  const utc = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(utc) ? undefined : { utc, kind: 'instant' };
}
