import { describe, expect, it } from 'vitest';
import { requestResultFocus, resultFocusPending, takeResultFocus } from './heading-focus.ts';

describe('the result heading’s focus request', () => {
  it('is taken once, by a heading drawn since it was made', () => {
    requestResultFocus(1_000);
    expect(resultFocusPending(1_500)).toBe(true);
    // A heading already on screen before the request does not take it.
    expect(takeResultFocus(900, 1_500)).toBe(false);
    expect(takeResultFocus(1_200, 1_500)).toBe(true);
    expect(takeResultFocus(1_200, 1_600)).toBe(false);
    expect(resultFocusPending(1_600)).toBe(false);
  });

  it('lapses after a minute, so an old request never steals focus', () => {
    requestResultFocus(0);
    expect(resultFocusPending(59_999)).toBe(true);
    expect(takeResultFocus(10, 60_000)).toBe(false);
  });
});
