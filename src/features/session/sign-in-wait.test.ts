import { describe, expect, it } from 'vitest';
import { formatWait, spokenWait } from './sign-in-wait.ts';

describe('the wait before the next sign-in', () => {
  it.each([
    [42_000, '0:42', '42 seconds'],
    [41_001, '0:42', '42 seconds'],
    [1_000, '0:01', '1 second'],
    [60_000, '1:00', '1 minute'],
    [65_000, '1:05', '1 minute and 5 seconds'],
    [840_000, '14:00', '14 minutes'],
    [0, '0:00', '0 seconds'],
  ])('%d ms shows as %s and is said as "%s"', (ms, shown, said) => {
    expect(formatWait(ms)).toBe(shown);
    expect(spokenWait(ms)).toBe(said);
  });
});
