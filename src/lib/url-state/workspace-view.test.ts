import { describe, expect, it } from 'vitest';
import { viewForNewQuery } from './workspace-view.ts';
import type { WorkspaceView } from './workspace-view.ts';

const LOOKED_AT: WorkspaceView = {
  mode: 'chart',
  sort: [
    { id: 'value', desc: true },
    { id: 'ticker', desc: false },
  ],
  hidden: ['cusip'],
  chart: { tab: 'changes', topN: 25, filer: 'APPALOOSA LP', period: '2025-06-30', holding: 'KO' },
  filter: {
    label: 'AAPL',
    conditions: [{ field: 'ticker', op: 'in', values: ['AAPL'] }],
  },
};

describe('viewForNewQuery', () => {
  it('drops what was chosen on the old rows and keeps how the analyst likes to look', () => {
    expect(viewForNewQuery(LOOKED_AT, ['ticker', 'value', 'cusip'])).toEqual({
      mode: 'chart',
      sort: LOOKED_AT.sort,
      hidden: ['cusip'],
      chart: { tab: 'changes', topN: 25 },
      filter: undefined,
    });
  });

  it('keeps a client sort only on columns the new query returns', () => {
    expect(viewForNewQuery(LOOKED_AT, ['ticker']).sort).toEqual([{ id: 'ticker', desc: false }]);
    expect(viewForNewQuery(LOOKED_AT, ['companyname']).sort).toBeUndefined();
  });

  it('leaves no empty chart settings behind', () => {
    expect(viewForNewQuery({ chart: { filer: 'X' } }, []).chart).toBeUndefined();
  });
});
