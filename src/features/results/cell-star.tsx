import { FollowCellStar } from '../../components/follow-star.tsx';
import { AccountCellStar } from './account-names.tsx';
import type { CellFollow } from './follow-cells.ts';

/**
 * What a cell's star follows (a 13F filer or security, a CRM account), when it has one, as the
 * cell's props (cellStarProps): primitives, so the memo still skips a cell whose row did not change.
 */
export interface CellStarProps {
  followKind: CellFollow['kind'] | undefined;
  followKey: string | undefined;
  followLabel: string | undefined;
  followAccountId: string | undefined;
  /** Whether the star's target is followed: told by the table (see FollowCellStar). */
  followed: boolean;
}

/** A cell's star, when it has one: an account's named for the account (AccountCellStar). */
export function CellStar({
  followKind: kind,
  followKey,
  followLabel,
  followAccountId,
  followed,
}: CellStarProps) {
  if (kind === undefined || followKey === undefined) return null;
  if (kind === 'account') return <AccountCellStar id={followKey} followed={followed} />;
  return (
    <FollowCellStar
      kind={kind}
      followKey={followKey}
      label={followLabel ?? followKey}
      accountId={followAccountId}
      followed={followed}
    />
  );
}
