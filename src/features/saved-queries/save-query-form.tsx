import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { SubmitEvent } from 'react';
import type { SavedQuery } from './saved-queries.ts';

/** What stopped a save: the name, a saved query of that name, or anything else. */
export type Problem =
  | { readonly kind: 'name'; readonly message: string }
  | { readonly kind: 'clash'; readonly message: string; readonly clash: SavedQuery }
  | { readonly kind: 'save'; readonly message: string };

/** How a save treats a saved query of the same name: refuse, or replace it, or keep both. */
export type OnClash = 'refuse' | 'replace' | 'keep-both';

/** A saved query of that name exists: replace it or keep both. */
function ClashChoice({
  id,
  message,
  onSave,
}: {
  id: string;
  message: string;
  onSave: (onClash: OnClash) => void;
}) {
  return (
    <Alert color="yellow" p="xs" id={id}>
      <Text size="sm">{message}</Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          color="yellow"
          onClick={() => {
            onSave('replace');
          }}
        >
          Replace it
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            onSave('keep-both');
          }}
        >
          Keep both
        </Button>
      </Group>
    </Alert>
  );
}

/** The "Save query" dialog's form: the name, what stopped the last try, Cancel and Save. */
export function SaveQueryForm({
  name,
  onNameChange,
  problem,
  onSave,
  onCancel,
}: {
  name: string;
  onNameChange: (name: string) => void;
  problem: Problem | undefined;
  onSave: (onClash: OnClash) => void;
  onCancel: () => void;
}) {
  const clashId = useId();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSave('refuse');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            onNameChange(event.currentTarget.value);
          }}
          error={problem?.kind === 'name' ? problem.message : undefined}
          aria-describedby={problem?.kind === 'clash' ? clashId : undefined}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Kept in this browser for your user name: the query and how its results were shown, never
          your password or session.
        </Text>
        {problem?.kind === 'clash' && (
          <ClashChoice id={clashId} message={problem.message} onSave={onSave} />
        )}
        {problem?.kind === 'save' && (
          <Alert color="red" p="xs" role="alert">
            {problem.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
