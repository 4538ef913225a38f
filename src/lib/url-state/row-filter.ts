import { z } from 'zod/mini';
import type { ServiceRecord } from '#contract/response';

/**
 * One test on a row's field: its text is one of `values` (`in`), none of them (`notIn`), or its
 * date falls in one of the `values` months ('YYYY-MM', `month`).
 */
const rowFilterConditionSchema = z.readonly(
  z.strictObject({
    field: z.string(),
    op: z.enum(['in', 'notIn', 'month']),
    values: z.readonly(z.array(z.string())),
  }),
);

/**
 * A filter a chart puts on the loaded rows (a clicked bar), shown as a removable chip above the
 * table. It narrows what the table shows; it never changes the query sent to the service. The
 * schema checks one read from a link.
 */
export const rowFilterSchema = z.readonly(
  z.strictObject({
    /** What the chip says, e.g. "AAPL · BERKSHIRE HATHAWAY INC · 2025-03-31". */
    label: z.string(),
    /** All must hold. */
    conditions: z.readonly(z.array(rowFilterConditionSchema)),
  }),
);

export type RowFilterCondition = z.infer<typeof rowFilterConditionSchema>;
export type RowFilter = z.infer<typeof rowFilterSchema>;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function holds(row: ServiceRecord, condition: RowFilterCondition): boolean {
  const text = textOf(row[condition.field]);
  switch (condition.op) {
    case 'in':
      return condition.values.includes(text);
    case 'notIn':
      return !condition.values.includes(text);
    case 'month':
      return condition.values.includes(text.slice(0, 7));
  }
}

/**
 * True when `a` and `b` test the same conditions (labels aside): how a chart tells which of its
 * bars set the filter the table shows, to mark that bar.
 */
export function sameRowFilter(a: RowFilter | undefined, b: RowFilter | undefined): boolean {
  if (!a || !b) return false;
  return JSON.stringify(a.conditions) === JSON.stringify(b.conditions);
}

/** The rows that pass every condition of `filter` (all rows when there is no filter). */
export function applyRowFilter(
  rows: readonly ServiceRecord[],
  filter: RowFilter | undefined,
): readonly ServiceRecord[] {
  if (!filter || filter.conditions.length === 0) return rows;
  return rows.filter((row) => filter.conditions.every((condition) => holds(row, condition)));
}
