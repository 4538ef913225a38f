import type { ButtonProps } from '@mantine/core';
import { Button, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { addQuery } from './saved-queries.ts';
import type { SavedState } from './saved-queries.ts';
import { SaveQueryForm } from './save-query-form.tsx';
import type { OnClash, Problem } from './save-query-form.tsx';
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

/** The name last saved under, shown for SAVED_FEEDBACK_MS after the save. */
function useSavedFeedback() {
  const [savedAs, setSavedAs] = useState<string>();
  useEffect(() => {
    if (savedAs === undefined) return undefined;
    const timer = setTimeout(() => {
      setSavedAs(undefined);
    }, SAVED_FEEDBACK_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [savedAs]);
  return [savedAs, setSavedAs] as const;
}

/**
 * "Save query": keeps the workspace's state under a name in this browser (query state only,
 * never a credential). When the module already has a saved query of that name, the analyst
 * chooses to replace it or keep both.
 */
export function SaveQueryButton({
  state,
  suggestedName,
  size = 'sm',
}: {
  state: SavedState;
  suggestedName: string;
  size?: ButtonProps['size'];
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState(() => shortened(suggestedName));
  const [problem, setProblem] = useState<Problem>();
  const [savedAs, setSavedAs] = useSavedFeedback();

  const open = () => {
    setName(shortened(suggestedName));
    setProblem(undefined);
    setOpened(true);
  };

  const save = (onClash: OnClash) => {
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

  const close = () => {
    setOpened(false);
  };

  return (
    <>
      <Button variant="default" size={size} onClick={open}>
        {savedAs === undefined ? 'Save query' : 'Saved'}
      </Button>
      {savedAs !== undefined && (
        <Text size={size === 'xs' ? 'xs' : 'sm'} c="dimmed" role="status">
          Saved as “{savedAs}”. Find it under Saved queries.
        </Text>
      )}
      <Modal opened={opened} onClose={close} title="Save query" centered>
        <SaveQueryForm
          name={name}
          onNameChange={(next) => {
            setName(next);
            setProblem(undefined);
          }}
          problem={problem}
          onSave={save}
          onCancel={close}
        />
      </Modal>
    </>
  );
}
