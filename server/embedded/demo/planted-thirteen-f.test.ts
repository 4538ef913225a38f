/**
 * The planted data-quality filer as the app serves it: loaded by the demo seed through the
 * importer, then derived into `13f_holdings` with every other filer. Each case the 13F charts
 * flag must come out of the derivation as designed, or the flags have nothing to show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyServiceDatabase } from '../../../testing/thirteen-f.ts';
import { deriveHoldings } from '../thirteen-f/derive.ts';
import { SHIPPED_CUSIP_TICKERS, readCusipTickers } from '../thirteen-f/reference.ts';
import {
  PLANTED_CIK,
  PLANTED_CUT,
  PLANTED_FILER,
  PLANTED_RESTATED,
  PLANTED_SECURITIES,
  PLANTED_SPLIT,
  PLANTED_UNIT_ERROR,
  addPlantedFilings,
} from './planted-thirteen-f.ts';
import { TODAY, query, scalar, seeded } from '../../../testing/demo-data.ts';
import type { Seeded } from '../../../testing/demo-data.ts';

let demo: Seeded;

beforeAll(async () => {
  demo = await seeded({ today: TODAY });
});

/** The planted filer's derived rows, with the period and filing day as text. */
const PLANTED_ROWS = `
  SELECT *, periodofreport::VARCHAR AS period, filedat::DATE::VARCHAR AS filed,
    value / nullif(shrsorprnamt, 0) AS price
  FROM "13f_holdings" WHERE companyname = '${PLANTED_FILER}'`;

/** One security's holding in two consecutive quarters, for the quarter-over-quarter cases. */
async function quarterOverQuarter(cusip: string, period: string) {
  const [row] = await query(
    demo.connection,
    `WITH h AS (${PLANTED_ROWS}),
       pairs AS (SELECT period, shrsorprnamt AS shares, value, price,
         lag(shrsorprnamt) OVER w AS before_shares, lag(value) OVER w AS before_value,
         lag(price) OVER w AS before_price
       FROM h WHERE cusip = '${cusip}' WINDOW w AS (ORDER BY period))
     SELECT * FROM pairs WHERE period = '${period}'`,
  );
  return {
    shares: Number(row?.shares) / Number(row?.before_shares),
    value: Number(row?.value) / Number(row?.before_value),
    price: Number(row?.before_price) / Number(row?.price),
  };
}

