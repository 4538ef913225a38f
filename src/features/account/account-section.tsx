import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { encodeWorkspaceLink, workspaceLinkOf } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

/** A prepared query a section opens in its module's workspace. */
export interface SectionQuery {
  readonly module: ModuleId;
  readonly body: QueryBody;
  readonly view?: WorkspaceView;
  readonly label?: string;
}

/** "Open as a query": the section's filter in its module's workspace, as a link (Back returns). */
export function OpenAsQuery({ query, title }: { query: SectionQuery; title: string }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link
          to="/q/$module"
          params={{ module: query.module }}
          hash={encodeWorkspaceLink(workspaceLinkOf(query.module, query.body, query.view))}
          aria-label={`${query.label ?? 'Open as a query'}: ${title}`}
          {...props}
        />
      )}
    >
      {query.label ?? 'Open as a query'}
    </Anchor>
  );
}

/** Where a section's data stands. */
export type SectionState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly error: unknown; readonly retry: () => void }
  | { readonly kind: 'empty'; readonly message: ReactNode }
  | { readonly kind: 'ready'; readonly count: number; readonly countNote?: string };

/**
 * One section of the account page: its title and count, "open as a query", and its own loading,
 * empty and error state, so a slow or failing module never holds up the others.
 */
export function AccountSection({
  title,
  state,
  query,
  note,
  children,
}: {
  title: string;
  state: SectionState;
  query?: SectionQuery | undefined;
  /** How the section's records were found, when it is not plain. */
  note?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  const count = state.kind === 'ready' ? state.count : state.kind === 'empty' ? 0 : undefined;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="baseline">
          <Group gap="xs" align="baseline">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {count !== undefined && (
              <Badge variant="light" color="gray" aria-label={`${String(count)} records`}>
                {state.kind === 'ready' && state.countNote ? state.countNote : count}
              </Badge>
            )}
          </Group>
          {query && <OpenAsQuery query={query} title={title} />}
        </Group>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {state.kind === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Reading {title.toLowerCase()}…
            </Text>
          </Group>
        )}
        {state.kind === 'error' && <ErrorAlert error={state.error} onRetry={state.retry} />}
        {state.kind === 'empty' && (
          <Text size="sm" c="dimmed">
            {state.message}
          </Text>
        )}
        {state.kind === 'ready' && children}
      </Stack>
    </Paper>
  );
}
