import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { UiProvider } from '../src/app/ui-provider.tsx';

/** Renders inside the app's UI provider and returns a user-event session. */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(<UiProvider>{ui}</UiProvider>) };
}
