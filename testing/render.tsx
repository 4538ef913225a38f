import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders inside the app's UI provider and returns a user-event session. */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  return { user, ...render(<MantineProvider>{ui}</MantineProvider>) };
}
