import { beforeAll, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { appendRows } from '../db/schema.ts';
import { buildCrmWorld } from './crm.ts';
import { DEFAULT_SEED } from './seed.ts';
import { TODAY, emptyDatabase, futureValues, query, scalar, seeded } from './test-support.ts';
import type { Row } from './test-support.ts';
import { isValidCusip, thirteenFRows } from './thirteen-f.ts';

const world = buildCrmWorld(DEFAULT_SEED, TODAY);
let connection: DuckDBConnection;

beforeAll(async () => {
  connection = await emptyDatabase();
  await appendRows(connection, '13f_holdings', thirteenFRows(world, DEFAULT_SEED, TODAY));
});

/** Every row with its period's index, the filer's first index and last period's shares. */
const WITH_PREVIOUS = `
  WITH periods AS (
    SELECT periodofreport, row_number() OVER (ORDER BY periodofreport) AS i
    FROM (SELECT DISTINCT periodofreport FROM "13f_holdings")),
  r AS (SELECT h.*, p.i FROM "13f_holdings" h JOIN periods p USING (periodofreport)),
  firsts AS (SELECT companyname, min(i) AS first_i FROM r GROUP BY 1)
  SELECT cur.companyname, cur.cusip, cur.status, cur.pct_change_qoq AS pct,
         cur.shrsorprnamt AS shares, cur.value, cur.portfolio_pct_weight AS weight,
         prev.shrsorprnamt AS before, cur.i = f.first_i AS first_period
  FROM r cur JOIN firsts f USING (companyname)
  LEFT JOIN r prev ON prev.companyname = cur.companyname AND prev.cusip = cur.cusip
    AND prev.i = cur.i - 1 AND prev.status IS DISTINCT FROM 'SOLD OUT'`;

/** What is wrong with a row's status and share change, or null when it is coherent. */
function statusProblem(row: Row): string | null {
  const pct = row.pct as number | null;
  const before = row.before as number | null;
  if (row.first_period === true) {
    return row.status === null && pct === null ? null : 'first period must have no status';
  }
  switch (row.status) {
    case 'NEW':
      return pct === null && before === null ? null : 'NEW needs no change and no prior position';
    case 'SOLD OUT':
      return row.shares === 0 && row.value === 0 && row.weight === 0 && pct === -100 && before
        ? null
        : 'SOLD OUT needs 0 shares, value, weight, -100 and a prior position';
    case 'ADDED':
    case 'REDUCED':
    case 'UNCHANGED': {
      if (pct === null || before === null) return `${row.status} needs a prior position`;
      const expected = ((Number(row.shares) - before) / before) * 100;
      if (Math.abs(expected - pct) > 0.006) return `change ${pct} but shares say ${expected}`;
      if (row.status === 'ADDED') return pct > 0 ? null : 'ADDED needs a positive change';
      if (row.status === 'REDUCED') return pct < 0 && pct > -100 ? null : 'REDUCED out of range';
      return pct === 0 ? null : 'UNCHANGED needs a zero change';
    }
    default:
      return `unknown status ${String(row.status)}`;
  }
}

describe('13F holdings', () => {
  it('covers eight quarter ends up to the last one whose filing deadline has passed', async () => {
    // 2026-03-15 minus 45 days is 2026-01-29, so 2025-12-31 is the latest complete period.
    const periods = await query(
      connection,
      `SELECT DISTINCT periodofreport::VARCHAR AS p FROM "13f_holdings" ORDER BY 1`,
    );
    expect(periods.map((row) => row.p)).toEqual([
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
      '2025-03-31',
      '2025-06-30',
      '2025-09-30',
      '2025-12-31',
    ]);
    const misfiled = await scalar(
      connection,
      `SELECT count(*)::INTEGER FROM "13f_holdings"
       WHERE filedat < periodofreport + INTERVAL 40 DAY OR filedat >= periodofreport + INTERVAL 45 DAY`,
    );
    expect(misfiled).toBe(0);
  });

  it('weights each filer-period to 100 percent', async () => {
    const off = await query(
      connection,
      `SELECT companyname, periodofreport, sum(portfolio_pct_weight) AS total
       FROM "13f_holdings" WHERE status IS DISTINCT FROM 'SOLD OUT'
       GROUP BY ALL HAVING abs(sum(portfolio_pct_weight) - 100) > 0.01`,
    );
    expect(off).toEqual([]);
  });

  it('derives status and share change from the previous quarter', async () => {
    const rows = await query(connection, WITH_PREVIOUS);
    const problems = rows
      .map((row) => ({ row, problem: statusProblem(row) }))
      .filter((entry) => entry.problem !== null);
    expect(problems.slice(0, 5)).toEqual([]);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['NEW', 'ADDED', 'REDUCED', 'UNCHANGED', 'SOLD OUT', null]) {
      expect(statuses.has(status), String(status)).toBe(true);
    }
  });

  it('reports every position of last quarter again, held or sold out', async () => {
    const vanished = await scalar(
      connection,
      `SELECT count(*)::INTEGER FROM "13f_holdings" prev
       WHERE prev.status IS DISTINCT FROM 'SOLD OUT'
         AND prev.periodofreport < (SELECT max(periodofreport) FROM "13f_holdings")
         AND NOT EXISTS (SELECT 1 FROM "13f_holdings" cur
           WHERE cur.companyname = prev.companyname AND cur.cusip = prev.cusip
             AND cur.periodofreport = last_day(prev.periodofreport + INTERVAL 3 MONTH))`,
    );
    expect(vanished).toBe(0);
  });

  it('values every holding at one price per security and quarter', async () => {
    const spread = await scalar(
      connection,
      `SELECT max(hi - lo) FROM (
         SELECT max(value / shrsorprnamt) AS hi, min(value / shrsorprnamt) AS lo
         FROM "13f_holdings" WHERE shrsorprnamt >= 10 GROUP BY cusip, periodofreport)`,
    );
    expect(spread).toBeLessThan(0.1);
  });

  it('identifies securities consistently, with valid CUSIPs', async () => {
    const securities = await query(
      connection,
      `SELECT cusip, count(DISTINCT ticker)::INTEGER AS tickers,
              count(DISTINCT nameofissuer)::INTEGER AS names FROM "13f_holdings" GROUP BY 1`,
    );
    expect(securities.length).toBeGreaterThan(100);
    const bad = securities.filter(
      (row) => !isValidCusip(String(row.cusip)) || row.tickers !== 1 || row.names !== 1,
    );
    expect(bad).toEqual([]);
    const misnamed = await scalar(
      connection,
      `SELECT count(*)::INTEGER FROM "13f_holdings"
       WHERE name <> concat_ws(' ', companyname, periodofreport::VARCHAR, ticker)`,
    );
    expect(misnamed).toBe(0);
  });

  it('matches about 60% of filers to a CRM account and one of its strategies', async () => {
    const filers = await query(
      connection,
      `SELECT DISTINCT companyname, service_account_id AS account, service_account_name AS name,
              service_investment_strategy_id AS strategy, service_investment_strategy_name AS sname
       FROM "13f_holdings"`,
    );
    expect(new Set(filers.map((row) => row.companyname)).size).toBe(filers.length);
    const strategies = new Map(world.strategies.map((strategy) => [strategy.id, strategy]));
    const matched = filers.filter((row) => row.account !== null);
    expect(matched.length / filers.length).toBeCloseTo(0.6, 1);
    for (const row of filers) {
      const nulls = [row.account, row.name, row.strategy, row.sname].filter((v) => v === null);
      expect([0, 4]).toContain(nulls.length);
    }
    for (const row of matched) {
      const strategy = strategies.get(String(row.strategy));
      expect(strategy?.account.id).toBe(row.account);
      expect(strategy?.account.name).toBe(row.name);
      expect(strategy?.name).toBe(row.sname);
    }
  });
});

describe('13F at benchmark scale and on another seed', () => {
  it('scales the filer count to the requested row count', async () => {
    const midnight = new Date('2026-03-15T00:00:00Z');
    const scaled = await seeded({ today: midnight, seed: 7, thirteenFRows: 20_000 });
    expect(scaled.counts['13f_holdings']).toBeGreaterThanOrEqual(20_000);
    expect(scaled.counts['13f_holdings']).toBeLessThan(21_500);
    const filers = await scalar(
      scaled.connection,
      'SELECT count(DISTINCT companyname)::INTEGER FROM "13f_holdings"',
    );
    expect(filers).toBeGreaterThan(25);
    // A day given at midnight leaves no room after it: nothing may land later that day.
    expect(await futureValues(scaled.connection, midnight)).toEqual([]);
  });

  it('differs for another seed', () => {
    const first = (seed: number) => thirteenFRows(buildCrmWorld(seed, TODAY), seed, TODAY).next();
    expect(first(7).value).not.toEqual(first(DEFAULT_SEED).value);
  });
});
