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
// reads as secondary and passes (8.6:1). The light variants' text (alert titles, light buttons)
// in red, orange and yellow is shade 6 on a 10 % tint: 3.3, 3.6 and 2.7:1 (a 403's title, the
// data-quality flags, a failed sign-in). Darker shades of the same hues pass: 6.6, 5.9, 5.6:1.
const resolveCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-light-color': '#a61e1e',
    '--mantine-color-orange-light-color': '#a63a0b',
    '--mantine-color-yellow-light-color': '#8a5a00',
  },
  dark: {},
});

/**
 * The one UI foundation (Mantine) with the dashboard's theme. `env="test"` is for jsdom, which
 * lays nothing out: Mantine then keeps dropdowns shown that it would hide as detached from
 * their zero-sized anchors, and skips transitions.
 */
export function UiProvider({ children, env }: { children: ReactNode; env?: 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={resolveCssVariables}
      env={env ?? 'default'}
    >
      {children}
    </MantineProvider>
  );
}
