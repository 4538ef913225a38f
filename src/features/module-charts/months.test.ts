import { describe, expect, it } from 'vitest';
import { bucketName, monthIndexOf, monthKey } from './months.ts';

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
