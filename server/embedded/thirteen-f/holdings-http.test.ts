import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../testing/api-server.ts';
import type { TestServer } from '../../../testing/api-server.ts';
import { ANALYST } from '../../../testing/fixtures.ts';
import { loadBerkshire } from '../../../testing/thirteen-f.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ users: [ANALYST], loadData: loadBerkshire });
  token = await server.tokenFor(ANALYST);
});
afterAll(() => server.close());

const berkshireIn = (period: string) => [
  { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
  { periodofreport: { $equals: period } },
];

describe('13F holdings over the API, from the real filings', () => {
  it('shows Apple trimmed by about half in Q2 2024', async () => {
    const answer = await server.query(
      {
        module: '13f_holdings',
        filters: {
          fields: [
            'ticker',
            'nameofissuer',
            'shrsorprnamt',
            'status',
            'pct_change_qoq',
            'portfolio_pct_weight',
            'filedat',
          ],
          filter: [...berkshireIn('2024-06-30'), { ticker: { $equals: 'AAPL' } }],
        },
      },
      token,
    );
    expect(answer.status).toBe(200);
    const [apple] = (answer.body as { records: Record<string, unknown>[] }).records;
    expect(apple).toMatchObject({
      ticker: 'AAPL',
      nameofissuer: 'APPLE INC',
      shrsorprnamt: 400_000_000,
      status: 'REDUCED',
    });
    expect(apple?.pct_change_qoq).toBeCloseTo(-49.33, 2);
    expect(apple?.portfolio_pct_weight).toBeCloseTo(30.0919, 4);
    expect(apple?.filedat).toBe('2024-08-14T00:00:00Z');
  });

  it('answers "what did they exit" as a plain query on status', async () => {
    const answer = await server.query(
      {
        module: '13f_holdings',
        filters: {
          fields: ['ticker', 'shrsorprnamt', 'value', 'pct_change_qoq'],
          filter: [...berkshireIn('2024-06-30'), { status: { $equals: 'SOLD OUT' } }],
        },
      },
      token,
    );
    const records = (answer.body as { records: Record<string, unknown>[] }).records;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records)
      expect(record).toMatchObject({ shrsorprnamt: 0, value: 0, pct_change_qoq: -100 });
  });

  it('lists a quarter largest position first when no order is given', async () => {
    const answer = await server.query(
      {
        module: '13f_holdings',
        filters: { fields: ['ticker', 'value'], filter: berkshireIn('2024-06-30'), max_num: '3' },
      },
      token,
    );
    const records = (answer.body as { records: { ticker: string; value: number }[] }).records;
    expect(records[0]?.ticker).toBe('AAPL');
    expect(records.map((record) => record.value)).toEqual(
      [...records.map((record) => record.value)].sort((a, b) => b - a),
    );
  });
});
