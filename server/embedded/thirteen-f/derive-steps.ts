/**
 * The derivation of `13f_holdings` from the raw filings, the way the best 13F sites compute it:
 *
 * - per filer and period, the latest original or RESTATEMENT filing, plus NEW HOLDINGS
 *   amendments filed after it (ties broken by accession, so the result never depends on load order);
 * - the first ticker listed for a CUSIP, the last filer match listed for a CIK;
 * - rows aggregated by CUSIP and put/call, since one security spans many rows; an option row
 *   (put or call) stays apart from the shares of its CUSIP, its `name` ending in " PUT"/" CALL";
 * - weight = value / the filer's long (non-option) value for the period × 100, so share
 *   positions add up to 100 %; null for option rows, whose value is the underlying's notional
 *   (counting it inflated weights past 100 %, the error 13F trackers published corrections
 *   for), and null when that long value is 0;
 * - each row carries the filing it came from (accession, date, amendment type, and what that
 *   filing declares against what was imported of it): for a security in both the original and a
 *   NEW HOLDINGS amendment, the latest; a SOLD OUT row carries the period's original filing;
 * - change = shares versus the filer's report for the immediately preceding calendar quarter,
 *   in percent;
 * - status NEW / ADDED / REDUCED / UNCHANGED, and a SOLD OUT row (zero shares and value,
 *   −100 %) for every position of the previous quarter that is gone. A filer's first period in
 *   the data, and a period after a quarter with no report (a 13F-NT, or nothing filed), have no
 *   status, no change and no SOLD OUT rows: what happened in the missing quarter is unknown, and
 *   a report two quarters older is no base for a quarter-over-quarter change.
 *
 * It runs as steps, each a temporary table built from the ones before, so that no statement holds
 * the whole store's positions in several hash tables at once: each step is one scan, join or sort
 * that DuckDB can spill to disk under a memory limit (one statement doing it all needed 6.9 GB for
 * 6M rows and failed under 1.5 GB). A position is compared with the filer's previous quarter by a
 * window over the filer's history of that security, not by joining all positions to all positions.
 */
import { SOLD_OUT_SQL, statusCases } from './status-sql.ts';

/**
 * The filers and periods a derivation reads (`thirteenf_work_window`, made by `derive.ts`: `cik`,
 * `period`, `emit`): those whose rows it writes (`emit`) and each one's quarter before, which
 * their changes and SOLD OUT rows compare with. Deriving what a new file changed in a large store
 * reads those filers' quarters, not the store.
 */
export const WINDOW_TABLE = 'thirteenf_work_window';

/** Per filer and period of the window, the filings that count (see above). */
const EFFECTIVE_FILINGS = `
WITH base AS (
  SELECT f.cik, f.period_of_report, arg_max(f.accession, (f.filed_at, f.accession)) AS accession,
    max(f.filed_at) AS filed_at
  FROM thirteenf_filing f JOIN ${WINDOW_TABLE} w ON w.cik = f.cik AND w.period = f.period_of_report
  WHERE f.amendment_type IS NULL OR f.amendment_type = 'RESTATEMENT'
  GROUP BY f.cik, f.period_of_report
),
effective AS (
  SELECT f.accession, f.cik, f.period_of_report, f.filed_at, f.accession = b.accession AS is_base
  FROM thirteenf_filing f JOIN base b USING (cik, period_of_report)
  WHERE f.accession = b.accession OR (f.amendment_type = 'NEW HOLDINGS' AND f.filed_at >= b.filed_at)
)`;

/**
 * One row per filer, period, CUSIP and put/call, for the period bound to `$1`: run once per
 * period, so the aggregation holds one quarter's positions at a time, not the store's (over the
 * whole store of 6M rows it ran out of 768 MB now and then). With `stored` (a table of derived
 * holdings, when only some filer-periods are derived again), a filer-period the window reads
 * without writing it, the quarter before one that is written, is read from its derived rows
 * (SOLD OUT rows apart, which hold no position): they are what its filings give, and reading a
 * whole quarter's information tables again cost 4.5 s of a next file's derivation at 3M rows.
 */
