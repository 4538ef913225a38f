import { FollowCellStar } from '../../components/follow-star.tsx';
import { AccountCellStar } from './account-names.tsx';
import type { CellFollow } from './follow-cells.ts';

/** A cell's star, when it has one: an account's named for the account (AccountCellStar). */
export function CellStar({
  kind,
  followKey,
  label,
  followed,
}: {
  kind: CellFollow['kind'] | undefined;
  followKey: string | undefined;
  label: string | undefined;
  followed: boolean;
}) {
  if (kind === undefined || followKey === undefined) return null;
  if (kind === 'account') return <AccountCellStar id={followKey} followed={followed} />;
  const name = label ?? followKey;
  return <FollowCellStar kind={kind} followKey={followKey} label={name} followed={followed} />;
}
