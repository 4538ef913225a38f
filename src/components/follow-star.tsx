import { ActionIcon, Tooltip } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import type { FollowKind } from '../lib/follows/follows-store.ts';
import { follows } from '../lib/follows/use-follows.ts';
import classes from './follow-star.module.css';

const NOUN: Readonly<Record<FollowKind, string>> = {
  filer: 'manager',
  account: 'account',
  security: 'security',
};

interface FollowTarget {
  kind: FollowKind;
  /** The filer's name as filed, the account's ID or the CUSIP. */
  followKey: string;
  /** What the analyst reads, kept with the follow for the home page's lists. */
  label: string;
  /** A filer's CRM account ID, when known where the star is: kept with the follow. */
  accountId?: string | undefined;
}

/** What a star says on hover, and the click that toggles `target`, given whether it is followed. */
function useFollowClick({ kind, followKey, label, accountId }: FollowTarget, followed: boolean) {
  const [problem, setProblem] = useState<string>();
  const tip =
    problem ??
    (followed ? `Following this ${NOUN[kind]}: click to stop` : `Follow this ${NOUN[kind]}`);
  const onClick = (event: MouseEvent) => {
    // Stars sit inside rows and links: following must not also open them.
    event.stopPropagation();
    event.preventDefault();
    const change = follows.toggle({
      kind,
      key: followKey,
      label,
      ...(accountId === undefined ? {} : { accountId }),
    });
    setProblem(change.ok ? undefined : change.message);
  };
  return { tip, onClick };
}

/** Whether `target` is followed (kept current), what its star says, and its click. */
function useFollowToggle(target: FollowTarget) {
  const followed = useSyncExternalStore(follows.subscribe, () =>
    follows.isFollowed(target.kind, target.followKey),
  );
  return { followed, ...useFollowClick(target, followed) };
}

/** The star itself: an outline when not followed, filled when followed (its colour is the CSS's). */
function StarIcon({ followed, size }: { followed: boolean; size: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={followed ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z" />
    </svg>
  );
}

const ICON_PX = { xs: 13, sm: 15, md: 18 } as const;

/**
 * A star that follows a filer, an account or a security: a gray outline, amber and filled when
 * followed. A toggle button (`aria-pressed`) named for what it follows, so a screen reader hears
 * "Follow BERKSHIRE HATHAWAY INC, toggle button, pressed"; a storage that refuses the change says
 * why in its tooltip instead of failing silently.
 */
export function FollowStar({
  size = 'sm',
  ...target
}: FollowTarget & { size?: 'xs' | 'sm' | 'md' }) {
  const { followed, tip, onClick } = useFollowToggle(target);
  return (
    <Tooltip label={tip} withinPortal>
      <ActionIcon
        variant="subtle"
        color={followed ? 'yellow.7' : 'gray.6'}
        size={size}
        aria-label={`Follow ${target.label}`}
        aria-pressed={followed}
        className={classes.star}
        data-followed={followed}
        onClick={onClick}
      >
        <StarIcon followed={followed} size={ICON_PX[size]} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The star in a list option (the search's results), for the pointer only: an option's children
 * are presentational in ARIA, so a button there is neither heard nor reachable (and axe calls it
 * nested-interactive). The option says "followed" in its own name instead, and a press keeps the
 * focus in the search box, the list open.
 */
export function FollowOptionStar(target: FollowTarget) {
  const { followed, tip, onClick } = useFollowToggle(target);
  return (
    <span
      aria-hidden="true"
      title={tip}
      className={classes.cellStar}
      data-followed={followed}
      onMouseDown={(event) => {
        event.preventDefault();
      }}
      onClick={onClick}
    >
      <StarIcon followed={followed} size={14} />
    </span>
  );
}

/**
 * The same star in a results grid's cell: a native button with a title, not Mantine's ActionIcon
 * and Tooltip, as a fast scroll draws ~30 new cells a frame (see SecurityCellLink); and told
 * whether it is followed by the table, which reads the follows once, rather than each star
 * subscribing to the store as it scrolls in. Not a tab stop: the grid's cell is, and F2 then Tab
 * reach it (use-grid-focus.ts).
 */
export function FollowCellStar({ followed, ...target }: FollowTarget & { followed: boolean }) {
  const { tip, onClick } = useFollowClick(target, followed);
  return (
    <button
      type="button"
      tabIndex={-1}
      className={classes.cellStar}
      title={tip}
      aria-label={`Follow ${target.label}`}
      aria-pressed={followed}
      data-followed={followed}
      data-grid-secondary=""
      onClick={onClick}
    >
      <StarIcon followed={followed} size={13} />
    </button>
  );
}
