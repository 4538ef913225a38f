import { describe, expect, it } from 'vitest';
import {
  bucketName,
  monthIndexOf,
  monthKey,
  monthTickInterval,
  shortBucketLabel,
} from './months.ts';

describe('monthKey', () => {
  it('writes a month index back as YYYY-MM', () => {
    expect(monthKey(2025 * 12)).toBe('2025-01');
    expect(monthKey(2025 * 12 + 11)).toBe('2025-12');
    expect(monthKey(monthIndexOf('0999-07-04') ?? 0)).toBe('0999-07');
  });
});

describe('bucketName', () => {
  const june2024 = 2024 * 12 + 5;

  it('names a month, a quarter and a year from its first month', () => {
    expect(bucketName('month', june2024)).toEqual({ key: '2024-06', label: 'Jun 2024' });
    expect(bucketName('quarter', 2024 * 12 + 3)).toEqual({ key: '2024-Q2', label: 'Q2 2024' });
    expect(bucketName('year', 2024 * 12)).toEqual({ key: '2024', label: '2024' });
  });
});

describe('shortBucketLabel', () => {
  it('cuts the year to two digits, so a month label fits its tick', () => {
    expect(shortBucketLabel('Nov 2025')).toBe('Nov ’25');
    expect(shortBucketLabel('Q4 2025')).toBe('Q4 ’25');
    expect(shortBucketLabel('2025')).toBe('2025');
  });
});

describe('monthTickInterval', () => {
  it('skips labels until each drawn one has 64 px, and skips none where all fit', () => {
    // 36 months on 1,000 px: bands of 27.8 px, so every third label (83 px apart).
    expect(monthTickInterval(36, 1000)).toBe(2);
    expect(monthTickInterval(12, 1000)).toBe(0);
    for (const [count, width] of [
      [36, 400],
      [24, 1100],
      [60, 700],
    ] as const) {
      const step = monthTickInterval(count, width) + 1;
      expect((step * width) / count).toBeGreaterThanOrEqual(64);
    }
  });
});
