/**
 * Account names beside the CRM modules' account IDs: looked up once per result (the rows loaded,
 * a page or all), and handed to the cells through context, so their arrival redraws the account
 * cells only, not every row of the table.
 */
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { use } from 'react';
import type { ReactNode } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { FollowCellStar } from '../../components/follow-star.tsx';
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
 * A link to the account's page around a cell's content. A click is the link's, not the row's
 * (which opens the details); not a tab stop: the grid's cell is, and its Enter follows the link.
 */
function AccountLink({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <span
      onClick={(event) => {
        event.stopPropagation();
      }}
    >
      <Link to="/account/$id" params={{ id }} title={title} className={classes.link} tabIndex={-1}>
        {children}
      </Link>
    </span>
  );
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
      <AccountLink id={id} title={`${accountTitle(id, names)}: open the account page`}>
        <span className={classes.name}>{name}</span>
        <span className={classes.separator}> · </span>
        <span className={classes.id}>{id}</span>
      </AccountLink>
    );
  }
  return (
    <AccountLink id={id} title={`${accountTitle(id, names)}: open the account page`}>
      <span className={classes.bareId}>{id}</span>
      {names !== undefined && <span className={classes.hint}> name not on record</span>}
    </AccountLink>
  );
}

/** A 13F row's account cell (its matched account's ID or name) as a link to the account page. */
export function MatchedAccountLink({ id, text }: { id: string; text: string }) {
  const title = text === id ? id : `${text} · ${id}`;
  return (
    <AccountLink id={id} title={`${title}: open the account page`}>
      {text}
    </AccountLink>
  );
}

/**
 * The star in an account ID's cell: named for the account once its name is known (what the
 * follow keeps for the home page's lists), by its ID until then or where none is on record.
 */
export function AccountCellStar({ id, followed }: { id: string; followed: boolean }) {
  const name = use(AccountNamesContext)?.get(id);
  return <FollowCellStar kind="account" followKey={id} label={name ?? id} followed={followed} />;
}

/** In a row's details, under the account ID: the account's name, or that none is on record. */
export function AccountNameLine({ id }: { id: string }) {
  const names = use(AccountNamesContext);
  const name = names?.get(id);
  const page = (
    <Anchor size="sm" renderRoot={(props) => <Link to="/account/$id" params={{ id }} {...props} />}>
      → account page
    </Anchor>
  );
  if (names === undefined) return page;
  return (
    <>
      {name === undefined ? (
        <span className={classes.hint}>Name not on record</span>
      ) : (
        <span className={classes.name}>{name}</span>
      )}{' '}
      {page}
    </>
  );
}
