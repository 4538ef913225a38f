import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import { ROW_ID_COLUMN, quoteIdentifier } from '../db/schema.ts';

/**
 * Rebuilds the served `13f_holdings` table from the raw filings, the way the best 13F sites
 * compute it:
 *
 * - per filer and period, the latest original or RESTATEMENT filing, plus NEW HOLDINGS
 *   amendments filed after it (ties broken by accession, so the result never depends on load order);
 * - the first ticker listed for a CUSIP, the last filer match listed for a CIK;
 * - rows aggregated by CUSIP and put/call, since one security spans many rows; an option row
 *   (put or call) stays apart from the shares of its CUSIP, its `name` ending in " PUT"/" CALL";
 * - weight = value / the filer's long (non-option) value for the period × 100, for option rows
 *   too (as the independent implementations count it); null when that long value is 0;
 * - change = shares versus the filer's report for the immediately preceding calendar quarter,
 *   in percent;
 * - status NEW / ADDED / REDUCED / UNCHANGED, and a SOLD OUT row (zero shares and value,
 *   −100 %) for every position of the previous quarter that is gone. A filer's first period in
 *   the data, and a period after a quarter with no report (a 13F-NT, or nothing filed), have no
 *   status, no change and no SOLD OUT rows: what happened in the missing quarter is unknown, and
 *   a report two quarters older is no base for a quarter-over-quarter change.
 */
const DERIVE_SELECT = `
WITH base AS (
  SELECT cik, period_of_report, arg_max(accession, (filed_at, accession)) AS accession, max(filed_at) AS filed_at
  FROM thirteenf_filing
  WHERE amendment_type IS NULL OR amendment_type = 'RESTATEMENT'
  GROUP BY cik, period_of_report
),
effective AS (
  SELECT f.accession, f.cik, f.period_of_report, f.filed_at
  FROM thirteenf_filing f JOIN base b USING (cik, period_of_report)
  WHERE f.accession = b.accession OR (f.amendment_type = 'NEW HOLDINGS' AND f.filed_at >= b.filed_at)
),
filer_names AS (
  SELECT cik, arg_max(filer_name, filed_at) AS filer_name FROM thirteenf_filing GROUP BY cik
),
reported AS (
  SELECT cik, period_of_report AS period, max(filed_at) AS filed_at,
    lag(period_of_report) OVER (PARTITION BY cik ORDER BY period_of_report) AS earlier
  FROM effective GROUP BY cik, period_of_report
),
filer_periods AS (
  -- The earlier report counts only when it is for the calendar quarter just before.
  SELECT cik, period, filed_at,
    CASE WHEN year(earlier) * 4 + quarter(earlier) = year(period) * 4 + quarter(period) - 1
      THEN earlier END AS previous_period
  FROM reported
),
positions AS (
  SELECT e.cik, e.period_of_report AS period, i.cusip, i.put_call,
    arg_max(i.nameofissuer, (i.value_usd, i.accession, i.row_number)) AS issuer, sum(i.value_usd) AS value, sum(i.shares) AS shares
  FROM thirteenf_infotable i JOIN effective e USING (accession)
  GROUP BY e.cik, e.period_of_report, i.cusip, i.put_call
),
totals AS (
  SELECT cik, period, sum(value) FILTER (WHERE put_call IS NULL) AS total
  FROM positions GROUP BY cik, period
),
held AS (
  SELECT p.*, fp.filed_at, fp.previous_period, prev.shares AS previous_shares
  FROM positions p
  JOIN filer_periods fp ON fp.cik = p.cik AND fp.period = p.period
  LEFT JOIN positions prev ON prev.cik = p.cik AND prev.period = fp.previous_period
    AND prev.cusip = p.cusip AND prev.put_call IS NOT DISTINCT FROM p.put_call
),
sold AS (
  SELECT prev.cik, fp.period, prev.cusip, prev.put_call, prev.issuer, fp.filed_at
  FROM filer_periods fp
  JOIN positions prev ON prev.cik = fp.cik AND prev.period = fp.previous_period
  ANTI JOIN positions now ON now.cik = fp.cik AND now.period = fp.period
    AND now.cusip = prev.cusip AND now.put_call IS NOT DISTINCT FROM prev.put_call
),
derived AS (
  SELECT h.cik, h.period, h.cusip, h.put_call, h.issuer, h.value, h.shares, h.filed_at,
    CASE
      WHEN h.previous_period IS NULL THEN NULL
      WHEN coalesce(h.previous_shares, 0) = 0 THEN 'NEW'
      WHEN h.shares > h.previous_shares THEN 'ADDED'
      WHEN h.shares < h.previous_shares THEN 'REDUCED'
      ELSE 'UNCHANGED'
    END AS status,
    CASE WHEN h.previous_shares > 0
      THEN (h.shares - h.previous_shares) / h.previous_shares * 100 END AS pct_change,
    CASE WHEN t.total > 0 THEN h.value / t.total * 100 END AS weight
  FROM held h JOIN totals t USING (cik, period)
  UNION ALL
  SELECT s.cik, s.period, s.cusip, s.put_call, s.issuer, 0, 0, s.filed_at, 'SOLD OUT', -100,
    CASE WHEN t.total > 0 THEN 0 END
  FROM sold s LEFT JOIN totals t USING (cik, period)
),
tickers AS (SELECT cusip, arg_min(ticker, rowid) AS ticker FROM cusip_ticker GROUP BY cusip),
matches AS (
  SELECT cik, arg_max(account_id, rowid) AS account_id, arg_max(account_name, rowid) AS account_name,
    arg_max(strategy_id, rowid) AS strategy_id, arg_max(strategy_name, rowid) AS strategy_name
  FROM filer_match GROUP BY cik
)
SELECT
  CAST(row_number() OVER (ORDER BY n.filer_name, d.cik, d.period DESC, d.value DESC, d.cusip, d.put_call) - 1 AS INTEGER) AS "_row",
  concat_ws(' ', n.filer_name, strftime(d.period, '%Y-%m-%d'), coalesce(t.ticker, d.cusip), d.put_call) AS "name",
  d.issuer AS "nameofissuer", t.ticker AS "ticker", d.cusip AS "cusip", d.value AS "value",
  d.shares AS "shrsorprnamt", d.filed_at AS "filedat", d.period AS "periodofreport",
  n.filer_name AS "companyname", m.account_id AS "service_account_id",
  m.account_name AS "service_account_name", m.strategy_id AS "service_investment_strategy_id",
  m.strategy_name AS "service_investment_strategy_name", d.status AS "status",
  d.pct_change AS "pct_change_qoq", d.weight AS "portfolio_pct_weight", d.cik AS "cik"
FROM derived d
JOIN filer_names n USING (cik)
LEFT JOIN tickers t USING (cusip)
LEFT JOIN matches m USING (cik)
`;

