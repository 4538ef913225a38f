/**
 * The account's name as a column of its own, right after the account ID, in every export and in
 * "Copy table": a file or a paste leaves the app, and the name is what a reader recognises.
 */
import { isAccountIdField } from '../../lib/api/account-names.ts';
import type { AccountNames } from '../../lib/api/account-names.ts';
import type { SheetColumn } from './sheet-cells.ts';

/** The name column's header in the analyst's forms (Excel-ready CSV, XLSX, Copy table). */
export const ACCOUNT_NAME_HEADER = 'Account name';

/**
 * Its header in the CSV of values as sent, whose other headers are wire names: a phrase no wire
 * name can be, saying the service did not send it (it is looked up, see account-names.ts), so a
 * script keyed on the service's fields neither mistakes it for one nor meets a clash.
 */
export const ADDED_ACCOUNT_NAME_HEADER = 'Account name (added by this app)';

/** The name of the account `id` names: '' when the ID is not text or no name is on record. */
export function accountNameOf(names: AccountNames, id: unknown): string {
  return typeof id === 'string' ? (names.get(id) ?? '') : '';
}

/**
 * `columns` with each account ID column followed by its accounts' names, headed `header`. No
 * `names` (none looked up, or the lookup did not answer in time): the columns as they were.
 */
export function withAccountNames(
  columns: readonly SheetColumn[],
  names: AccountNames | undefined,
  header: string = ACCOUNT_NAME_HEADER,
): SheetColumn[] {
  if (names === undefined) return [...columns];
  return columns.flatMap((column) =>
    isAccountIdField(column.field)
      ? [
          column,
          {
            id: `${column.id} name`,
            header,
            apiName: '',
            field: undefined,
            text: (row: Record<string, unknown>) => accountNameOf(names, row[column.id]),
          },
        ]
      : [column],
  );
}
