import { Anchor, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { CATALOG } from '#contract/catalog';
import { isSavedAnalysis, renameQuery } from './saved-queries.ts';
import type { SavedQuery, SavedState } from './saved-queries.ts';
import { ANALYSIS_PATHS } from '../../lib/url-state/analysis-links.ts';
import { encodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { summarizeQuery } from './summary.ts';
import { savedQueries } from './use-saved-queries.ts';

/**
 * `savedAt` in the viewer's locale and zone, the zone named as every time in the dashboard is,
 * e.g. "Mar 4, 2025, 10:00 AM UTC".
 */
const SAVED_AT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

function formatSavedAt(savedAt: string): string {
  return SAVED_AT.format(new Date(savedAt));
}

function RenameForm({ query, onDone }: { query: SavedQuery; onDone: () => void }) {
  const [name, setName] = useState(query.name);
  const [error, setError] = useState<string>();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = savedQueries.update((list) => renameQuery(list, query.id, name));
    if (result.ok) onDone();
    else setError(result.message);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          aria-label={`New name for “${query.name}”`}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          error={error}
          // The analyst just asked to rename: the field is where they will type.
          autoFocus
        />
        <Button size="xs" type="submit">
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/**
 * "Open": the workspace with the query's state in the fragment, or the view across managers with
 * its search. Stored queries are read through their schemas, so each makes a link.
 */
function OpenLink({ state }: { state: SavedState }) {
  return (
    <Anchor
      size="sm"
      fw={500}
      renderRoot={(props) =>
        isSavedAnalysis(state) ? (
          <Link
            to={ANALYSIS_PATHS[state.analysis.view]}
            search={state.analysis.search}
            {...props}
          />
        ) : (
          <Link
            to="/q/$module"
            params={{ module: state.module }}
            hash={encodeWorkspaceLink(state)}
            {...props}
          />
        )
      }
    >
      Open
    </Anchor>
  );
}

/** One saved query in the list: open it, rename it in place, or delete it. */
export function SavedQueryRow({
  query,
  onDelete,
}: {
  query: SavedQuery;
  onDelete: (query: SavedQuery) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const module = query.state.module;
  return (
    <Table.Tr>
      <Table.Td>
        {renaming ? (
          <RenameForm
            query={query}
            onDone={() => {
              setRenaming(false);
            }}
          />
        ) : (
          <Text size="sm" fw={500}>
            {query.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {CATALOG[module].label}
        {isSavedAnalysis(query.state) ? ' · across managers' : ''}
      </Table.Td>
      <Table.Td>
        <time dateTime={query.savedAt}>{formatSavedAt(query.savedAt)}</time>
      </Table.Td>
      <Table.Td>{summarizeQuery(query.state)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <OpenLink state={query.state} />
          {!renaming && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                setRenaming(true);
              }}
            >
              Rename
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => {
              onDelete(query);
            }}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