/** The derivation itself, hashed into the stamp a derived store carries (see `store.ts`). */
export const DERIVATION_SQL = DERIVE_SELECT;

/** `_row` and the catalog's fields of `13f_holdings`, in table order. */
export const HOLDINGS_FIELDS: readonly string[] = [
  ROW_ID_COLUMN,
  ...CATALOG['13f_holdings'].fields.map((field) => field.name),
];

/** `HOLDINGS_FIELDS`, quoted. */
export const HOLDINGS_COLUMNS = HOLDINGS_FIELDS.map(quoteIdentifier);

/** Replaces every row of `13f_holdings` with what the raw filings say. */
export async function deriveHoldings(connection: DuckDBConnection): Promise<void> {
  const columns = HOLDINGS_COLUMNS.join(', ');
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run('DELETE FROM "13f_holdings"');
    await connection.run(
      `INSERT INTO "13f_holdings" (${columns}) SELECT ${columns} FROM (${DERIVE_SELECT})`,
    );
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/**
 * Derives the filings in `connection`'s raw tables into a new table `target`: the columns of
 * `13f_holdings` plus the filer's `cik`, stored by period, then CUSIP. Analysts' queries name a
 * period: stored first, it lets DuckDB skip the other periods' row groups by their min/max; CUSIP
 * next keeps each row group's CUSIPs few, so their dictionary stays small and a CUSIP filter
 * (`lower(cusip) = …`) is cheap. Stored by CUSIP first, every row group held every period.
 */
export async function deriveHoldingsInto(
  connection: DuckDBConnection,
  target: string,
): Promise<void> {
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(target)} AS
     SELECT ${HOLDINGS_COLUMNS.join(', ')}, "cik" FROM (${DERIVE_SELECT}) ORDER BY "periodofreport", "cusip"`,
  );
}
