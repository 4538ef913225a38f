import { Alert, Button, Text } from '@mantine/core';
import { describeError } from '../lib/api/error-policy.ts';

/** A failed request as the error policy words it, with "Try again" when retrying can help. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, message, severity, canRetry } = describeError(error);
  return (
    <Alert color={severity === 'warning' ? 'yellow' : 'red'} title={title} role="alert">
      <Text size="sm">{message}</Text>
      {canRetry && onRetry && (
        <Button mt="sm" size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
