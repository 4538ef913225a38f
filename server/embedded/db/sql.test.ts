import { describe, expect, it } from 'vitest';
import { validateQuery } from '#contract/validate';
import { buildCountSql, buildPageSql } from './sql.ts';

function query(body: unknown) {
  const result = validateQuery(body);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.query;
}

const TODAY = new Date('2026-06-15T12:00:00Z');
const filer = { companyname: { $equals: 'Berkshire Hathaway Inc' } };
const period = { periodofreport: { $equals: '2025-03-31' } };

describe('the source a query reads', () => {
  it('reads 13F rows stored by filer when any condition names the filer, in a group too', () => {
    for (const filter of [[filer, period], [{ $or: [period, { $and: [filer] }] }]]) {
      const body = { module: '13f_holdings', filters: { filter } };
      expect(buildPageSql(query(body), TODAY, 10).sql).toContain('FROM "13f_holdings_by_filer"');
      expect(buildCountSql(query(body), TODAY).sql).toContain('FROM "13f_holdings_by_filer"');
    }
  });

  it("reads the module's own table otherwise, and for every other module", () => {
    const holders = { module: '13f_holdings', filters: { filter: [{ cusip: { $equals: 'x' } }] } };
    expect(buildPageSql(query(holders), TODAY, 10).sql).toContain('FROM "13f_holdings" ');
    const accounts = { module: 'metro_area__c', filters: { filter: [{ name: { $equals: 'x' } }] } };
    expect(buildCountSql(query(accounts), TODAY).sql).toContain('FROM "metro_area__c"');
  });
});
