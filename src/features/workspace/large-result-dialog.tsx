import { Button, Group, Modal, Text } from '@mantine/core';
import { LARGE_RESULT_ROWS } from './use-run-flow.ts';
import type { RunPhase } from './use-run-flow.ts';

/** A run waiting for the analyst's word before a large pull: its body and how many rows match. */
type LargeResult = Extract<RunPhase, { phase: 'confirm' }>;

/** The question before pulling more than LARGE_RESULT_ROWS: everything, the first rows, or none. */
export function LargeResultDialog({
  question,
  onCancel,
  onLoadAll,
  onLoadFirst,
}: {
  /** The run asking; undefined when none is (the dialog is closed). */
  question: LargeResult | undefined;
  onCancel: () => void;
  onLoadAll: (question: LargeResult) => void;
  /** Load only the first LARGE_RESULT_ROWS. */
  onLoadFirst: (question: LargeResult) => void;
}) {
  return (
    <Modal opened={question !== undefined} onClose={onCancel} title="A large result" centered>
      <Text size="sm">
        This query matches {question?.count.toLocaleString()} records. Loading them all can take a
        while; the first {LARGE_RESULT_ROWS.toLocaleString()} are usually enough to look at.
      </Text>
      <Group mt="md" justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="default"
          onClick={() => {
            if (question) onLoadAll(question);
          }}
        >
          Load all
        </Button>
        <Button
          onClick={() => {
            if (question) onLoadFirst(question);
          }}
        >
          Load the first {LARGE_RESULT_ROWS.toLocaleString()}
        </Button>
      </Group>
    </Modal>
  );
}
