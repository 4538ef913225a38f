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

describe('$in', () => {
  const where = (filter: unknown[], module = '13f_holdings') => {
    const { sql, params } = buildCountSql(query({ module, filters: { filter } }), TODAY);
    return { where: sql.slice(sql.indexOf(' WHERE ')), params };
  };

  it('binds every value, typed as $equals types it', () => {
    expect(where([{ periodofreport: { $in: ['2025-09-30', '2025-12-31'] } }])).toEqual({
      where: ' WHERE "periodofreport" IN (CAST($1 AS DATE), CAST($2 AS DATE))',
      params: ['2025-09-30', '2025-12-31'],
    });
    expect(where([{ value: { $in: ['1000', 2.5] } }])).toEqual({
      where: ' WHERE "value" IN (CAST($1 AS DOUBLE), CAST($2 AS DOUBLE))',
      params: ['1000', '2.5'],
    });
  });

  it('ignores case on text as $equals does, and compares ids exactly', () => {
    expect(where([{ ticker: { $in: ['aapl'] } }]).where).toBe(
      ' WHERE lower("ticker") IN (lower($1))',
    );
    expect(where([{ cusip: { $in: ['037833100'] } }]).where).toBe(' WHERE "cusip" IN ($1)');
  });

  it('keeps a hostile value a value: bound, never in the statement', () => {
    const hostile = `x') OR 1=1; DROP TABLE "13f_holdings"; --`;
    const { where: text, params } = where([{ companyname: { $in: ['a', hostile] } }]);
    expect(params).toEqual(['a', hostile]);
    expect(text).toBe(' WHERE lower("companyname") IN (lower($1), lower($2))');
  });
});
