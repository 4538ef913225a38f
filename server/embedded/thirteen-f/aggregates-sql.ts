/**
 * The SQL of the 13F aggregates (`13f_security_quarters`, `13f_filer_quarters`; the fields are
 * in contract/aggregate-modules.ts and docs/thirteen-f.md), each a SELECT of the module's
 * columns without `_row`, over a derived holdings table (the columns of `13f_holdings`), the raw
 * filings (`thirteenf_filing`'s columns) and the raw information tables (`thirteenf_infotable`'s),
 * for the periods of a `wanted(period)` CTE the caller puts first.
 *
 * The rules are the browser's, so that the views read the same answers from either (the
 * real-data tests compare them): a holder has more than 0 shares; options (putcall PUT or CALL)
 * count in none of the share figures; a SOLD OUT row is a seller, never a holder; the quarter
 * before is the calendar quarter ending before the period's quarter starts.
 */
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';

/** A SQL string literal of a constant of ours (never a request's text). */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The quarter end before `period`'s quarter (an SQL DATE expression). */
export const quarterBefore = (period: string) =>
  `CAST(date_trunc('quarter', ${period}) - INTERVAL 1 DAY AS DATE)`;

/** `count(*)` and `sum(value)` of the rows where `condition` holds (0 when none). */
const tally = (condition: string, name: string, valueName?: string) =>
  [
    `count(*) FILTER (WHERE ${condition}) AS ${name}`,
    ...(valueName ? [`coalesce(sum(value) FILTER (WHERE ${condition}), 0) AS ${valueName}`] : []),
  ].join(',\n    ');

/** Counts of share positions by status (options apart), one column each. */
const STATUS_COUNTS = [
  ['NEW', 'new'],
  ['ADDED', 'added'],
  ['REDUCED', 'reduced'],
  ['SOLD OUT', 'soldout'],
  ['UNCHANGED', 'unchanged'],
]
  .map(([status = '', column = '']) =>
    tally(`putcall IS NULL AND status = ${text(status)}`, column),
  )
  .join(',\n    ');

/**
 * One row per CUSIP and wanted period with a row of it, across every filer but the planted
 * data-quality one (demo-filers.ts: it is no manager, and the views across managers count it
 * nowhere unless it is picked, which they read from rows).
 */
export function securityQuartersSql(holdings: string, within = ''): string {
  return `
src AS (
  SELECT cik, periodofreport AS period, cusip, ticker, nameofissuer, putcall, status, _row,
    coalesce(value, 0) AS value, coalesce(shrsorprnamt, 0) AS shares
  FROM ${holdings}
  WHERE NOT suffix(rtrim(companyname), ${text(DATA_QUALITY_DEMO_LABEL)})
    AND (periodofreport IN (SELECT period FROM wanted)
      OR periodofreport IN (SELECT ${quarterBefore('period')} FROM wanted))${within}
),
totals AS (
  SELECT period, cusip, max(ticker) AS ticker,
    -- The largest share position's name, as the views label a security by their first row.
    arg_max(nameofissuer, (putcall IS NULL, value, -_row)) AS nameofissuer,
    ${tally('putcall IS NULL', 'filers')},
    ${tally('putcall IS NULL AND shares > 0', 'holders', 'value')},
    coalesce(sum(shares) FILTER (WHERE putcall IS NULL AND shares > 0), 0) AS shares,
    ${tally(`putcall IS NULL AND status IN ('NEW', 'ADDED')`, 'buyers', 'buyersvalue')},
    ${tally(`putcall IS NULL AND status IN ('REDUCED', 'SOLD OUT')`, 'sellers', 'sellersvalue')},
    ${STATUS_COUNTS},
    ${tally('putcall IS NULL AND shares > 0 AND status IS NULL', 'newtodata')},
    ${tally('putcall IS NULL AND shares > 0 AND status IS NOT NULL', 'steadyholders', 'steadyvalue')},
    coalesce(sum(shares) FILTER (WHERE putcall IS NULL AND shares > 0 AND status IS NOT NULL), 0)
      AS steadyshares,
    ${tally(`putcall = 'PUT' AND shares > 0`, 'putholders', 'putnotional')},
    ${tally(`putcall = 'CALL' AND shares > 0`, 'callholders', 'callnotional')}
  FROM src
  WHERE period IN (SELECT period FROM wanted)
  GROUP BY period, cusip
),
-- Holders of the quarter before with no row of the shares now: no filing, never a sale (a
-- filer that sold files a SOLD OUT row).
gone AS (
  SELECT w.period, prior.cusip, count(*) AS notfiled
  FROM (SELECT period FROM wanted) w
  JOIN src prior ON prior.period = ${quarterBefore('w.period')}
    AND prior.putcall IS NULL AND prior.shares > 0
  ANTI JOIN src cur ON cur.cik = prior.cik AND cur.cusip = prior.cusip AND cur.period = w.period
    AND cur.putcall IS NULL
  GROUP BY w.period, prior.cusip
)
SELECT t.period AS periodofreport, t.* EXCLUDE (period), coalesce(g.notfiled, 0) AS notfiled
FROM totals t LEFT JOIN gone g USING (period, cusip)`;
}

