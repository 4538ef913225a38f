/**
 * The 13F statuses: what a filer did with a position since its report for the calendar quarter
 * just before. The catalog offers them as the `status` field's values, the server's derivation
 * writes them and the charts read and colour them, all from this list.
 */

/** Every status, in the catalog's order. */
export const HOLDING_STATUSES = ['NEW', 'ADDED', 'REDUCED', 'UNCHANGED', 'SOLD OUT'] as const;

/** One of the 13F statuses. */
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/** True for one of the statuses, exactly as written. */
export function isHoldingStatus(value: unknown): value is HoldingStatus {
  return HOLDING_STATUSES.some((status) => status === value);
}

/** The status of a position gone since the quarter before. */
export const SOLD_OUT = 'SOLD OUT' satisfies HoldingStatus;
