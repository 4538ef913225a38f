import type { FieldDefinition } from '#contract/catalog';
import { isAccountIdField } from '../../lib/api/account-names.ts';

/** Pixels per character of the table's 14 px sans-serif, on average, and a cell's padding. */
const CHARACTER = 8;
const PADDING = 20;
/** The header also holds a sort mark and a resize handle. */
const HEADER_EXTRA = 18;

/** A column's starting width by what its values are: codes narrow, names wide, numbers between. */
function contentWidth(field: FieldDefinition | undefined): number {
  if (!field) return 160;
  if (field.short) return field.kind === 'id' ? 100 : 96;
  switch (field.kind) {
    case 'id':
      return ID_MOST; // a record id, cut: the cell's title and the row's details give it whole
    case 'text':
    case 'url':
      return 230;
    case 'number':
      // "$999,999,999,999" (16 characters of 7 px tabular figures) and the padding.
      return field.unit === 'usd' ? 136 : field.unit === 'shares' ? 130 : 100;
    case 'percent':
      return 92; // "-100.00%"
    case 'date':
      return 112;
    case 'datetime':
      return 232; // "Nov 20, 2023, 6:45:13 PM UTC": a time always names its zone
    case 'boolean':
      return 84;
  }
}

/** Text columns fit their longest value in the rows looked at, within these bounds. */
const TEXT_BOUNDS = { short: [60, 160], long: [120, 300] } as const;
/** An account's name (most fit in 30 characters) and the start of its ID. */
const ACCOUNT_WIDTH = 300;
/**
 * A CUSIP's link is 14 px monospace, 8.4 px a character in Chromium's fonts (at 7.3 it was cut
 * to "037833..."); 8.6 leaves slack.
 */
const MONOSPACE_CHARACTER = 8.6;
/**
 * A record ID (18 characters) is a code an analyst copies, not reads: narrow, so it never pushes
 * the figures off screen; hovering shows it whole and a row's details copy it.
 */
const ID_MOST = 120;

/**
 * The width of `text` in the table's 14 px sans-serif, near enough: capitals are wider than the
 * average (13F names and statuses are all capitals: "UNCHANGED" at 8 px a letter was cut).
 */
function proportionalWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    width += /[A-Z]/.test(character) ? 10 : character === ' ' ? 4 : CHARACTER;
  }
  return width;
}

/** The width the widest of `values` (as text) needs, or undefined when none is text. */
function longestValueWidth(values: readonly unknown[], monospace: boolean): number | undefined {
  let widest = 0;
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const width = monospace ? value.length * MONOSPACE_CHARACTER : proportionalWidth(value);
    if (width > widest) widest = width;
  }
  // A few pixels of slack: a value exactly as wide as the cell is cut to an ellipsis all the same.
  return widest === 0 ? undefined : widest + PADDING + 4;
}

/** The width a header's longest word needs, with its sort mark and resize handle. */
export function headerWidth(label: string): number {
  const longestWord = Math.max(...label.split(/\s+/).map((word) => word.length));
  return longestWord * CHARACTER + PADDING + HEADER_EXTRA;
}

/**
 * A column's starting width: text and codes as wide as their longest value in `sample` (the
 * first rows), within bounds; other kinds as wide as their kind needs; and never less than the
 * header's longest word, since headers wrap between words and must never be cut inside one.
 */
export function columnWidth(
  label: string,
  field: FieldDefinition | undefined,
  sample: readonly unknown[] = [],
): number {
  const header = headerWidth(label);
  // An account ID cell reads "Name · 0015g…": a name's width, not an ID's.
  if (isAccountIdField(field)) return Math.max(ACCOUNT_WIDTH, header);
  const kind = field?.kind;
  if (kind === 'text' || kind === 'id' || kind === 'url' || kind === undefined) {
    const fitted = longestValueWidth(sample, kind === 'id');
    if (fitted !== undefined) {
      const [least, textMost] = field?.short ? TEXT_BOUNDS.short : TEXT_BOUNDS.long;
      const most = kind === 'id' && !field?.short ? ID_MOST : textMost;
      return Math.max(header, Math.min(most, Math.max(least, fitted)));
    }
  }
  return Math.max(contentWidth(field), header);
}

/** The narrowest a name (long text) column is made to fit the frame: a name still reads. */
export const NAME_LEAST = TEXT_BOUNDS.long[0];

/**
 * `widths` narrowed so their sum fits `available` px when it can: only the columns that may give
 * (`least` below their width, names) give, each in proportion to what it can, so the figures and
 * statuses beside them stay whole and a name is cut (its title shows it) rather than scrolled to.
 */
export function fittedWidths(
  columns: readonly { readonly width: number; readonly least: number }[],
  available: number,
): number[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const slack = columns.reduce((sum, column) => sum + Math.max(0, column.width - column.least), 0);
  const excess = total - available;
  if (excess <= 0 || slack === 0) return columns.map((column) => column.width);
  const share = Math.min(1, excess / slack);
  return columns.map((column) =>
    Math.floor(column.width - Math.max(0, column.width - column.least) * share),
  );
}
