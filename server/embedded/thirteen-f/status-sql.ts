/**
 * The contract's status rule (contract/holding-status.ts) as the WHEN … ELSE lines of a SQL
 * CASE, so the derivation and the charts classify a position by the same rule.
 */
import { SOLD_OUT, STATUS_RULE } from '#contract/holding-status';
import type { SharesTest } from '#contract/holding-status';

/** The SQL expressions the rule reads, of one position of one filer. */
export interface StatusColumns {
  /** Shares now. */
  readonly now: string;
  /** Shares in the security's latest earlier row (NULL without one). */
  readonly before: string;
  /** True when that earlier row is not of the quarter just before. */
  readonly notHeldBefore: string;
}

function sqlTest(test: SharesTest, columns: StatusColumns): string {
  const { now, before, notHeldBefore } = columns;
  switch (test) {
    // Not held then, or held with no shares: "0 shares before" in the rule's terms.
    case 'before = 0':
      return `${notHeldBefore} OR coalesce(${before}, 0) = 0`;
    case 'now > before':
      return `${now} > ${before}`;
    case 'now < before':
      return `${now} < ${before}`;
  }
}

/** A status as a SQL string literal (the statuses hold no quote, but a literal is a literal). */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The rule's cases, one `WHEN … THEN '<status>'` per line, then `ELSE '<otherwise>'`. */
export function statusCases(columns: StatusColumns, indent: string): string {
  return [
    ...STATUS_RULE.cases.map(
      (rule) => `WHEN ${sqlTest(rule.when, columns)} THEN ${sqlText(rule.status)}`,
    ),
    `ELSE ${sqlText(STATUS_RULE.otherwise)}`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/** The status of the row written for a position gone since the quarter before. */
export const SOLD_OUT_SQL = sqlText(SOLD_OUT);
