import { describe, expect, it } from 'vitest';
import { NEAREST_LOOKED_AT, firstFiled, quartersOutward } from './nearest-quarters.ts';

describe('quartersOutward', () => {
  it('lists the quarters before, latest first, and after, earliest first, the period left out', () => {
    const periods = ['2025-03-31', '2024-09-30', '2024-12-31', '2025-06-30'];
    expect(quartersOutward('2024-12-31', periods)).toEqual({
      before: ['2024-09-30'],
      after: ['2025-03-31', '2025-06-30'],
    });
    expect(quartersOutward('1999-12-31', periods).before).toEqual([]);
  });

  it('looks a bounded number of quarters each way', () => {
    const periods = Array.from({ length: 20 }, (_, index) => `${String(2000 + index)}-12-31`);
    expect(quartersOutward('1999-12-31', periods).after).toHaveLength(NEAREST_LOOKED_AT);
  });
});

describe('firstFiled', () => {
  it('takes the nearest quarter a manager filed, reading no further than it', async () => {
    const filed: Record<string, number> = { '2022-09-30': 0, '2022-12-31': 3, '2023-03-31': 5 };
    const read: string[] = [];
    const nearest = await firstFiled(['2022-09-30', '2022-12-31', '2023-03-31'], (period) => {
      read.push(period);
      return Promise.resolve(filed[period] ?? 0);
    });
    expect(nearest).toBe('2022-12-31');
    expect(read).toEqual(['2022-09-30', '2022-12-31']);
    expect(await firstFiled(['2022-09-30'], () => Promise.resolve(0))).toBeUndefined();
  });
});
