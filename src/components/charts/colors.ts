/** Series colours (Okabe–Ito, then greys): distinct for colour-blind readers. */
const SERIES_COLORS = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#000000',
  '#7f7f7f',
  '#b8b8b8',
];

/** The colour of the n-th series; "Other" is always grey. */
export function seriesColor(index: number, other = false): string {
  if (other) return '#9e9e9e';
  return SERIES_COLORS[index % SERIES_COLORS.length] ?? '#7f7f7f';
}

/** The primary bar colour (the theme's blue 8). */
export const PRIMARY = '#1864ab';
