import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { removeQuery, restoreQuery } from './saved-queries.ts';
import type { SavedQuery } from './saved-queries.ts';
import { ImportExport } from './import-export.tsx';
import { SavedQueryRow } from './saved-query-row.tsx';
import { savedQueries, useSavedQueries } from './use-saved-queries.ts';

/** The last deletion, kept for Undo: the query and where it stood in the list. */
interface Deleted {
  readonly query: SavedQuery;
  readonly index: number;
}

/**
 * /saved: the analyst's saved queries in this browser, to open, rename, delete, export to a JSON
 * file and import from one.
 */
export function SavedQueriesPage() {
  const { queries, unreadable } = useSavedQueries();
  const [deleted, setDeleted] = useState<Deleted>();
  const [writeError, setWriteError] = useState<string>();

  const remove = (query: SavedQuery) => {
    const index = queries.findIndex((item) => item.id === query.id);
    const result = savedQueries.update((list) => removeQuery(list, query.id));
    setWriteError(result.ok ? undefined : result.message);
    if (result.ok) setDeleted({ query, index });
  };

  const undo = () => {
    if (!deleted) return;
    const result = savedQueries.update((list) => restoreQuery(list, deleted.query, deleted.index));
    setWriteError(result.ok ? undefined : result.message);
    if (result.ok) setDeleted(undefined);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Saved queries
        </Title>
        <ImportExport queries={queries} />
      </Group>
      {unreadable && (
        <Alert color="red" title="Saved queries could not be read">
          This browser&apos;s storage holds saved queries the dashboard cannot read (damaged, from a
          newer version, or storage is switched off), so they are not listed. They are not deleted:
          the next save sets them aside in this browser&apos;s storage, untouched.
        </Alert>
      )}
      {writeError !== undefined && (
        <Alert color="red" role="alert" title="The change was not saved">
          {writeError}
        </Alert>
      )}
      {deleted && (
        <Alert color="gray" role="status">
          <Group gap="sm">
            <Text size="sm">Deleted “{deleted.query.name}”.</Text>
            <Button size="compact-sm" variant="default" onClick={undo}>
              Undo
            </Button>
          </Group>
        </Alert>
      )}
      {queries.length === 0 ? (
        <Text c="dimmed">
          No saved queries yet. Open a module, build a query and press “Save query” to keep it here,
          or import a file exported from another browser.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Saved queries" verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Module</Table.Th>
                <Table.Th>Saved</Table.Th>
                <Table.Th>Query</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queries.map((query) => (
                <SavedQueryRow key={query.id} query={query} onDelete={remove} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        Saved queries stay in this browser, for your user name only: the query and how its results
        were shown, never your password or session. Export them to move them to another browser.
      </Text>
    </Stack>
  );
}
