/**
 * Which results cells carry a follow star, and for what: a 13F row's filer (keyed by its name as
 * filed) and its security (keyed by CUSIP), so an analyst follows what they read without leaving
 * the table. Kept out of the cell's render so the widths and the cells agree on the columns.
 */
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
}

/** The columns that hold a star: the filer's name, and the issuer's (else the CUSIP's) cell. */
export function starColumns(columns: readonly Pick<ResultColumn, 'id'>[]): ReadonlySet<string> {
  const ids = new Set(columns.map((column) => column.id));
  const starred = new Set<string>();
  if (ids.has('companyname')) starred.add('companyname');
  if (ids.has('nameofissuer')) starred.add('nameofissuer');
  else if (ids.has('cusip')) starred.add('cusip');
  return starred;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the star in `column`'s cell of `record` follows, when it has one. */
export function cellFollow(
  column: string,
  starred: ReadonlySet<string>,
  record: ServiceRecord,
): CellFollow | undefined {
  if (!starred.has(column)) return undefined;
  if (column === 'companyname') {
    const name = text(record.companyname);
    return name === '' ? undefined : { kind: 'filer', key: name, label: name };
  }
  const cusip = text(record.cusip).toUpperCase();
  if (!CUSIP_PATTERN.test(cusip)) return undefined;
  const issuer = text(record.nameofissuer);
  return { kind: 'security', key: cusip, label: issuer === '' ? cusip : issuer };
}
