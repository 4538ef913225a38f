/** Number formats for chart labels and tooltips, built once (Intl objects are costly). */
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signedPercent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** "$1.2B" for axes. */
export function formatUsdCompact(value: number): string {
  return usdCompact.format(value);
}

/** "$1,234,567" for tooltips and tables: exact. */
export function formatUsd(value: number | null): string {
  return value === null ? '—' : usd.format(value);
}

/** "1,234,567". */
export function formatCount(value: number | null): string {
  return value === null ? '—' : integer.format(value);
}

/** "25.84%". */
export function formatWeight(value: number | null): string {
  return value === null ? '—' : `${percent.format(value)}%`;
}

/** "+12.50%" / "−49.33%". */
export function formatChange(value: number | null): string {
  return value === null ? '—' : `${signedPercent.format(value)}%`;
}

/** "Mar 31, 2025" from 'YYYY-MM-DD', without any time-zone shift. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return new Date(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  ).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}
