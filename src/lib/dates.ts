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
