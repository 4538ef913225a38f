import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { addQuery } from './saved-queries.ts';
import type { SavedQuery } from './saved-queries.ts';
import type { WorkspaceLink } from '../../lib/workspace-link.ts';
import { savedQueries } from './use-saved-queries.ts';

/** A saved query's suggested name is the query in words, cut to a length a list shows whole. */
const SUGGESTED_NAME_CHARACTERS = 100;

/** `words` whole when short enough, else cut at the last word that fits, with an ellipsis. */
function shortened(words: string): string {
  if (words.length <= SUGGESTED_NAME_CHARACTERS) return words;
  const cut = words.slice(0, SUGGESTED_NAME_CHARACTERS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[,\s]+$/, '')}…`;
}

/** How long the button says "Saved" after a save. */
const SAVED_FEEDBACK_MS = 2500;

type Problem =
  | { readonly kind: 'name'; readonly message: string }
  | { readonly kind: 'clash'; readonly message: string; readonly clash: SavedQuery }
  | { readonly kind: 'save'; readonly message: string };

/**
 * "Save query": keeps the workspace's state under a name in this browser (query state only,
 * never a credential). When the module already has a saved query of that name, the analyst
 * chooses to replace it or keep both.
 */
export function SaveQueryButton({
  state,
  suggestedName,
}: {
  state: WorkspaceLink;
  suggestedName: string;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState(() => shortened(suggestedName));
  const [problem, setProblem] = useState<Problem>();
  const [savedAs, setSavedAs] = useState<string>();
  const clashId = useId();

  useEffect(() => {
    if (savedAs === undefined) return undefined;
    const timer = setTimeout(() => {
      setSavedAs(undefined);
    }, SAVED_FEEDBACK_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [savedAs]);

  const open = () => {
    setName(shortened(suggestedName));
    setProblem(undefined);
    setOpened(true);
  };

  const save = (onClash: 'refuse' | 'replace' | 'keep-both') => {
    const result = savedQueries.update((list) => addQuery(list, { name, state }, { onClash }));
    if (result.ok) {
      setOpened(false);
      setSavedAs(result.saved?.name ?? name.trim());
    } else if (result.clash) {
      setProblem({ kind: 'clash', message: result.message, clash: result.clash });
    } else {
      // An invalid name is the field's problem; anything else (storage, the state) the form's.
      setProblem({ kind: result.field === 'name' ? 'name' : 'save', message: result.message });
    }
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    save('refuse');
  };

  return (
    <>
      <Button variant="default" onClick={open}>
        {savedAs === undefined ? 'Save query' : 'Saved'}
      </Button>
      {savedAs !== undefined && (
        <Text size="sm" c="dimmed" role="status">
          Saved as “{savedAs}”. Find it under Saved queries.
        </Text>
      )}
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
        }}
        title="Save query"
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setProblem(undefined);
              }}
              error={problem?.kind === 'name' ? problem.message : undefined}
              aria-describedby={problem?.kind === 'clash' ? clashId : undefined}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              Kept in this browser for your user name: the query and how its results were shown,
              never your password or session.
            </Text>
            {problem?.kind === 'clash' && (
              <Alert color="yellow" p="xs" id={clashId}>
                <Text size="sm">{problem.message}</Text>
                <Group gap="xs" mt="xs">
                  <Button
                    size="xs"
                    color="yellow"
                    onClick={() => {
                      save('replace');
                    }}
                  >
                    Replace it
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      save('keep-both');
                    }}
                  >
                    Keep both
                  </Button>
                </Group>
              </Alert>
            )}
            {problem?.kind === 'save' && (
              <Alert color="red" p="xs" role="alert">
                {problem.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setOpened(false);
                }}
              >
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
