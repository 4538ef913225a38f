import { describe, expect, it } from 'vitest';
import { parseDay, parseWallTime } from './datetime-text.ts';

describe('parseDay', () => {
  it('reads YYYY-MM-DD, and the same without leading zeros or with slashes', () => {
    expect(parseDay('2025-12-31')).toBe('2025-12-31');
    expect(parseDay(' 2025-1-5 ')).toBe('2025-01-05');
    expect(parseDay('2025/01/05')).toBe('2025-01-05');
  });

  it('refuses days not on the calendar and text that is no day', () => {
    expect(parseDay('2025-02-29')).toBeNull();
    expect(parseDay('2025-13-01')).toBeNull();
    expect(parseDay('2025-04-31')).toBeNull();
    expect(parseDay('2025-01-00')).toBeNull();
    expect(parseDay('next week')).toBeNull();
    expect(parseDay('2025-01')).toBeNull();
  });

  it('knows leap years: every 4th, not every 100th, every 400th', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('1900-02-29')).toBeNull();
    expect(parseDay('2000-02-29')).toBe('2000-02-29');
  });
});

describe('parseWallTime', () => {
  it('reads a day, a day and minutes, or a day and seconds, as YYYY-MM-DD HH:mm:ss', () => {
    expect(parseWallTime('2024-02-14')).toBe('2024-02-14 00:00:00');
    expect(parseWallTime('2024-02-14 16:05')).toBe('2024-02-14 16:05:00');
    expect(parseWallTime('2024-02-14T16:05:09')).toBe('2024-02-14 16:05:09');
  });

  it('refuses times and days that do not exist', () => {
    expect(parseWallTime('2024-02-14 24:00:00')).toBeNull();
    expect(parseWallTime('2024-02-14 12:60')).toBeNull();
    expect(parseWallTime('2024-02-14 12:00:60')).toBeNull();
    expect(parseWallTime('2023-02-29 12:00:00')).toBeNull();
    expect(parseWallTime('2024-02-14 1')).toBeNull();
  });
});
