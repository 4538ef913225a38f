/**
 * Account names beside the CRM modules' account IDs: looked up once per result (the rows loaded,
 * a page or all), and handed to the cells through context, so their arrival redraws the account
 * cells only, not every row of the table.
 */
import { use } from 'react';
import type { ReactNode } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { AccountNamesContext, useAccountNames } from './use-account-names.ts';
import classes from './account-id.module.css';

/** Looks up the account names of `rows` of `module` and gives them to the cells within. */
export function AccountNamesProvider({
  module,
  rows,
  children,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[] | undefined;
  children: ReactNode;
}) {
  return (
    <AccountNamesContext value={useAccountNames(module, rows)}>{children}</AccountNamesContext>
  );
}

/** The cell's title: the name and the full ID, or why there is no name. */
function accountTitle(id: string, names: AccountNames | undefined): string {
  if (names === undefined) return id;
  const name = names.get(id);
  return name === undefined ? `${id} (name not on record)` : `${name} · ${id}`;
}

/**
 * An account ID as a cell shows it: "Name · 0015g…" (the ID muted and cut, whole in the text for
 * copying) where the name is known, the bare ID with a hint where it is not, the bare ID alone
 * while the names load.
 */
export function AccountId({ id }: { id: string }) {
  const names = use(AccountNamesContext);
  const name = names?.get(id);
  if (name !== undefined) {
    return (
      <span title={accountTitle(id, names)}>
        <span className={classes.name}>{name}</span>
        <span className={classes.separator}> · </span>
        <span className={classes.id}>{id}</span>
      </span>
    );
  }
  return (
    <span title={accountTitle(id, names)}>
      <span className={classes.bareId}>{id}</span>
      {names !== undefined && <span className={classes.hint}> name not on record</span>}
    </span>
  );
}

/** In a row's details, under the account ID: the account's name, or that none is on record. */
export function AccountNameLine({ id }: { id: string }) {
  const names = use(AccountNamesContext);
  if (names === undefined) return null;
  const name = names.get(id);
  return name === undefined ? (
    <span className={classes.hint}>Name not on record</span>
  ) : (
    <span className={classes.name}>{name}</span>
  );
}
