import { Alert, Group, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useMemo } from 'react';
import type { ModuleId } from '#contract/catalog';
import { CopyTextButton } from '../../components/copy-text-button.tsx';
import {
  encodeWorkspaceLink,
  LONG_LINK_CHARACTERS,
  workspaceLinkOf,
} from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

/**
 * "Copy link": the workspace's query as a link whose state rides in the fragment (never a
 * credential, never sent to a server), with its length, and past what chat tools keep, the
 * query JSON to paste into the JSON panel instead.
 */
export function ShareLink({
  module,
  body,
  view,
  unrun = false,
  size = 'sm',
}: {
  module: ModuleId;
  body: Readonly<Record<string, unknown>>;
  /** How the results are viewed: the colleague sees them the same way. */
  view?: WorkspaceView | undefined;
  /** `body` is not the query whose results are on screen: the link says so. */
  unrun?: boolean;
  size?: ButtonProps['size'];
}) {
  const link = useMemo(() => {
    try {
      const fragment = encodeWorkspaceLink(workspaceLinkOf(module, body, view));
      return { url: `${window.location.origin}/q/${module}#${fragment}` };
    } catch (error) {
      // A body with a credential-named key is refused: such a link must never be made.
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [module, body, view]);
  if (link.url === undefined) {
    return (
      <Text size="xs" c="red.8">
        No link for this query: {link.error}
      </Text>
    );
  }
  const url = link.url;
  const long = url.length > LONG_LINK_CHARACTERS;
  return (
    <Group gap="xs" wrap="wrap">
      <CopyTextButton
        value={url}
        label={unrun ? 'Copy link to the edited query' : 'Copy link'}
        copiedLabel="Link copied"
        size={size}
      />
      {unrun && (
        <Text size="xs" c="orange.9">
          Not yet run: the results on screen are the last run’s.
        </Text>
      )}
      <Text size="xs" c={long ? 'orange.9' : 'dimmed'}>
        {url.length.toLocaleString()} characters
      </Text>
      {long && (
        <Alert color="yellow" p="xs" title="A long link">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Chat tools and some mail clients cut links longer than{' '}
              {LONG_LINK_CHARACTERS.toLocaleString()} characters. Share the query as JSON instead:
              your colleague pastes it into the request body panel.
            </Text>
            <CopyTextButton
              value={JSON.stringify(body, null, 2)}
              label="Copy query JSON"
              copiedLabel="Query JSON copied"
              size="xs"
            />
          </Group>
        </Alert>
      )}
    </Group>
  );
}
