import { describe, expect, it, vi } from 'vitest';
import { rowsWithScope, withRowScope } from './row-scope.ts';

const ROWS = [
  { cusip: '037833100', value: 3 },
  { cusip: '191216100', value: 2 },
];
const FILED = '2023-08-21T00:00:00Z';
const SCOPE = [
  { companyname: 'ALDER CREEK', periodofreport: '2023-03-31', filedat: FILED, cusip: '037833100' },
  { companyname: 'ALDER CREEK', periodofreport: '2023-03-31', filedat: FILED, cusip: '191216100' },
];

describe('withRowScope', () => {
  it('gives each row the filer, period and filing time of the same row of the scope query', () => {
    const scope = { companyname: 'ALDER CREEK', periodofreport: '2023-03-31', filedat: FILED };
    expect(withRowScope(ROWS, SCOPE)).toEqual([
      { ...scope, cusip: '037833100', value: 3 },
      { ...scope, cusip: '191216100', value: 2 },
    ]);
  });

  it('keeps a row’s own values over the fetched ones', () => {
    const own = [{ companyname: 'AS SHOWN', cusip: '037833100' }];
    expect(withRowScope(own, SCOPE)?.[0]?.companyname).toBe('AS SHOWN');
  });

  it('refuses rows that are not the same: fewer of them, or another CUSIP in a place', () => {
    expect(withRowScope(ROWS, SCOPE.slice(0, 1))).toBeUndefined();
    expect(withRowScope([...ROWS].reverse(), SCOPE)).toBeUndefined();
  });
});

describe('rowsWithScope: the rows of an export, each saying whose and when', () => {
  const pinnedBody = {
    module: '13f_holdings',
    filters: {
      fields: ['cusip', 'value'],
      filter: [
        { companyname: { $equals: 'ALDER CREEK' } },
        { periodofreport: { $equals: '2023-03-31' } },
      ],
    },
  };
  const openBody = {
    module: '13f_holdings',
    filters: { fields: ['cusip', 'value'], filter: [{ companyname: { $contains: 'ALDER' } }] },
  };

  it('writes the filter’s filer and period into rows that do not carry them, fetching nothing', async () => {
    const fetchScope = vi.fn(() => Promise.resolve(SCOPE));
    const scoped = await rowsWithScope(ROWS, pinnedBody, fetchScope);
    expect(scoped.rows.map((row) => [row.companyname, row.periodofreport, row.cusip])).toEqual([
      ['ALDER CREEK', '2023-03-31', '037833100'],
      ['ALDER CREEK', '2023-03-31', '191216100'],
    ]);
    expect(scoped.nameParts).toEqual(['ALDER CREEK', '2023-03-31', '13f']);
    expect(fetchScope).not.toHaveBeenCalled();
  });

  it('fetches them for every row by the same query when the filter does not pin them', async () => {
    const fetchScope = vi.fn(() => Promise.resolve(SCOPE));
    const scoped = await rowsWithScope(ROWS, openBody, fetchScope);
    expect(fetchScope).toHaveBeenCalledExactlyOnceWith(openBody, 2);
    expect(scoped.rows.map((row) => row.companyname)).toEqual(['ALDER CREEK', 'ALDER CREEK']);
  });

  it('refuses to write rows it cannot name: the service answered other rows', async () => {
    await expect(
      rowsWithScope(ROWS, openBody, () => Promise.resolve([...SCOPE].reverse())),
    ).rejects.toThrow(/could not be matched/);
  });
});
