import { Alert, Button, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { describeError } from '../../lib/api/error-policy.ts';

/** What a route shows when it fails to render or load: the reason and a way to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { title, message } = describeError(error);
  return (
    <Stack maw={640} p="md">
      <Alert color="red" title={title} role="alert">
        {message}
      </Alert>
      <Button variant="default" onClick={reset} w="fit-content">
        Try again
      </Button>
    </Stack>
  );
}
