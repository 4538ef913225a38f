import { describe, expect, it } from 'vitest';
import { fakeRunQuery } from '../../../../testing/fake-run-query.ts';
import { readFilerMatches } from './account-reads.ts';

const ID = '0015g00000Jm3MaAAJ';
const row = (companyname: string, periodofreport: string, cusip: string) => ({
  companyname,
  service_account_id: ID,
  service_account_name: 'Lone Pine',
  periodofreport,
  cusip,
});
const many = (filer: string, period: string, count: number) =>
  Array.from({ length: count }, (_, at) => row(filer, period, `C${String(at)}`));

describe('readFilerMatches', () => {
  it('finds a second filer behind the first one’s many newer rows', async () => {
    const { run } = fakeRunQuery([
      ...many('LONE PINE CAPITAL LLC', '2025-12-31', 300),
      row('LONE PINE MANAGED FUNDS', '2024-12-31', 'X'),
    ]);
    const matches = await readFilerMatches(run, ID);
    expect(matches).toEqual({
      bounded: false,
      filers: [
        expect.objectContaining({ filer: 'LONE PINE CAPITAL LLC', latestPeriod: '2025-12-31' }),
        expect.objectContaining({ filer: 'LONE PINE MANAGED FUNDS', latestPeriod: '2024-12-31' }),
      ],
    });
  });

  it('stops at ten filers and says it did', async () => {
    const filers = Array.from({ length: 12 }, (_, at) =>
      row(`FILER ${String(at)}`, '2025-12-31', 'A'),
    );
    const { run, bodies } = fakeRunQuery(filers);
    const matches = await readFilerMatches(run, ID);
    expect(matches !== 'forbidden' && matches.filers).toHaveLength(10);
    expect(matches !== 'forbidden' && matches.bounded).toBe(true);
    expect(bodies).toHaveLength(11);
  });
});