function positions(stored: string | undefined): string {
  const written = `JOIN ${WINDOW_TABLE} w ON w.cik = e.cik AND w.period = e.period_of_report AND w.emit`;
  const aggregated = `${EFFECTIVE_FILINGS}
SELECT e.cik, e.period_of_report AS period, i.cusip, i.put_call,
  arg_max(i.nameofissuer, (i.value_usd, i.accession, i.row_number)) AS issuer,
  sum(i.value_usd) AS value, sum(i.shares) AS shares,
  arg_max(i.accession, (e.filed_at, i.accession)) AS accession
FROM thirteenf_infotable i JOIN effective e USING (accession)
${stored === undefined ? '' : written}
WHERE e.period_of_report = $1
GROUP BY e.cik, e.period_of_report, i.cusip, i.put_call`;
  if (stored === undefined) return aggregated;
  return `${aggregated}
UNION ALL
SELECT h.cik, h.periodofreport, h.cusip, h.putcall, h.nameofissuer, h.value, h.shrsorprnamt,
  h.accession
FROM ${stored} h JOIN ${WINDOW_TABLE} w ON w.cik = h.cik AND w.period = h.periodofreport AND NOT w.emit
WHERE h.periodofreport = $1 AND h.status IS DISTINCT FROM ${SOLD_OUT_SQL}`;
}

/**
 * One row per filing: what its summary page declares, and what of it was imported, for the
 * check at serving (rows and total declared against imported), with its date and amendment type.
 */
const FILINGS = `
SELECT f.accession, f.filed_at, f.amendment_type, f.declared_rows, f.declared_value,
  f.confidential_omitted, count(i.accession) AS imported_rows,
  coalesce(sum(i.value_usd), 0) AS imported_value
FROM thirteenf_filing f
JOIN ${WINDOW_TABLE} w ON w.cik = f.cik AND w.period = f.period_of_report
LEFT JOIN thirteenf_infotable i USING (accession)
GROUP BY ALL`;

/**
 * One row per filer and period: its original (or restating) filing, the period before it if
 * that is the calendar quarter just before (else null), the period after it on the same terms,
 * and the long (non-option) value.
 */
const PERIODS = `${EFFECTIVE_FILINGS},
reported AS (
  SELECT cik, period_of_report AS period, any_value(accession) FILTER (WHERE is_base) AS accession,
    lag(period_of_report) OVER (PARTITION BY cik ORDER BY period_of_report) AS earlier
  FROM effective GROUP BY cik, period_of_report
),
periods AS (
  SELECT cik, period, accession,
    CASE WHEN year(earlier) * 4 + quarter(earlier) = year(period) * 4 + quarter(period) - 1
      THEN earlier END AS previous_period
  FROM reported
),
totals AS (
  SELECT cik, period, sum(value) FILTER (WHERE put_call IS NULL) AS total
  FROM thirteenf_work_positions GROUP BY cik, period
)
SELECT p.*, n.period AS next_period, n.accession AS next_accession, t.total
FROM periods p
LEFT JOIN periods n ON n.cik = p.cik AND n.previous_period = p.period
LEFT JOIN totals t ON t.cik = p.cik AND t.period = p.period`;

/**
 * The derived positions without labels: each held position with its status and change against
 * the same security's row in the filer's previous quarter, and a SOLD OUT row in the next
 * quarter for each position that is not held there.
 */
