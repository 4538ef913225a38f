/** The columns an analyst reads first, per module: they lead the table, so they fit on screen. */
import type { ModuleId } from '#contract/catalog';
import { PORTFOLIO_FIRST_READ } from '../../lib/url-state/thirteen-f-targets.ts';
import type { ResultColumn } from './result-column.ts';

/**
 * Per module, the fields read first, in reading order: what a row is and whose, then its figures
 * and how it changed. Codes and record IDs (CUSIP, record IDs) follow them: an analyst looks a
 * row up by name and reads its numbers before its codes, and the codes stay one sideways scroll
 * (or a row's details, with Copy) away. The CRM account column is the exception: its cells read
 * the account's name ("Acme Pension · 0015g…"), which says whose the row is. Fields not named
 * keep the query's order after these.
 */
export const FIRST_READ: Readonly<Record<ModuleId, readonly string[]>> = {
  // Whose and when lead when the table shows them (rows of several filers or quarters).
  '13f_holdings': ['companyname', 'periodofreport', ...PORTFOLIO_FIRST_READ],
  investment_holdings: [
    'name',
    'account__c',
    'asset_class__c',
    'fund_balance__c',
    'investment_income__c',
    'date_acquired__c',
  ],
  accounthistory: ['createddate', 'accountid', 'field', 'oldvalue', 'newvalue'],
  metro_area__c: ['name', 'country__c'],
  manager_presentation__c: ['name', 'type__c', 'manager_presentation_type__c', 'document_name'],
  // Who first: the contact's name is the pinned first column that says whose each row is. The
  // job and role change ticks repeat the type (Job Change, Role Change): they follow.
  updates: [
    'contact_name__c',
    'account__c',
    'name',
    'last_updated_date__c',
    'type__c',
    'field_name__c',
  ],
};

/**
 * How many of a module's first-read fields must fit the frame together, where fewer than all:
 * investment holdings' income and date acquired follow in order but may lie one sideways scroll
 * away, since in a 1440×900 pane beside the charts all six would squeeze the holding's and the
 * account's names to stubs.
 */
const MUST_FIT: Partial<Record<ModuleId, number>> = { investment_holdings: 4 };

/**
 * `columns` with the module's first-read fields leading, in their reading order, and the rest
 * after in the order given (unless not to `reorder`: a query's own field order stands), each
 * marked whether it is read first. A column the analyst moves in the chooser keeps its place:
 * the chooser's order is applied over this one.
 */
export function byReadingPriority<T extends Pick<ResultColumn, 'id'>>(
  module: ModuleId,
  columns: readonly T[],
  { reorder }: { readonly reorder: boolean } = { reorder: true },
): (T & { readonly readFirst: boolean })[] {
  const first = FIRST_READ[module];
  const rank = (column: T) => {
    const at = first.indexOf(column.id);
    return at === -1 ? first.length : at;
  };
  // Array.prototype.sort is stable: unranked columns keep the query's order.
  return (reorder ? [...columns].sort((a, b) => rank(a) - rank(b)) : columns).map((column) => ({
    ...column,
    readFirst: first.slice(0, MUST_FIT[module] ?? first.length).includes(column.id),
  }));
}
