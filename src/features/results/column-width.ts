import type { FieldDefinition } from '#contract/catalog';

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
      return 176;
    case 'boolean':
      return 84;
  }
}

/**
 * A column's starting width: enough for its kind of value, and never less than the header's
 * longest word, since headers wrap between words and must never be cut inside one.
 */
export function columnWidth(label: string, field: FieldDefinition | undefined): number {
  const longestWord = Math.max(...label.split(/\s+/).map((word) => word.length));
  return Math.max(contentWidth(field), longestWord * CHARACTER + PADDING + HEADER_EXTRA);
}
