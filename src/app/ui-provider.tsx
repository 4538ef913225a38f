import { createTheme, MantineProvider } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';

const theme = createTheme({
  primaryColor: 'blue',
  // White on blue 6 is 3.6:1; blue 8 gives buttons and links WCAG AA contrast (4.9:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontSmoothing: true,
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
});

// Mantine's default secondary text (gray 6 on white, 3.3:1) fails WCAG AA for body text; gray 7
// reads as secondary and passes (8.6:1).
const resolveCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/** The one UI foundation (Mantine) with the dashboard's theme. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolveCssVariables}>
      {children}
    </MantineProvider>
  );
}