/**
 * One row per filer and wanted period it filed: its original (or restating) filing counted for
 * the period, as the derivation picks it (the latest 13F-HR or RESTATEMENT, ties by accession),
 * with or without information-table rows. A period with no filing has no row: "never filed" and
 * "filed empty" (a row with 0 positions) stay apart at any scale.
 */
export function filerQuartersSql(
  holdings: string,
  filings: string,
  infotable: string,
  scope?: string,
  within = '',
): string {
  // Only the filer-periods of `scope` (a table of cik and period), when given.
  const inScope = (cik: string, period: string) =>
    scope === undefined
      ? ''
      : `AND EXISTS (SELECT 1 FROM ${scope} s WHERE s.cik = ${cik} AND s.period = ${period})`;
  return `
named AS (
  SELECT cik, arg_max(filer_name, (filed_at, accession)) AS companyname FROM ${filings} GROUP BY cik
),
base AS (
  SELECT cik, period_of_report AS period, arg_max(accession, (filed_at, accession)) AS accession
  FROM ${filings}
  WHERE amendment_type IS NULL OR amendment_type = 'RESTATEMENT'
  GROUP BY cik, period_of_report
),
filed AS (
  SELECT b.*, lag(b.period) OVER (PARTITION BY b.cik ORDER BY b.period) AS previousperiod
  FROM base b
),
counted AS (
  SELECT f.*, g.filed_at, g.amendment_type, g.declared_rows, g.declared_value,
    g.confidential_omitted
  FROM filed f JOIN ${filings} g USING (accession)
  WHERE f.period IN (SELECT period FROM wanted) ${inScope('f.cik', 'f.period')}
),
amended AS (
  SELECT c.accession, count(*) AS newholdings
  FROM counted c JOIN ${filings} a ON a.cik = c.cik AND a.period_of_report = c.period
  WHERE a.amendment_type = 'NEW HOLDINGS' AND a.filed_at >= c.filed_at
  GROUP BY c.accession
),
imported AS (
  SELECT accession, count(*) AS importedrows, sum(value_usd) AS importedvalue
  FROM ${infotable} WHERE accession IN (SELECT accession FROM counted)
  GROUP BY accession
),
held AS (
  SELECT cik, periodofreport AS period,
    coalesce(sum(value) FILTER (WHERE putcall IS NULL), 0) AS longvalue,
    ${tally('putcall IS NULL AND shrsorprnamt > 0', 'positions')},
    ${tally('putcall IS NOT NULL AND shrsorprnamt > 0', 'optionpositions', 'optionsnotional')},
    ${STATUS_COUNTS}
  FROM ${holdings} h
  WHERE periodofreport IN (SELECT period FROM wanted)${within} ${inScope('h.cik', 'h.periodofreport')}
  GROUP BY cik, periodofreport
),
largest AS (
  SELECT cik, period, sum(value) AS top10value FROM (
    SELECT cik, periodofreport AS period, value FROM ${holdings} h
    WHERE periodofreport IN (SELECT period FROM wanted) AND putcall IS NULL${within}
      ${inScope('h.cik', 'h.periodofreport')}
    QUALIFY row_number() OVER (PARTITION BY cik, periodofreport ORDER BY value DESC) <= 10
  ) GROUP BY cik, period
)
SELECT c.cik, n.companyname, c.period AS periodofreport, c.filed_at AS filedat,
  -- A filing imported without an accession number has a key built from its metadata (with |).
  CASE WHEN c.accession NOT LIKE '%|%' THEN c.accession END AS accession,
  c.amendment_type AS amendmenttype, coalesce(a.newholdings, 0) AS newholdings,
  c.previousperiod, coalesce(h.longvalue, 0) AS longvalue, coalesce(h.positions, 0) AS positions,
  coalesce(h.optionpositions, 0) AS optionpositions,
  coalesce(h.optionsnotional, 0) AS optionsnotional,
  CASE WHEN h.longvalue > 0 THEN l.top10value / h.longvalue * 100 END AS top10pct,
  coalesce(h.new, 0) AS new, coalesce(h.added, 0) AS added, coalesce(h.reduced, 0) AS reduced,
  coalesce(h.soldout, 0) AS soldout, coalesce(h.unchanged, 0) AS unchanged,
  c.declared_rows AS declaredrows, c.declared_value AS declaredvalue,
  coalesce(i.importedrows, 0) AS importedrows, coalesce(i.importedvalue, 0) AS importedvalue,
  c.confidential_omitted AS confidentialomitted
FROM counted c
JOIN named n USING (cik)
LEFT JOIN amended a USING (accession)
LEFT JOIN imported i USING (accession)
LEFT JOIN held h ON h.cik = c.cik AND h.period = c.period
LEFT JOIN largest l ON l.cik = c.cik AND l.period = c.period`;
}

/** The aggregates' SQL, for the stamp of a store's derivation (store.ts). */
export const AGGREGATES_SQL = [
  securityQuartersSql('holdings'),
  filerQuartersSql('holdings', 'filings', 'infotable'),
].join(';\n');
