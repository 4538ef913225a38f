/** Number formats for chart labels and tooltips, built once (Intl objects are costly). */
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  // "$500M", not "$500.0M": a currency's own two decimals would otherwise set the minimum.
  minimumFractionDigits: 0,
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
