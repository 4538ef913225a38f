import { Button, Menu, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ModuleId } from '#contract/catalog';
import { encodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { isSavedAnalysis } from './saved-queries.ts';
import { summarizeQuery } from './summary.ts';
import { useSavedQueries } from './use-saved-queries.ts';

/**
 * "Saved queries (n)" in a workspace: this module's saved queries, newest first, each a link
 * that opens and runs it here (a history entry of its own, so Back returns), and the full list.
 */
export function SavedQueriesMenu({
  module,
  size = 'sm',
}: {
  module: ModuleId;
  size?: ButtonProps['size'];
}) {
  const { queries } = useSavedQueries();
  // Workspace queries of this module only: views across managers open from the saved list.
  const mine = queries
    .flatMap((query) =>
      query.state.module === module && !isSavedAnalysis(query.state)
        ? [{ ...query, state: query.state }]
        : [],
    )
    .sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1));
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size={size}>
          Saved queries ({mine.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={420}>
        {mine.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            None saved for this module yet.
          </Text>
        )}
        {mine.map((query) => (
          <Menu.Item
            key={query.id}
            renderRoot={(props) => (
              <Link
                to="/q/$module"
                params={{ module }}
                hash={encodeWorkspaceLink(query.state)}
                {...props}
              />
            )}
          >
            <Text size="sm" lineClamp={2}>
              {query.name}
            </Text>
            <Text size="xs" c="dimmed">
              {summarizeQuery(query.state)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item renderRoot={(props) => <Link to="/saved" {...props} />}>
          Manage saved queries…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
