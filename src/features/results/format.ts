import type { FieldDefinition } from '#contract/catalog';
import { servedNumber } from '#contract/values';
import { formatDay, parseServedTime } from '../../lib/format/dates.ts';

/** How one cell reads: its text, the raw value for a tooltip, and how to style it. */
export interface CellView {
  readonly text: string;
  /** The value as sent, when the text differs from it (dates, rounded numbers). */
  readonly raw?: string;
  readonly tone?: 'positive' | 'negative';
  readonly monospace?: boolean;
  readonly align?: 'right';
}

/** What a null or missing value shows. */
export const EMPTY_CELL = '—';

/** The number formats of `locale`: money, whole and decimal numbers, changes and weights in %. */
function numberFormats(locale?: string) {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const change = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  const weight = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    /** A dollar figure: a field's in US dollars, or a value its row types `Currency`. */
    money(value: number): string {
      return money.format(value);
    },
    format(field: FieldDefinition, value: number): string {
      if (field.unit === 'usd') return money.format(value);
      if (field.unit === 'shares' || Number.isInteger(value)) return integer.format(value);
      return decimal.format(value);
    },
    percent(value: number, isChange: boolean): string {
      return `${(isChange ? change : weight).format(value)}%`;
    },
  };
}

/** The date format of `locale`: the readable text of a served day or date-time, if it is one. */
function dateFormat(locale?: string) {
  // Dates are formatted in UTC from their own parts, so a day never shifts by the viewer's zone.
  // A time is never shown without its zone: an instant in the viewer's zone, named ("GMT+1"),
  // and a time without an offset as the interface means it, UTC.
  const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'long' });
  const wallTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: 'UTC',
  });

  return function formatDate(text: string, kind: 'date' | 'datetime'): string | undefined {
    const served = parseServedTime(text);
    if (!served) return undefined;
    if (served.kind === 'day') return formatDay(text, locale);
    // A date field that holds a time is shown as sent: the data said more than a day.
    if (kind === 'date') return undefined;
    // A time without an offset (the SQL form) is the wall time as written, in UTC.
    return (served.kind === 'wall time' ? wallTime : instant).format(served.utc);
  };
}

/** Formatters per locale, built once: `Intl` objects are costly to create per cell. */
export function createFormatters(locale?: string) {
  const numbers = numberFormats(locale);
  const formatDate = dateFormat(locale);

  /**
   * The view of one value of `field` (or of an unknown field, shown as text); `row`, when
   * given, types a value whose field says another field of the row does (`typedBy`).
   */
  return function formatCell(
    value: unknown,
    field: FieldDefinition | undefined,
    row?: Readonly<Record<string, unknown>>,
  ): CellView {
    if (value === null || value === undefined || value === '') return { text: EMPTY_CELL };
    const raw = typeof value === 'string' ? value : JSON.stringify(value);
    if (!field) return { text: raw };
    const typed = field.typedBy === undefined ? undefined : row?.[field.typedBy];
    const amount = typed === 'Currency' ? servedNumber(value) : undefined;
    if (amount !== undefined) {
      return { text: numbers.money(amount), raw, align: 'right' };
    }
    switch (field.kind) {
      case 'number': {
        const number = servedNumber(value);
        return number === undefined
          ? { text: raw }
          : { text: numbers.format(field, number), raw, align: 'right' };
      }
      case 'percent': {
        const number = servedNumber(value);
        if (number === undefined) return { text: raw };
        // A change carries its sign and colour; a weight is a share of a whole.
        const isChange = field.name.includes('change');
        return {
          text: numbers.percent(number, isChange),
          raw,
          align: 'right',
          ...(isChange && number !== 0 ? { tone: number > 0 ? 'positive' : 'negative' } : {}),
        };
      }
      case 'date':
      case 'datetime': {
        const text = typeof value === 'string' ? formatDate(value, field.kind) : undefined;
        return text === undefined ? { text: raw } : { text, raw };
      }
      case 'boolean':
        if (value === true || value === 'true') return { text: '✓ Yes', raw };
        if (value === false || value === 'false') return { text: '✗ No', raw };
        return { text: raw };
      case 'id':
        return { text: raw, monospace: true };
      default: {
        // A code with a catalog label (`AUM__c`) reads as the label, as the chart legends do.
        const label = field.valueLabels?.[raw];
        if (label !== undefined) return { text: label, raw };
        return { text: raw, ...(field.name === 'cusip' ? { monospace: true } : {}) };
      }
    }
  };
}

/** Formats a cell for a field; build one with `createFormatters` and reuse it. */
export type CellFormatter = ReturnType<typeof createFormatters>;
