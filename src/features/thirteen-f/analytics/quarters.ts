/**
 * Calendar quarters of 13F periods of report ('YYYY-MM-DD'): one place for the quarter
 * arithmetic the charts (the quarter before) and the views across managers (their pickers,
 * a quarter and the one before) share.
 */

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}/;
/** The most quarters a picker lists: a century, far past any 13F data set. */
const MAX_QUARTERS = 400;

/**
 * The quarter end before a date: '2024-06-30' -> '2024-03-31', '2024-03-31' -> '2023-12-31'
 * (for a date inside a quarter, the last quarter end before it). '' for a text that is no date.
 */
export function previousQuarterEnd(period: string): string {
  const day = DAY.exec(period)?.[0];
  if (day === undefined) return '';
  const year = Number(day.slice(0, 4));
  const candidates = [
    `${String(year - 1).padStart(4, '0')}-12-31`,
    ...QUARTER_ENDS.map((end) => `${day.slice(0, 4)}-${end}`),
  ];
  return candidates.filter((candidate) => candidate < day).at(-1) ?? '';
}

/**
 * The calendar quarter ends from `first` to `last`, latest first (at least the quarter of
 * `last`): a 13F period of report is always one, so these are every period a quarter can be
 * asked for.
 */
export function quarterEnds(first: string, last: string): string[] {
  const month = Number(last.slice(5, 7));
  let end = `${last.slice(0, 4)}-${QUARTER_ENDS[Math.ceil(month / 3) - 1] ?? '12-31'}`;
  const ends = [end];
  const from = first.slice(0, 10);
  while (ends.length < MAX_QUARTERS) {
    end = previousQuarterEnd(end);
    if (end === '' || end < from) break;
    ends.push(end);
  }
  return ends;
}
