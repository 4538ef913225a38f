import { describe, expect, it } from 'vitest';
import { formatDay, parseServedTime } from './dates.ts';

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

describe('parseServedTime', () => {
  it('reads a day, a wall time (UTC) and an instant with its offset', () => {
    expect(parseServedTime('2025-03-31')).toEqual({ utc: Date.UTC(2025, 2, 31), kind: 'day' });
    expect(parseServedTime('2025-05-15 16:05:09')).toEqual({
      utc: Date.UTC(2025, 4, 15, 16, 5, 9),
      kind: 'wall time',
    });
    expect(parseServedTime('2025-05-15T18:05:09+02:00')).toEqual({
      utc: Date.UTC(2025, 4, 15, 16, 5, 9),
      kind: 'instant',
    });
    expect(parseServedTime('2025-05-15T16:05:09.250Z')?.utc).toBe(
      Date.UTC(2025, 4, 15, 16, 5, 9, 250),
    );
  });

  it('reads nothing from an impossible day or time, or from other text', () => {
    for (const odd of [
      '2025-02-30',
      '2025-02-29 10:00:00',
      '2025-01-01 24:00:00',
      '31/03/2025',
      'soon',
    ]) {
      expect(parseServedTime(odd)).toBeUndefined();
    }
  });
});
