/**
 * The one-line answers of the modules about things an account holds or a place: investment
 * holdings and metro areas. Pure functions of the rows (see phrases.ts).
 */
import type { ServiceRecord } from '#contract/response';
import { servedNumber } from '#contract/values';
import { formatCount, formatUsdCompact } from '../../components/charts/chart-format.ts';
import { accountLabel, counted, distinct, partNote, tally, textOf } from './phrases.ts';
import type { SummaryContext } from './phrases.ts';

/** Each asset class's share of the summed balance: the largest, as "Private Equity 41%". */
function largestClass(rows: readonly ServiceRecord[], sum: number): string | undefined {
  const byClass = new Map<string, number>();
  for (const row of rows) {
    const assetClass = textOf(row.asset_class__c);
    const balance = servedNumber(row.fund_balance__c);
    if (assetClass === undefined || balance === undefined) continue;
    byClass.set(assetClass, (byClass.get(assetClass) ?? 0) + balance);
  }
  const [top] = [...byClass].sort((a, b) => b[1] - a[1]);
  if (top === undefined || sum <= 0) return undefined;
  return `${top[0]} ${String(Math.round((top[1] / sum) * 100))}%`;
}

/**
 * "500 positions in 212 accounts, $4.1B in all; largest: Vanguard Growth – Class I $310M at
 * Acme Pension; most in Private Equity (41%)".
 */
export function holdingsSummary(rows: readonly ServiceRecord[], context: SummaryContext): string {
  const accounts = distinct(rows, 'account__c');
  let sum = 0;
  let largest: { row: ServiceRecord; balance: number } | undefined;
  for (const row of rows) {
    const balance = servedNumber(row.fund_balance__c);
    if (balance === undefined) continue;
    sum += balance;
    if (largest === undefined || balance > largest.balance) largest = { row, balance };
  }
  const parts = [counted(rows.length, 'position')];
  if (accounts > 0) parts.push(` in ${counted(accounts, 'account')}`);
  if (largest !== undefined) parts.push(`, ${formatUsdCompact(sum)} in all`);
  if (largest !== undefined) {
    const name = textOf(largest.row.name) ?? 'one holding';
    const account = textOf(largest.row.account__c);
    const at = account === undefined ? '' : ` at ${accountLabel(account, context.names)}`;
    parts.push(`; largest: ${name} ${formatUsdCompact(largest.balance)}${at}`);
    const share = largestClass(rows, sum);
    if (share !== undefined) parts.push(`; most in ${share}`);
  }
  return `${parts.join('')}${partNote(rows.length, context.total)}.`;
}

/** "63 metro areas in 18 countries; most in United States (24), United Kingdom (5), Japan (3)". */
export function metrosSummary(rows: readonly ServiceRecord[], context: SummaryContext): string {
  const countries = tally(rows, (row) => textOf(row.country__c));
  const parts = [counted(rows.length, 'metro area')];
  if (countries.length > 0) {
    parts.push(` in ${counted(countries.length, 'country', 'countries')}`);
    const most = countries.slice(0, 3).map(([country, n]) => `${country} (${formatCount(n)})`);
    parts.push(`; most in ${most.join(', ')}`);
  }
  return `${parts.join('')}${partNote(rows.length, context.total)}.`;
}
