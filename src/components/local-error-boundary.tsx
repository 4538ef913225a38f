import { Component } from 'react';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

interface State {
  readonly error: unknown;
}

/**
 * Keeps a failure inside one part of the page (a chart that cannot draw, a chunk that did not
 * load): that part shows the error policy's message with "Try again"; the rest keeps working.
 */
export class LocalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <ErrorAlert
        error={this.state.error}
        onRetry={() => {
          this.setState({ error: undefined });
        }}
      />
    );
  }
}