const CHANGES = `
WITH marked AS (
  SELECT p.*,
    lag(p.period) OVER history AS held_before, lag(p.shares) OVER history AS shares_before,
    lead(p.period) OVER history AS held_after
  FROM thirteenf_work_positions p
  WINDOW history AS (PARTITION BY p.cik, p.cusip, p.put_call ORDER BY p.period)
)
SELECT m.cik, m.period, m.cusip, m.put_call, m.issuer, m.value, m.shares, m.accession,
  CASE
    WHEN fp.previous_period IS NULL THEN NULL
${statusCases(
  {
    now: 'm.shares',
    before: 'm.shares_before',
    notHeldBefore: 'm.held_before IS DISTINCT FROM fp.previous_period',
  },
  '    ',
)}
  END AS status,
  CASE WHEN m.held_before = fp.previous_period AND m.shares_before > 0
    THEN (m.shares - m.shares_before) / m.shares_before * 100 END AS pct_change,
  CASE WHEN m.put_call IS NULL AND fp.total > 0 THEN m.value / fp.total * 100 END AS weight
FROM marked m JOIN thirteenf_work_periods fp ON fp.cik = m.cik AND fp.period = m.period
UNION ALL
SELECT m.cik, fp.next_period, m.cusip, m.put_call, m.issuer, 0, 0, fp.next_accession, ${SOLD_OUT_SQL}, -100,
  CASE WHEN m.put_call IS NULL AND nx.total > 0 THEN 0 END
FROM marked m JOIN thirteenf_work_periods fp ON fp.cik = m.cik AND fp.period = m.period
JOIN thirteenf_work_periods nx ON nx.cik = m.cik AND nx.period = fp.next_period
WHERE m.held_after IS DISTINCT FROM fp.next_period`;

/** Each filer's name: the one on its latest filing, in every period. */
export const FILER_NAMES = `
SELECT cik, arg_max(filer_name, (filed_at, accession)) AS filer_name FROM thirteenf_filing GROUP BY cik`;

/**
 * Where each filer's rows start in `_row` order, for the periods the derivation writes: a running
 * count over the few filer-periods, so the rows themselves need no global sort. Served (`global`):
 * by filer name, CIK and period, newest first, across the data; in the store (`in-period`): by
 * filer name and CIK within each period, so deriving one period never renumbers another.
 */
function rowGroups(rowIds: RowIds): string {
  const order =
    rowIds === 'global'
      ? 'ORDER BY filer_name, cik, period DESC'
      : 'PARTITION BY period ORDER BY filer_name, cik';
  return `
WITH filer_names AS (${FILER_NAMES}),
counted AS (
  SELECT c.cik, c.period, n.filer_name, count(*) AS n
  FROM thirteenf_work_changes c JOIN filer_names n USING (cik)
  JOIN ${WINDOW_TABLE} w ON w.cik = c.cik AND w.period = c.period AND w.emit
  GROUP BY ALL
)
SELECT cik, period, filer_name,
  sum(n) OVER (${order} ROWS UNBOUNDED PRECEDING) - n AS first_row
FROM counted`;
}

/**
 * How `_row` numbers the derived rows: across the data (the demo's rows, derived whole at each
 * start), or within each period (the filing store's, derived a few periods at a time; the served
 * view adds each period's base, see `periodRowBase`).
 */
export type RowIds = 'global' | 'in-period';

/** A step of the derivation: its result becomes the temporary table `table`. */
export interface DeriveStep {
  readonly table: string;
  readonly sql: string;
  /** Run once per period of the filings, with the period bound to `$1`. */
  readonly perPeriod?: boolean;
}

/**
 * The steps in order. Temporary tables live in memory, and DuckDB spills them to its temporary
 * directory under a memory limit.
 */
export function deriveSteps(rowIds: RowIds, stored?: string): readonly DeriveStep[] {
  return [
    { table: 'thirteenf_work_positions', sql: positions(stored), perPeriod: true },
    { table: 'thirteenf_work_filings', sql: FILINGS },
    { table: 'thirteenf_work_periods', sql: PERIODS },
    { table: 'thirteenf_work_changes', sql: CHANGES },
    { table: 'thirteenf_work_row_groups', sql: rowGroups(rowIds) },
  ];
}

