import { describe, expect, it } from 'vitest';
import { fakeRunQuery } from '../../../../testing/fake-run-query.ts';
import { readQuartersFromRows } from './thirteen-f-reads.ts';

const FILER = 'LONE PINE CAPITAL LLC';
const row = (period: string, cusip: string) => ({
  companyname: FILER,
  periodofreport: period,
  cusip,
  value: 100,
  status: 'UNCHANGED',
});
// Stored oldest first, as a service without an order would send them.
const rows = [
  row('2025-03-31', 'A'),
  row('2025-03-31', 'B'),
  row('2025-06-30', 'A'),
  row('2025-06-30', 'B'),
  row('2025-09-30', 'A'),
  row('2025-09-30', 'B'),
];

describe('readQuartersFromRows', () => {
  it('reads every quarter when the rows fit', async () => {
    const { run } = fakeRunQuery(rows);
    const read = await readQuartersFromRows(run, FILER, undefined, 10);
    expect(read.olderUnread).toBe(false);
    expect(read.quarters.map((quarter) => quarter.period)).toEqual([
      '2025-09-30',
      '2025-06-30',
      '2025-03-31',
    ]);
  });

  it('reads the newest rows and drops the partial oldest quarter when capped', async () => {
    const { run } = fakeRunQuery(rows);
    const read = await readQuartersFromRows(run, FILER, undefined, 3);
    expect(read.olderUnread).toBe(true);
    expect(read.quarters.map((quarter) => [quarter.period, quarter.positions])).toEqual([
      ['2025-09-30', 2],
    ]);
  });
});
