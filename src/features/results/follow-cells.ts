/**
 * Which results cells carry a follow star, and for what: a 13F row's filer (keyed by its name as
 * filed) and its security (keyed by CUSIP), a CRM row's account (keyed by its ID), so an analyst
 * follows what they read without leaving the table. Kept out of the cell's render so the widths
 * and the cells agree on the columns.
 */
import { isAccountIdField } from '../../lib/api/account-names.ts';
import type { FollowKind } from '../../lib/follows/follows-store.ts';
import { CUSIP_PATTERN } from '../../lib/url-state/thirteen-f-targets.ts';
import type { ServiceRecord } from '#contract/response';
import type { ResultColumn } from './result-column.ts';

/** A cell star's width with its gap: added to its column, so the name beside it is not cut more. */
export const STAR_WIDTH = 22;

export interface CellFollow {
  readonly kind: FollowKind;
  readonly key: string;
  readonly label: string;
  /** A filer's matched CRM account, when its row carries it: kept with the follow. */
  readonly accountId?: string | undefined;
}

/**
 * The columns that hold a star: the filer's name, the issuer's (else the CUSIP's) cell, and a CRM
 * module's account ID (whose cell reads the account's name).
 */
export function starColumns(
  columns: readonly Pick<ResultColumn, 'id' | 'field'>[],
): ReadonlySet<string> {
  const ids = new Set(columns.map((column) => column.id));
  const starred = new Set<string>();
  if (ids.has('companyname')) starred.add('companyname');
  if (ids.has('nameofissuer')) starred.add('nameofissuer');
  else if (ids.has('cusip')) starred.add('cusip');
  for (const column of columns) if (isAccountIdField(column.field)) starred.add(column.id);
  return starred;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the star in `column`'s cell of `record` follows, when it has one. */
function cellFollow(
  column: string,
  starred: ReadonlySet<string>,
  record: ServiceRecord,
): CellFollow | undefined {
  if (!starred.has(column)) return undefined;
  if (column !== 'companyname' && column !== 'nameofissuer' && column !== 'cusip') {
    // An account ID column: the cell names the account (AccountCellStar), the ID is its key.
    const id = text(record[column]);
    return id === '' ? undefined : { kind: 'account', key: id, label: id };
  }
  if (column === 'companyname') {
    const name = text(record.companyname);
    const accountId = text(record.service_account_id) || undefined;
    return name === '' ? undefined : { kind: 'filer', key: name, label: name, accountId };
  }
  const cusip = text(record.cusip).toUpperCase();
  if (!CUSIP_PATTERN.test(cusip)) return undefined;
  const issuer = text(record.nameofissuer);
  return { kind: 'security', key: cusip, label: issuer === '' ? cusip : issuer };
}

/** One string per followed target, to look a cell's up in a set. */
export function followKeyOf({ kind, key }: { readonly kind: FollowKind; readonly key: string }) {
  return `${kind}\u0000${key}`;
}

/**
 * A cell's star as the cell's props: primitives, so a memoised cell whose row did not change is
 * not drawn again; `followed` holds followKeyOf of every follow, read once for the table.
 */
export function cellStarProps(
  column: string,
  starred: ReadonlySet<string>,
  record: ServiceRecord,
  followed: ReadonlySet<string>,
) {
  const follow = cellFollow(column, starred, record);
  return {
    followKind: follow?.kind,
    followKey: follow?.key,
    followLabel: follow?.label,
    followAccountId: follow?.accountId,
    followed: follow !== undefined && followed.has(followKeyOf(follow)),
  };
}
