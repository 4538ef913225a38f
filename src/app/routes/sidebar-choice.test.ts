import { describe, expect, it } from 'vitest';
import { sidebarShown, withSidebarChoice } from './sidebar-choice.ts';

describe('the module list', () => {
  it('is open on a wide screen and closed on a narrow one until the analyst toggles it', () => {
    expect(sidebarShown({}, false)).toBe(true);
    expect(sidebarShown({}, true)).toBe(false);
  });

  it('remembers a toggle for the size it was made at, leaving the other size to itself', () => {
    const opened = withSidebarChoice({}, true, true);
    expect(sidebarShown(opened, true)).toBe(true);
    expect(sidebarShown(opened, false)).toBe(true);
    const closedWide = withSidebarChoice(opened, false, false);
    expect(sidebarShown(closedWide, false)).toBe(false);
    expect(sidebarShown(closedWide, true)).toBe(true);
  });
});
