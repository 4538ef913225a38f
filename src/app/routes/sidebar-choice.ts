/**
 * Whether the module list is open: by itself, open on a wide screen and closed below 1280 px,
 * where its 230 px are better given to the results and the first chart; once the analyst toggles
 * it on a screen of either size, their choice for that size holds (kept in local storage).
 */

import { useLocalStorage, useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xl` breakpoint (1280 px) the list starts closed. */
const NARROW_SCREEN = '(max-width: 79.99em)';

/** The analyst's last toggle on a wide and on a narrow screen; unset: decided by the size. */
export interface SidebarChoice {
  readonly wide?: boolean | undefined;
  readonly narrow?: boolean | undefined;
}

/** Whether the list is open on a `narrow` screen, or a wide one, given the analyst's `choice`. */
export function sidebarShown(choice: SidebarChoice, narrow: boolean): boolean {
  return (narrow ? choice.narrow : choice.wide) ?? !narrow;
}

/** `choice` with the analyst's toggle to `open` remembered for the screen's size. */
export function withSidebarChoice(
  choice: SidebarChoice,
  narrow: boolean,
  open: boolean,
): SidebarChoice {
  return narrow ? { ...choice, narrow: open } : { ...choice, wide: open };
}

/**
 * Whether the module list is open on this screen, and how to open or close it: the analyst's
 * choice is kept for the screen's size (a layout preference, nothing private).
 */
export function useSidebarOpen(): readonly [boolean, (open: boolean) => void] {
  // Read at once, not after a first paint: the list would slide shut in front of the analyst.
  const narrow = useMediaQuery(NARROW_SCREEN, window.matchMedia(NARROW_SCREEN).matches, {
    getInitialValueInEffect: false,
  });
  const [choice, setChoice] = useLocalStorage<SidebarChoice>({
    key: 'dashboard.sidebar',
    defaultValue: {},
  });
  return [
    sidebarShown(choice, narrow),
    (open: boolean) => {
      setChoice(withSidebarChoice(choice, narrow, open));
    },
  ] as const;
}
