import { describe, expect, it } from 'vitest';
import { quarterEnds } from './quarters.ts';

describe('quarterEnds', () => {
  it('lists the quarter ends from the last period back to the first, latest first', () => {
    expect(quarterEnds('2022-09-30', '2023-06-30')).toEqual([
      '2023-06-30',
      '2023-03-31',
      '2022-12-31',
      '2022-09-30',
    ]);
  });

  it('starts at the quarter of a last day inside one, and gives at least that quarter', () => {
    expect(quarterEnds('2025-01-15', '2025-05-02')).toEqual(['2025-06-30', '2025-03-31']);
    expect(quarterEnds('2025-12-31', '2025-12-31')).toEqual(['2025-12-31']);
  });
});
