/**
 * The 13F statuses: what a filer did with a position since its report for the calendar quarter
 * just before. The catalog offers them as the `status` field's values, the server's derivation
 * writes them and the charts read and colour them, all from this list and this rule.
 */

/** Every status, in the catalog's order. */
export const HOLDING_STATUSES = ['NEW', 'ADDED', 'REDUCED', 'UNCHANGED', 'SOLD OUT'] as const;

/** One of the 13F statuses. */
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/** True for one of the statuses, exactly as written. */
export function isHoldingStatus(value: unknown): value is HoldingStatus {
  return HOLDING_STATUSES.some((status) => status === value);
}

/**
 * What a rule tests of the shares held in the quarter before (`before`: 0 when the security was
 * not held then) and now. A closed list, so the SQL and TypeScript readings are each a switch
 * that the compiler checks is complete.
 */
export type SharesTest = 'before = 0' | 'now > before' | 'now < before';

/**
 * The status of a position held now: the first case whose test holds, else `otherwise`. A
 * position held in the quarter before and not now is SOLD OUT instead, a row of its own with
 * 0 shares and value; a filer's first quarter, or one after a quarter it did not report, has no
 * status at all.
 */
export const STATUS_RULE = {
  cases: [
    { when: 'before = 0', status: 'NEW' },
    { when: 'now > before', status: 'ADDED' },
    { when: 'now < before', status: 'REDUCED' },
  ],
  otherwise: 'UNCHANGED',
} as const satisfies {
  readonly cases: readonly { readonly when: SharesTest; readonly status: HoldingStatus }[];
  readonly otherwise: HoldingStatus;
};

/** The status of a position gone since the quarter before. */
export const SOLD_OUT = 'SOLD OUT' satisfies HoldingStatus;

function holds(test: SharesTest, before: number, now: number): boolean {
  switch (test) {
    case 'before = 0':
      return before === 0;
    case 'now > before':
      return now > before;
    case 'now < before':
      return now < before;
  }
}

/** The status of a position held now with `now` shares and `before` in the quarter before. */
export function heldStatus(before: number, now: number): HoldingStatus {
  return (
    STATUS_RULE.cases.find((rule) => holds(rule.when, before, now))?.status ?? STATUS_RULE.otherwise
  );
}
