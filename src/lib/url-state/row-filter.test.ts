import { describe, expect, it } from 'vitest';
import { applyRowFilter, sameRowFilter } from './row-filter.ts';
import type { RowFilter } from './row-filter.ts';

const rows = [
  { ticker: 'AAPL', periodofreport: '2025-03-31', createddate: '2025-03-04T10:00:00Z', n: 1 },
  { ticker: 'KO', periodofreport: '2025-03-31', createddate: '2025-02-01 09:00:00', n: 2 },
  { ticker: null, periodofreport: '2024-12-31', createddate: null, n: 3 },
];

function filter(...conditions: RowFilter['conditions']): RowFilter {
  return { label: 'test', conditions };
}

describe('applyRowFilter', () => {
  it('keeps every row without a filter or with no conditions', () => {
    expect(applyRowFilter(rows, undefined)).toBe(rows);
    expect(applyRowFilter(rows, filter())).toBe(rows);
  });

  it('keeps rows whose text is one of the values, and matches numbers by their text', () => {
    expect(applyRowFilter(rows, filter({ field: 'ticker', op: 'in', values: ['KO'] }))).toEqual([
      rows[1],
    ]);
    expect(applyRowFilter(rows, filter({ field: 'n', op: 'in', values: ['1', '3'] }))).toEqual([
      rows[0],
      rows[2],
    ]);
  });

  it('treats a missing value as empty text, so "not in" keeps it and "in" with "" finds it', () => {
    expect(
      applyRowFilter(rows, filter({ field: 'ticker', op: 'notIn', values: ['AAPL', 'KO'] })),
    ).toEqual([rows[2]]);
    expect(applyRowFilter(rows, filter({ field: 'ticker', op: 'in', values: [''] }))).toEqual([
      rows[2],
    ]);
  });

  it('matches months of dates and date-times, in either form, and never a missing date', () => {
    expect(
      applyRowFilter(rows, filter({ field: 'createddate', op: 'month', values: ['2025-02'] })),
    ).toEqual([rows[1]]);
  });

  it('requires every condition', () => {
    expect(
      applyRowFilter(
        rows,
        filter(
          { field: 'periodofreport', op: 'in', values: ['2025-03-31'] },
          { field: 'ticker', op: 'notIn', values: ['AAPL'] },
        ),
      ),
    ).toEqual([rows[1]]);
  });
});

describe('sameRowFilter', () => {
  const apple: RowFilter = {
    label: 'AAPL · BERKSHIRE HATHAWAY INC · 2025-03-31',
    conditions: [{ field: 'cusip', op: 'in', values: ['037833100'] }],
  };

  it('matches the same conditions whatever the label says', () => {
    expect(sameRowFilter(apple, { ...apple, label: 'Apple' })).toBe(true);
  });

  it('tells other values, operators and fields apart, and matches nothing without a filter', () => {
    const other = (condition: RowFilter['conditions'][number]) => ({
      ...apple,
      conditions: [condition],
    });
    expect(sameRowFilter(apple, other({ field: 'cusip', op: 'in', values: ['0'] }))).toBe(false);
    expect(
      sameRowFilter(apple, other({ field: 'cusip', op: 'notIn', values: ['037833100'] })),
    ).toBe(false);
    expect(sameRowFilter(apple, other({ field: 'ticker', op: 'in', values: ['037833100'] }))).toBe(
      false,
    );
    expect(sameRowFilter(apple, undefined)).toBe(false);
    expect(sameRowFilter(undefined, undefined)).toBe(false);
  });
});
