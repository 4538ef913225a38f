import { afterEach, describe, expect, it } from 'vitest';
import { validateQuery } from '#contract/validate';
import { Database } from './db/database.ts';
import { appendRows, createTables, type SeedRow } from './db/schema.ts';
import { RowCapExceeded, runQuery } from './run-query.ts';

let database: Database | undefined;
afterEach(() => {
  database?.close();
  database = undefined;
});

const TODAY = new Date('2026-01-15T00:00:00Z');

// Text that JSON must escape, and numbers JSON cannot carry (NaN, ±Infinity become null).
const HOLDINGS: SeedRow[] = [
  { companyname: 'GAMMA "QUANT" PARTNERS LP', cusip: '000000001', value: 300, ticker: 'A\\B' },
  { companyname: 'line\nbreak\ttab\u0001', cusip: '000000002', value: 300, ticker: null },
  { companyname: 'Société Générale ✓ 😀', cusip: '000000003', value: Number.NaN },
  { companyname: 'U+2028 \u2028 here', cusip: '000000004', value: Number.POSITIVE_INFINITY },
  { companyname: 'plain', cusip: '000000005', value: 0.1, periodofreport: '2025-03-31' },
  { companyname: 'big', cusip: '000000006', value: 1e21, filedat: '2025-05-15T16:04:05Z' },
];

async function setup(rows: SeedRow[] = HOLDINGS, updates: SeedRow[] = []) {
  database = await Database.open(':memory:', { poolSize: 1 });
  await database.withConnection(async (connection) => {
    await createTables(connection);
    await appendRows(connection, '13f_holdings', rows);
    await appendRows(connection, 'updates', updates);
  });
  const opened = database;
  // The SQL of every statement the query runs, as the database receives it.
  const statements: string[] = [];
  const runRows = opened.rows.bind(opened);
  opened.rows = (statement, options) => {
    statements.push(statement.sql);
    return runRows(statement, options);
  };
  return {
    statements,
    answer: async (body: unknown, rowCap = 1000) => {
      const checked = validateQuery(body);
      if (!checked.ok) throw new Error(checked.problem.message);
      const json = await runQuery(opened, checked.query, {
        today: TODAY,
        rowCap,
        timeoutMs: 60_000,
      });
      return JSON.parse(json.toString()) as { records: Record<string, unknown>[] } & Record<
        string,
        unknown
      >;
    },
  };
}

const FIELDS = ['companyname', 'cusip', 'value', 'ticker', 'periodofreport', 'filedat'];

describe('runQuery', () => {
  it('answers every value as JSON.stringify would: escapes kept, non-finite numbers null', async () => {
    const { answer } = await setup();
    const body = { module: '13f_holdings', filters: { fields: FIELDS, max_num: '10' } };
    expect(await answer(body)).toEqual({
      records: HOLDINGS.map((row) => ({
        companyname: row.companyname,
        cusip: row.cusip,
        value: Number.isFinite(row.value) ? row.value : null,
        ticker: row.ticker ?? null,
        periodofreport: row.periodofreport ?? null,
        filedat: row.filedat ?? null,
      })),
      next_offset: -1,
    });
  });

  it('keeps the query order, ties in stored order, across pages that never overlap', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({
      companyname: `filer ${String(index)}`,
      value: index % 3,
    }));
    const { answer } = await setup(rows);
    const page = (offset: number) => ({
      module: '13f_holdings',
      filters: {
        fields: ['companyname', 'value'],
        order_by: 'value:DESC',
        max_num: '3',
        offset: String(offset),
      },
    });
    const first = await answer(page(0));
    const second = await answer(page(3));
    const last = await answer(page(6));
    expect([first.next_offset, second.next_offset, last.next_offset]).toEqual([3, 6, -1]);
    expect(
      [...first.records, ...second.records, ...last.records].map((r) => r.companyname),
    ).toEqual(['filer 2', 'filer 5', 'filer 1', 'filer 4', 'filer 0', 'filer 3', 'filer 6']);
  });

  it('answers booleans and an empty page', async () => {
    const updates = [{ sfid: 'a1', job_change__c: true, role_change__c: false }];
    const { answer } = await setup([], updates);
    const fields = ['sfid', 'job_change__c', 'role_change__c'];
    expect(await answer({ module: 'updates', filters: { fields, max_num: '5' } })).toEqual({
      records: [{ sfid: 'a1', job_change__c: true, role_change__c: false }],
      next_offset: -1,
    });
    expect(await answer({ module: 'updates', filters: { fields, max_num: '0' } })).toEqual({
      records: [],
      next_offset: -1,
    });
    expect(await answer({ module: '13f_holdings', filters: { max_num: '5' } })).toEqual({
      records: [],
      next_offset: -1,
    });
  });

  it('$in answers the rows of exactly the listed periods, and text values in any case', async () => {
    const periods = ['2025-06-30', '2025-09-30', '2025-12-31', '2026-03-31'];
    const rows = periods.flatMap((periodofreport, index) => [
      { companyname: `A ${String(index)}`, periodofreport, ticker: 'AAPL' },
      { companyname: `B ${String(index)}`, periodofreport, ticker: 'MSFT' },
    ]);
    const { answer } = await setup([...rows, { companyname: 'undated', ticker: 'aapl' }]);
    const body = (filter: unknown[]) => ({
      module: '13f_holdings',
      filters: { fields: ['companyname', 'periodofreport'], filter, max_num: '-1' },
    });
    const listed = await answer(body([{ periodofreport: { $in: ['2025-09-30', '2025-12-31'] } }]));
    expect(listed.records.map((record) => record.periodofreport).sort()).toEqual([
      '2025-09-30',
      '2025-09-30',
      '2025-12-31',
      '2025-12-31',
    ]);
    // A hostile value is one more value to compare with, matching nothing.
    const hostile = `') OR 1=1 --`;
    const tickers = await answer(body([{ ticker: { $in: ['Aapl', hostile] } }]));
    expect(tickers.records.map((record) => record.companyname)).toEqual([
      'A 0',
      'A 1',
      'A 2',
      'A 3',
      'undated',
    ]);
  });

  it('refuses an unpaged query that matches more rows than the cap', async () => {
    const { answer } = await setup();
    const body = { module: '13f_holdings', filters: { max_num: '-1' } };
    await expect(answer(body, 5)).rejects.toBeInstanceOf(RowCapExceeded);
    expect((await answer(body, 6)).records).toHaveLength(6);
  });

  it('refuses an over-cap query from a count, before it writes any row', async () => {
    const { answer, statements } = await setup();
    const body = { module: '13f_holdings', filters: { max_num: '-1' } };
    await expect(answer(body, 5)).rejects.toBeInstanceOf(RowCapExceeded);
    // One statement, a count that stops past the cap; never the page's JSON of every row.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/count\(\*\)/);
    expect(statements[0]).toMatch(/LIMIT 6\b/);
    expect(statements[0]).not.toMatch(/json|records/i);
  });
});
