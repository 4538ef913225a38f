import { Alert, Button, Stack } from '@mantine/core';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { describeError } from '../lib/api/error-policy.ts';

interface State {
  readonly error: unknown;
}

/**
 * The last line of defence around the whole page (a chunk that failed to load after a deploy,
 * a configuration that could not be read). Routes have their own, closer boundaries.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    const { title, message } = describeError(this.state.error);
    return (
      <Stack component="main" maw={560} mx="auto" mt="10vh" p="md">
        <Alert color="red" title={title} role="alert">
          {message}
        </Alert>
        <Button
          variant="default"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload the dashboard
        </Button>
      </Stack>
    );
  }
}
