import { describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { portfolioRows, withoutFields } from '../../../../testing/chart-rows.ts';
import type { HoldingSpec } from '../../../../testing/chart-rows.ts';
import { thirteenFRowNotes } from './use-row-notes.ts';

const FILER = 'ACME CAPITAL LLC';
const HOLDINGS: readonly HoldingSpec[] = [
  { ticker: 'AAA', weight: 60 },
  { ticker: 'BBB', weight: 40 },
];
// A quarter earlier BBB cost $10 where it now costs $100: its implied price jumped ×10.
const EARLIER: readonly HoldingSpec[] = [
  { ticker: 'AAA', weight: 60 },
  { ticker: 'BBB', weight: 40, price: 10 },
];
const PINNED = {
  module: '13f_holdings',
  filters: {
    filter: [{ companyname: { $equals: FILER } }, { periodofreport: { $equals: '2025-03-31' } }],
  },
};

describe('thirteenFRowNotes: the flags of rows being exported', () => {
  it("fetches the pinned filer-period's previous quarter, as the table does, and flags the jump", async () => {
    // The starter query's shape: the filer and period are pinned, not returned.
    const rows = withoutFields(
      portfolioRows(FILER, '2025-03-31', HOLDINGS),
      'companyname',
      'periodofreport',
    ) as ServiceRecord[];
    const fetchPortfolio = vi.fn((filer: string, period: string) =>
      Promise.resolve(
        filer === FILER && period === '2024-12-31' ? portfolioRows(FILER, period, EARLIER) : [],
      ),
    );
    const notes = await thirteenFRowNotes(rows, PINNED, fetchPortfolio);
    expect(fetchPortfolio).toHaveBeenCalledExactlyOnceWith(FILER, '2024-12-31');
    expect(notes.get(rows[0] as ServiceRecord)).toBeUndefined();
    expect(notes.get(rows[1] as ServiceRecord)).toEqual([
      expect.stringMatching(/^The implied price per share went from \$10\.00 to \$100\.00/),
    ]);
  });

  it('compares within the rows, fetching nothing, when they span more than a few filer-periods', async () => {
    const periods = ['2024-03-31', '2024-06-30', '2024-09-30', '2024-12-31', '2025-03-31'];
    const rows: ServiceRecord[] = periods.flatMap((period, index) =>
      portfolioRows(FILER, period, index === periods.length - 2 ? EARLIER : HOLDINGS),
    );
    const fetchPortfolio = vi.fn(() => Promise.resolve([]));
    const notes = await thirteenFRowNotes(rows, { module: '13f_holdings' }, fetchPortfolio);
    expect(fetchPortfolio).not.toHaveBeenCalled();
    // BBB jumps ×10 into 2024-12-31 and back ÷10 out of it.
    const flagged = [...notes.keys()].map(
      (row) => `${String(row.ticker)} ${String(row.periodofreport)}`,
    );
    expect(flagged.sort()).toEqual(['BBB 2024-12-31', 'BBB 2025-03-31']);
  });

  it('still flags what the rows show when a previous quarter cannot be fetched', async () => {
    const late = portfolioRows(FILER, '2025-03-31', HOLDINGS, '2025-08-01');
    const notes = await thirteenFRowNotes(late, { module: '13f_holdings' }, () =>
      Promise.reject(new Error('offline')),
    );
    expect(notes.size).toBe(2);
    expect([...notes.values()].flat()).toEqual([
      expect.stringMatching(/^Filed 123 days after the quarter/),
      expect.stringMatching(/^Filed 123 days after the quarter/),
    ]);
  });
});
