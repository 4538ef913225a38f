/**
 * The 13F result's answer in one line: what the filer bought and sold in the quarter, said above
 * the charts so it is read before any chart tab is opened. Pure functions: no React.
 */
import { formatCount, formatWeight } from '../../../components/charts/chart-format.ts';
import type { HoldingChange } from '../analytics/analytics.ts';

/** "Q1 2025" for a quarter's last day; the day itself for any other (an off-calendar period). */
export function quarterOf(period: string): string {
  const match = /^(\d{4})-(03-31|06-30|09-30|12-31)$/.exec(period);
  if (!match) return period;
  const quarter = { '03-31': 1, '06-30': 2, '09-30': 3, '12-31': 4 }[match[2] as '03-31'];
  return `Q${String(quarter)} ${match[1] ?? ''}`;
}

/** The change of `status` with the largest portfolio impact, if any. */
function largest(changes: readonly HoldingChange[], status: HoldingChange['status']) {
  return changes
    .filter((change) => change.status === status)
    .reduce<HoldingChange | undefined>((a, b) => (a && a.impact >= b.impact ? a : b), undefined);
}

const count = (changes: readonly HoldingChange[], status: HoldingChange['status']) =>
  changes.filter((change) => change.status === status).length;

/** A security as an analyst names it: the issuer, and its ticker when it has one of its own. */
function named(change: HoldingChange): string {
  const issuer = change.issuer || change.label;
  return change.label && change.label !== issuer ? `${issuer} (${change.label})` : issuer;
}

/** "bought 2 new, added to 3, reduced 6, sold out of 2, 25 unchanged", zeros said once. */
function countsPhrase(changes: readonly HoldingChange[]): string {
  const [added, reduced, unchanged] = (['ADDED', 'REDUCED', 'UNCHANGED'] as const).map((status) =>
    count(changes, status),
  );
  const bought = count(changes, 'NEW');
  const sold = count(changes, 'SOLD OUT');
  return [
    bought > 0 ? `bought ${formatCount(bought)} new` : 'no new positions',
    ...(added ? [`added to ${formatCount(added)}`] : []),
    ...(reduced ? [`reduced ${formatCount(reduced)}`] : []),
    sold > 0 ? `sold out of ${formatCount(sold)}` : 'no exits',
    ...(unchanged ? [`${formatCount(unchanged)} unchanged`] : []),
  ].join(', ');
}

/**
 * "BERKSHIRE HATHAWAY INC, Q1 2025: no new positions, added to 7, reduced 6, sold out of 2, 23
 * unchanged. Largest exit: CITIGROUP INC (C), 0.39% of the portfolio." `scope` says what the
 * counts cover: the whole filing (compared with the quarter before) or only the rows loaded (as
 * served), so a partial count is never read as the filing's.
 */
export function changesHeadline(
  filer: string,
  period: string,
  changes: readonly HoldingChange[],
  scope: { readonly wholeFiling: true } | { readonly wholeFiling: false; readonly rows: number },
): string {
  const among = scope.wholeFiling ? '' : ` (among the ${formatCount(scope.rows)} rows loaded)`;
  const largestOf = [
    [largest(changes, 'NEW'), 'largest new'],
    [largest(changes, 'SOLD OUT'), 'largest exit'],
  ] as const;
  const parts = largestOf.flatMap(([change, what]) =>
    change ? [`${what}: ${named(change)}, ${formatWeight(change.impact)} of the portfolio`] : [],
  );
  const sentence = parts.join('; ');
  const tail = sentence ? ` ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.` : '';
  return `${filer}, ${quarterOf(period)}: ${countsPhrase(changes)}${among}.${tail}`;
}
