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
      return 180; // an 18-character record id, in monospace
    case 'text':
    case 'url':
      return 230;
    case 'number':
      return field.unit === 'usd' ? 150 : field.unit === 'shares' ? 130 : 100;
    case 'percent':
      return 100;
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
const MONOSPACE_CHARACTER = 7.3;
/** An account's name (most fit in 30 characters) and the start of its ID. */
const ACCOUNT_WIDTH = 300;

/** The width the longest of `values` (as text) needs, or undefined when none is text. */
function longestValueWidth(values: readonly unknown[], characterWidth: number): number | undefined {
  let longest = 0;
  for (const value of values) {
    if (typeof value === 'string' && value.length > longest) longest = value.length;
  }
  return longest === 0 ? undefined : longest * characterWidth + PADDING;
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
  const longestWord = Math.max(...label.split(/\s+/).map((word) => word.length));
  const header = longestWord * CHARACTER + PADDING + HEADER_EXTRA;
  // An account ID cell reads "Name · 0015g…": a name's width, not an ID's.
  if (isAccountIdField(field)) return Math.max(ACCOUNT_WIDTH, header);
  const kind = field?.kind;
  if (kind === 'text' || kind === 'id' || kind === 'url' || kind === undefined) {
    const fitted = longestValueWidth(sample, kind === 'id' ? MONOSPACE_CHARACTER : CHARACTER);
    if (fitted !== undefined) {
      const [least, most] = field?.short ? TEXT_BOUNDS.short : TEXT_BOUNDS.long;
      return Math.max(header, Math.min(most, Math.max(least, fitted)));
    }
  }
  return Math.max(contentWidth(field), header);
}
