import { describe, expect, it } from 'vitest';
import { withRowScope } from './row-scope.ts';

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
