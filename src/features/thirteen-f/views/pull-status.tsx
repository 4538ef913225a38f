import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PROGRESS_FROM_ROWS, PULL_LIMIT_ROWS } from '../api/bounded-pull.ts';
import type { Pull } from '../api/bounded-pull.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';

const count = (n: number) => n.toLocaleString();

/**
 * What an analysis view says while it reads its rows (or waits for the service's aggregates):
 * counting, reading (a progress bar past PROGRESS_FROM_ROWS, Cancel always), stopped, failed, or
 * too many rows to read at all, with what narrows the scope (`narrow`). Renders nothing once the
 * rows are in.
 */
export function PullStatus({
  pull,
  what,
  onCancel,
  onRetry,
  narrow,
}: {
  pull: Pull;
  /** The rows read, in words: "the 13F rows of Dec 31, 2025". */
  what: string;
  onCancel: () => void;
  onRetry: () => void;
  /** How to ask for fewer rows, shown when there are too many. */
  narrow?: ReactNode;
}) {
  switch (pull.state) {
    case 'done':
      return null;
    case 'counting':
    case 'waiting':
      return (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">
            {pull.state === 'counting' ? 'Counting' : 'Reading'} {what}…
          </Text>
        </Group>
      );
    case 'reading': {
      const said = `Reading ${what}: ${count(pull.loaded)} of ${count(pull.total)} rows`;
      return (
        <Stack gap={4} maw={520}>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              {pull.total <= PROGRESS_FROM_ROWS && <Loader size="sm" />}
              <Text size="sm" role="status">
                {said}…
              </Text>
            </Group>
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          {pull.total > PROGRESS_FROM_ROWS && (
            <Progress
              value={(pull.loaded / pull.total) * 100}
              aria-label={`Rows of ${what} read`}
              transitionDuration={0}
            />
          )}
        </Stack>
      );
    }
    case 'cancelled':
      return (
        <Alert color="gray" title="Reading stopped" role="status">
          <Text size="sm">
            Stopped after {count(pull.loaded)} of {count(pull.total)} rows of {what}; nothing is
            shown from a partial read, as its figures would be wrong.
          </Text>
          <Button mt="sm" size="xs" variant="default" onClick={onRetry}>
            Read them again
          </Button>
        </Alert>
      );
    case 'too-large':
      return (
        <Alert color="yellow" title="Too many rows to read here" role="alert">
          <Text size="sm">
            {count(pull.count)} rows match {what}, more than the {count(PULL_LIMIT_ROWS)} a view
            reads at once (more would stall this tab). Narrow the scope to see them.
          </Text>
          {narrow}
        </Alert>
      );
    case 'failed':
      return <ErrorAlert error={pull.error} onRetry={onRetry} />;
  }
}
