import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { QueryRequestBody } from '#contract/request-body';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { WorkspaceAnchor } from './feed-links.tsx';

/**
 * One section of the feed: its title and count, what it is narrowed to, and its own loading,
 * empty and error states, so one failing read never blanks the others.
 */
export function FeedSection<T>({
  id,
  title,
  scope,
  result,
  count,
  countLabel = (data) => `${count(data)} in all`,
  empty,
  openBody,
  children,
}: {
  id: string;
  title: string;
  /** What the section covers: "2 followed managers", "every account". */
  scope: string;
  result: UseQueryResult<T>;
  /** The count for the badge: a number, or "200+" when bounded. */
  count: (data: T) => string;
  /** The badge's accessible name, saying what it counts ("… in all" by default). */
  countLabel?: (data: T) => string;
  /** The sentence when there is nothing, or null when the items say it themselves. */
  empty: (data: T) => string | null;
  openBody: QueryRequestBody | undefined;
  children: (data: T) => ReactNode;
}) {
  const headingId = `feed-${id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {result.data !== undefined && (
              <Badge variant="light" color="gray" aria-label={countLabel(result.data)}>
                {count(result.data)}
              </Badge>
            )}
          </Group>
          {openBody && (
            // "Open as a query": the section's query in the workspace, to sort, filter, export.
            <WorkspaceAnchor body={openBody}>Open as a query →</WorkspaceAnchor>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {scope}
        </Text>
        {result.isPending && (
          <Stack gap={6} role="status" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton height={14} />
            <Skeleton height={14} width="85%" />
            <Skeleton height={14} width="70%" />
          </Stack>
        )}
        {result.isError && (
          <ErrorAlert
            error={result.error}
            onRetry={() => {
              void result.refetch();
            }}
          />
        )}
        {result.data !== undefined && (
          <>
            {empty(result.data) !== null && <Text size="sm">{empty(result.data)}</Text>}
            {children(result.data)}
          </>
        )}
      </Stack>
    </Card>
  );
}
