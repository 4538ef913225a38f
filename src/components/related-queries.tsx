import { Button, Menu, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { relatedQueries } from '#contract/relations';
import type { MatchedAccount } from '#contract/relations';
import { encodeWorkspaceLink } from '../lib/url-state/workspace-link.ts';

/**
 * "Open in other modules": the matched CRM account's investment holdings, history, contact
 * updates and presentations, each a prepared query opened (and run) in its module's workspace.
 * Links, so Ctrl/⌘-click opens a new tab.
 */
export function RelatedQueriesMenu({
  account,
  pending = false,
  size = 'compact-xs',
}: {
  account: MatchedAccount | null;
  pending?: boolean;
  size?: 'compact-xs' | 'xs';
}) {
  if (pending) {
    return (
      <Button size={size} variant="default" loading>
        Open in other modules
      </Button>
    );
  }
  if (!account) {
    return (
      <Text size="xs" c="dimmed">
        This filer is not matched to a CRM account.
      </Text>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size={size} variant="light">
          Open {account.accountName ?? 'the account'} in…
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {relatedQueries(account).map((query) => (
          <Menu.Item
            key={query.module}
            renderRoot={(props) => (
              <Link
                to="/q/$module"
                params={{ module: query.module }}
                hash={encodeWorkspaceLink({ v: 1, module: query.module, body: query.body })}
                {...props}
              />
            )}
          >
            {query.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