/**
 * The served `_row` of a store period's first row: periods newest first, 2^32 rows apart, so a
 * period derived again never renumbers another (below 2^53 until 2200, exact as a double too).
 */
export function periodRowBase(period: string): string {
  return `(DATE '2200-01-01' - ${period})::BIGINT * 4294967296`;
}

/**
 * Added to every served store `_row`, after the demo's (which stay below 2^31), so none collide.
 * The store keeps each row's place within its period, an INTEGER, and the served view adds the
 * period's base and this offset: stored as such BIGINTs, a filtered selection of them read 40×
 * slower (3.9 s against 92 ms for a quarter's NEW rows of 3M).
 */
export const STORE_ROW_OFFSET = 2 ** 31;

/** A row's `name`: filer, period, ticker (else CUSIP) and put/call. */
export function holdingNameSql(columns: {
  filer: string;
  period: string;
  ticker: string;
  cusip: string;
  putCall: string;
}): string {
  const { filer, period, ticker, cusip, putCall } = columns;
  return `concat_ws(' ', ${filer}, strftime(${period}, '%Y-%m-%d'), coalesce(${ticker}, ${cusip}), ${putCall})`;
}

/**
 * The rows of `13f_holdings` (plus `cik`) from the steps' tables, for the periods the window
 * emits, or only those of the period bound to `$1` when `onePeriod`. `_row` follows the row
 * groups (see `rowGroups`), then value (largest first), CUSIP and put/call.
 */
export const derivedRows = (onePeriod: boolean) => `
WITH tickers AS (SELECT cusip, arg_min(ticker, rowid) AS ticker FROM cusip_ticker GROUP BY cusip),
matches AS (
  SELECT cik, arg_max(account_id, rowid) AS account_id, arg_max(account_name, rowid) AS account_name,
    arg_max(strategy_id, rowid) AS strategy_id, arg_max(strategy_name, rowid) AS strategy_name
  FROM filer_match GROUP BY cik
)
SELECT
  CAST(g.first_row + row_number() OVER (PARTITION BY d.cik, d.period ORDER BY d.value DESC, d.cusip, d.put_call) - 1 AS INTEGER) AS "_row",
  ${holdingNameSql({ filer: 'g.filer_name', period: 'd.period', ticker: 't.ticker', cusip: 'd.cusip', putCall: 'd.put_call' })} AS "name",
  d.issuer AS "nameofissuer", t.ticker AS "ticker", d.cusip AS "cusip", d.value AS "value",
  d.shares AS "shrsorprnamt", w.filed_at AS "filedat", d.period AS "periodofreport",
  g.filer_name AS "companyname", m.account_id AS "service_account_id",
  m.account_name AS "service_account_name", m.strategy_id AS "service_investment_strategy_id",
  m.strategy_name AS "service_investment_strategy_name", d.status AS "status",
  d.pct_change AS "pct_change_qoq", d.weight AS "portfolio_pct_weight", d.cik AS "cik",
  d.put_call AS "putcall",
  -- A filing imported without an accession number has a key built from its metadata (with |).
  CASE WHEN d.accession NOT LIKE '%|%' THEN d.accession END AS "accession",
  w.amendment_type AS "amendmenttype", w.declared_rows AS "declaredrows",
  w.imported_rows AS "importedrows", w.declared_value AS "declaredvalue",
  w.imported_value AS "importedvalue", w.confidential_omitted AS "confidentialomitted"
FROM thirteenf_work_changes d
JOIN thirteenf_work_row_groups g USING (cik, period)
JOIN thirteenf_work_filings w USING (accession)
LEFT JOIN tickers t USING (cusip)
LEFT JOIN matches m USING (cik)${onePeriod ? '\nWHERE d.period = $1' : ''}`;

/** `derivedRows` of every period the window emits. */
export const DERIVED_ROWS = derivedRows(false);
