import { describe, expect, it } from 'vitest';
import { formatDay } from './dates.ts';

describe('formatDay', () => {
  it('writes a day in the locale’s medium form, never shifted by a time zone', () => {
    expect(formatDay('2025-03-31', 'en-US')).toBe('Mar 31, 2025');
    expect(formatDay('2025-03-31', 'en-GB')).toBe('31 Mar 2025');
    expect(formatDay('2025-01-01', 'de-DE')).toBe('01.01.2025');
  });

  it('shows anything that is not a real day as written', () => {
    for (const odd of ['2025-02-30', '2025-13-01', '31/03/2025', '2025-03-31 10:00:00', '']) {
      expect(formatDay(odd, 'en-US')).toBe(odd);
    }
  });
});