describe('the planted data-quality 13F filer', () => {
  it('is filed through the importer: four quarters, the last but one restated late', async () => {
    const filings = await query(
      demo.connection,
      `SELECT accession, period_of_report::VARCHAR AS period, filed_at::VARCHAR AS filed,
              submission_type AS type, amendment_type AS amendment, value_multiplier AS multiplier
       FROM thirteenf_filing WHERE cik = '${PLANTED_CIK}' ORDER BY filed_at`,
    );
    expect(filings).toEqual([
      filing('22-000001', '2022-09-30', '2022-11-14', 1000),
      filing('23-000001', '2022-12-31', '2023-02-14', 1),
      filing('23-000002', '2023-03-31', '2023-05-15', 1),
      filing('23-000003', '2023-06-30', '2023-08-14', 1),
      filing('23-000004', '2023-03-31', '2023-08-21', 1, 'RESTATEMENT'),
    ]);
  });

  it('scales the 2022-09-30 values, filed in thousands, to dollars', async () => {
    const rows = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT ticker, value, price FROM h WHERE period = '2022-09-30' ORDER BY ticker`,
    );
    expect(rows).toHaveLength(11);
    expect(rows.filter((row) => Number(row.value) % 1000 !== 0)).toEqual([]);
    // Apple closed at $138.20 on 2022-09-30: the implied price is in dollars, not thousands.
    const apple = rows.find((row) => row.ticker === 'AAPL');
    expect(Number(apple?.price)).toBeCloseTo(138.2, 1);
    // Scaled, the unit change makes no jump: every price moves less than 1.5× into 2022-12-31.
    const jumps = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT a.ticker, b.price / a.price AS ratio FROM h a JOIN h b USING (cusip)
       WHERE a.period = '2022-09-30' AND b.period = '2022-12-31' AND b.shrsorprnamt > 0
         AND (b.price / a.price > 1.5 OR a.price / b.price > 1.5)`,
    );
    expect(jumps).toEqual([]);
  });

  it('shows the 10-for-1 split: implied price falls about 10× while the value holds', async () => {
    const change = await quarterOverQuarter(PLANTED_SPLIT.cusip, PLANTED_SPLIT.period);
    expect(change.shares).toBe(10);
    expect(change.price).toBeGreaterThan(8);
    expect(change.price).toBeLessThan(12);
    expect(change.value).toBeGreaterThan(0.8);
    expect(change.value).toBeLessThan(1.25);
  });

  it('shows the unit error: implied price falls about 1000× with the shares unchanged', async () => {
    const change = await quarterOverQuarter(PLANTED_UNIT_ERROR.cusip, PLANTED_UNIT_ERROR.period);
    expect(change.shares).toBe(1);
    expect(change.price).toBeGreaterThan(900);
    expect(change.price).toBeLessThan(1100);
    // The next quarter is filed right again, so the price jumps back up.
    const next = await quarterOverQuarter(PLANTED_UNIT_ERROR.cusip, '2023-06-30');
    expect(1 / next.price).toBeGreaterThan(900);
  });

  it('has no other price jump above 5× between quarters', async () => {
    const jumps = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS} AND shrsorprnamt > 0),
         pairs AS (SELECT period, ticker, price / lag(price) OVER w AS ratio FROM h
           WINDOW w AS (PARTITION BY cusip ORDER BY period))
       SELECT period, ticker, CASE WHEN ratio > 1 THEN 'up' ELSE 'down' END AS direction
       FROM pairs WHERE ratio > 5 OR ratio < 1 / 5 ORDER BY period, ticker`,
    );
    expect(jumps).toEqual([
      { period: '2023-03-31', ticker: PLANTED_UNIT_ERROR.ticker, direction: 'down' },
      { period: '2023-03-31', ticker: PLANTED_SPLIT.ticker, direction: 'down' },
      { period: '2023-06-30', ticker: PLANTED_UNIT_ERROR.ticker, direction: 'up' },
    ]);
  });

  it('serves the restatement in place of the original, filed late', async () => {
    const periods = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT period, min(filed) AS filed, count(DISTINCT filed)::INTEGER AS filings,
              count(*)::INTEGER AS rows, bool_or(cusip = '${PLANTED_RESTATED.cusip}') AS has_tsm,
              max(filedat::DATE - periodofreport::DATE)::INTEGER AS days
       FROM h GROUP BY period ORDER BY period`,
    );
    expect(periods).toEqual([
      { period: '2022-09-30', filed: '2022-11-14', filings: 1, rows: 11, has_tsm: false, days: 45 },
      { period: '2022-12-31', filed: '2023-02-14', filings: 1, rows: 12, has_tsm: false, days: 45 },
      // The original's 11 holdings are not added to the restatement's 12, and TSM, which only
      // the restatement lists, is there: the restatement replaced the original.
      { period: '2023-03-31', filed: '2023-08-21', filings: 1, rows: 12, has_tsm: true, days: 143 },
      { period: '2023-06-30', filed: '2023-08-14', filings: 1, rows: 13, has_tsm: true, days: 45 },
    ]);
  });

  it('derives every status as designed', async () => {
    const rows = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT period, string_agg(ticker || ' ' || coalesce(status, '-'), ', ' ORDER BY ticker) AS statuses
       FROM h GROUP BY period ORDER BY period`,
    );
    expect(rows).toEqual([
      {
        period: '2022-09-30',
        statuses: 'AAPL -, AMZN -, AXP -, BAC -, CVX -, JNJ -, KO -, MA -, PG -, SPY -, V -',
      },
      {
        period: '2022-12-31',
        statuses:
          'AAPL UNCHANGED, AMZN ADDED, AXP UNCHANGED, BAC SOLD OUT, CVX ADDED, JNJ UNCHANGED, ' +
          'KO UNCHANGED, MA UNCHANGED, MCO NEW, PG REDUCED, SPY UNCHANGED, V UNCHANGED',
      },
      {
        // The split reads as MA ADDED +900 %: 13F shares know nothing of splits.
        period: '2023-03-31',
        statuses:
          'AAPL ADDED, AMZN UNCHANGED, AXP REDUCED, CVX UNCHANGED, JNJ UNCHANGED, KO UNCHANGED, ' +
          'MA ADDED, MCO ADDED, PG UNCHANGED, SPY REDUCED, TSM NEW, V UNCHANGED',
      },
      {
        // TSM is compared with the restated quarter, which holds it: UNCHANGED, not NEW. CVX's
        // line was lost at import: it reads SOLD OUT, and its filing says it is short (below).
        period: '2023-06-30',
        statuses:
          'AAPL UNCHANGED, AMZN REDUCED, AXP SOLD OUT, CVX SOLD OUT, JNJ ADDED, KO ADDED, ' +
          'MA UNCHANGED, MCO UNCHANGED, PG UNCHANGED, SNOW NEW, SPY UNCHANGED, TSM UNCHANGED, ' +
          'V ADDED',
      },
    ]);
  });

  it('declares each filing on its summary page: one served short, one with confidential omissions', async () => {
    const rows = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT period, any_value(declaredrows)::INTEGER AS declared,
         any_value(importedrows)::INTEGER AS imported,
         any_value(declaredvalue) - any_value(importedvalue) AS missing,
         any_value(confidentialomitted) AS omitted,
         list(ticker ORDER BY ticker) FILTER (WHERE status = 'SOLD OUT') AS sold
       FROM h GROUP BY period ORDER BY period`,
    );
    const cut = await query(
      demo.connection,
      `SELECT value FROM (${PLANTED_ROWS}) WHERE cusip = '${PLANTED_CUT.cusip}' AND period = '2023-03-31'`,
    );
    expect(
      rows.map(({ missing, ...row }) => ({ ...row, missing: Math.round(Number(missing)) })),
    ).toEqual([
      { period: '2022-09-30', declared: 11, imported: 11, missing: 0, omitted: false, sold: null },
      {
        period: '2022-12-31',
        declared: 11,
        imported: 11,
        missing: 0,
        omitted: true,
        sold: ['BAC'],
      },
      { period: '2023-03-31', declared: 12, imported: 12, missing: 0, omitted: false, sold: null },
      // 160,000 CVX at $157.35: the lost line's value, and a SOLD OUT row that is no sale.
      {
        period: '2023-06-30',
        declared: 12,
        imported: 11,
        missing: 160e3 * 157.35,
        omitted: false,
        sold: ['AXP', 'CVX'],
      },
    ]);
    expect(cut).toHaveLength(1);
  });

  it('shows a ticker for every security and is matched to no CRM account', async () => {
    const known = new Map(
      (await readCusipTickers(SHIPPED_CUSIP_TICKERS)).map(({ cusip, ticker }) => [cusip, ticker]),
    );
    for (const { cusip, ticker } of PLANTED_SECURITIES)
      expect(known.get(cusip), cusip).toBe(ticker);
    const [row] = await query(
      demo.connection,
      `WITH h AS (${PLANTED_ROWS})
       SELECT count(DISTINCT cusip)::INTEGER AS securities,
              count(*) FILTER (WHERE ticker IS NULL)::INTEGER AS untickered,
              count(*) FILTER (WHERE service_account_id IS NOT NULL
                               OR service_investment_strategy_id IS NOT NULL)::INTEGER AS matched
       FROM h`,
    );
    expect(row).toEqual({ securities: PLANTED_SECURITIES.length, untickered: 0, matched: 0 });
  });

  it('leaves out filings made after the demo’s day', async () => {
    const connection = await emptyServiceDatabase();
    // The day before the restatement: Q1 2023 is still the original filing, without TSM.
    const summary = await addPlantedFilings(connection, new Date('2023-08-20T23:59:59Z'));
    expect(summary).toEqual({
      filings: 4,
      rows: 11 + 11 + 11 + 11,
      periods: ['2022-09-30', '2022-12-31', '2023-03-31', '2023-06-30'],
    });
    await deriveHoldings(connection);
    const [q1] = await query(
      connection,
      `SELECT min(filedat)::DATE::VARCHAR AS filed, count(*)::INTEGER AS rows
       FROM "13f_holdings" WHERE periodofreport = DATE '2023-03-31'`,
    );
    expect(q1).toEqual({ filed: '2023-05-15', rows: 11 });
    expect(await scalar(connection, `SELECT count(*)::INTEGER FROM thirteenf_filing`)).toBe(
      summary.filings,
    );
  });
});

/** An expected raw filing row of the planted filer. */
function filing(
  sequence: string,
  period: string,
  filed: string,
  multiplier: number,
  amendment: 'RESTATEMENT' | null = null,
) {
  return {
    accession: `${PLANTED_CIK}-${sequence}`,
    period,
    filed: `${filed} 00:00:00`,
    type: amendment === null ? '13F-HR' : '13F-HR/A',
    amendment,
    multiplier,
  };
}
