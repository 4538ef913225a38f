import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { UiProvider } from '../src/app/ui-provider.tsx';

/**
 * Renders inside the app's providers (UI, and a fresh query cache with the app's no-retry
 * policy) and returns a user-event session.
 */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    user,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <UiProvider>{ui}</UiProvider>
      </QueryClientProvider>,
    ),
  };
}
