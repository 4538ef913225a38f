import { ActionIcon, Tooltip } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import type { FollowKind } from '../lib/follows/follows-store.ts';
import { follows } from '../lib/follows/use-follows.ts';

const NOUN: Readonly<Record<FollowKind, string>> = {
  filer: 'manager',
  account: 'account',
  security: 'security',
};

/**
 * A star that follows a filer, an account or a security: filled when followed. A toggle button
 * (`aria-pressed`) named for what it follows, so a screen reader hears "Follow BERKSHIRE
 * HATHAWAY INC, toggle button, pressed"; a storage that refuses the change says why in its
 * tooltip instead of failing silently.
 */
export function FollowStar({
  kind,
  followKey,
  label,
  size = 'sm',
}: {
  kind: FollowKind;
  /** The filer's name as filed, the account's ID or the CUSIP. */
  followKey: string;
  /** What the analyst reads, kept with the follow for the home page's lists. */
  label: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const followed = useSyncExternalStore(follows.subscribe, () =>
    follows.isFollowed(kind, followKey),
  );
  const [problem, setProblem] = useState<string>();
  const tip =
    problem ??
    (followed ? `Following this ${NOUN[kind]}: click to stop` : `Follow this ${NOUN[kind]}`);
  return (
    <Tooltip label={tip} withinPortal>
      <ActionIcon
        variant="subtle"
        color={followed ? 'yellow.8' : 'gray.7'}
        size={size}
        aria-label={`Follow ${label}`}
        aria-pressed={followed}
        onClick={(event) => {
          // Stars sit inside rows and links: following must not also open them.
          event.stopPropagation();
          event.preventDefault();
          const change = follows.toggle({ kind, key: followKey, label });
          setProblem(change.ok ? undefined : change.message);
        }}
      >
        <span aria-hidden="true">{followed ? '★' : '☆'}</span>
      </ActionIcon>
    </Tooltip>
  );
}
