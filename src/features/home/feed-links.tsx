import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { MODULE_IDS } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import { encodeWorkspaceLink, workspaceLinkOf } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

/**
 * An account's name as a link to its page (`/account/<id>`); the ID when no name is on record.
 * A router link, so Back returns to the feed.
 */
export function AccountLink({ id, name }: { id: string; name: string | undefined }) {
  return (
    <Anchor renderRoot={(props) => <Link to="/account/$id" params={{ id }} {...props} />}>
      {name ?? id}
    </Anchor>
  );
}

/** A workspace link: `body` run in its module's workspace, viewed as `view`. */
export function WorkspaceAnchor({
  body,
  view,
  children,
}: {
  body: QueryRequestBody;
  view?: WorkspaceView;
  children: ReactNode;
}) {
  const module = MODULE_IDS.find((id) => id === body.module);
  if (!module) return <>{children}</>;
  const hash = encodeWorkspaceLink(workspaceLinkOf(module, body, view));
  return (
    <Anchor
      fw={500}
      renderRoot={(props) => <Link to="/q/$module" params={{ module }} hash={hash} {...props} />}
    >
      {children}
    </Anchor>
  );
}

/**
 * An item's details after it, dimmed: " · Nov 24, 2026 · …". Each part is kept whole, so a line
 * breaks between parts and never inside a date ("Nov 24, / 2026").
 */
export function ItemMeta({ parts }: { parts: readonly string[] }) {
  return (
    <Text size="sm" c="dimmed" span>
      {parts
        .filter((part) => part !== '')
        .map((part, index) => (
          <Fragment key={`${String(index)}|${part}`}>
            {' '}
            <span style={{ whiteSpace: 'nowrap' }}>· {part}</span>
          </Fragment>
        ))}
    </Text>
  );
}
