/**
 * The 13F aggregates of the filing store: derived into the store with its holdings, a few periods
 * at a time (served by store-aggregates-served.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { createModuleTable } from '../db/schema.ts';
import { AGGREGATE_ORDER, deriveThirteenFAggregates } from './aggregates.ts';
import { CLEARED_TABLE, QUARTER_INDEX, sqlDates } from './derive.ts';
import { FILER_NAMES } from './derive-steps.ts';
import type { DerivedTables } from './store-names.ts';

/**
 * Derives the store's aggregates of `periods` (the periods whose holdings were just written) from
 * `tables.byCusip` into `tables`' aggregates, replacing theirs, or every period's anew when
 * `whole`. Run inside a transaction of the store's derivation (store-derivation.ts), after the
 * holdings. A security's row counts every filer of its
 * period, so it is derived again whole; a filer's row only its own, so only the filer-periods
 * derived again (`CLEARED_TABLE`) are, and then every period's rows are numbered again (a few
 * thousand a quarter) since a new filer or name moves the others.
 */
export async function deriveStoreAggregates(
  connection: DuckDBConnection,
  periods: readonly string[],
  whole: boolean,
  tables: DerivedTables,
): Promise<void> {
  // A security's holders that did not file count against the quarter before: the quarter after
  // each period written changes too.
  const securityPeriods = whole ? periods : await withQuarterAfter(connection, periods);
  if (whole) {
    await createModuleTable(connection, '13f_security_quarters', tables.securities);
    await createModuleTable(connection, '13f_filer_quarters', tables.filers);
  } else {
    await connection.run(
      `DELETE FROM ${tables.securities} WHERE "periodofreport" IN (${sqlDates(securityPeriods)})`,
    );
    await connection.run(`DELETE FROM ${tables.filers} t USING ${CLEARED_TABLE} c
      WHERE t."cik" = c.cik AND t."periodofreport" = c.period`);
  }
  const sources = {
    holdings: tables.byCusip,
    filings: 'thirteenf_filing',
    infotable: 'thirteenf_infotable',
  };
  // A period at a time (with its quarter before): every period's figures in one statement ran
  // out of 768 MB at 12 quarters of 3M rows (35M information-table rows, 8,000 filers), the
  // securities' join of the holders of the quarter before and the filers' sums alike.
  for (const period of securityPeriods) {
    const target = { ...sources, securityTarget: tables.securities, periods: [period] };
    await deriveThirteenFAggregates(connection, target, 'in-period');
  }
  for (const period of periods) {
    const scope = whole ? {} : { filerScope: CLEARED_TABLE };
    const target = { ...sources, filerTarget: tables.filers, ...scope, periods: [period] };
    await deriveThirteenFAggregates(connection, target, 'in-period');
  }
  await refreshFilerFacts(connection, tables.filers);
}

/** `periods` and the quarter after each that the store has filings of, oldest first. */
async function withQuarterAfter(
  connection: DuckDBConnection,
  periods: readonly string[],
): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT strftime(period, '%Y-%m-%d') AS period FROM (
       SELECT unnest([${sqlDates(periods)}]) AS period
       UNION SELECT period_of_report FROM thirteenf_filing WHERE ${QUARTER_INDEX('period_of_report')} - 1
         IN (SELECT ${QUARTER_INDEX('p')} FROM unnest([${sqlDates(periods)}]) t(p))
     ) WHERE period IS NOT NULL ORDER BY period`,
  );
  return reader.getRowObjects().map((row) => String(row.period));
}

/**
 * What a filer's rows of the periods not derived again owe to its filings of other periods: its
 * name (the one on its latest filing) and each period's previous one filed (a late filing of an
 * earlier quarter changes it for a later period that is not the quarter after); and every
 * period's `_row`, in the module's order, which a new filer or name changes.
 */
async function refreshFilerFacts(connection: DuckDBConnection, filers: string): Promise<void> {
  await connection.run(
    `UPDATE ${filers} t SET "companyname" = n.filer_name
     FROM (${FILER_NAMES}) n
     WHERE t."cik" = n.cik AND t."companyname" IS DISTINCT FROM n.filer_name`,
  );
  await connection.run(
    `UPDATE ${filers} t SET "previousperiod" = p.previous, "_row" = p.row_id
     FROM (SELECT "cik", "periodofreport",
             lag("periodofreport") OVER (PARTITION BY "cik" ORDER BY "periodofreport") AS previous,
             CAST(row_number() OVER (PARTITION BY "periodofreport"
               ORDER BY ${AGGREGATE_ORDER['13f_filer_quarters']}) - 1 AS INTEGER) AS row_id
           FROM ${filers}) p
     WHERE t."cik" = p."cik" AND t."periodofreport" = p."periodofreport"
       AND (t."previousperiod" IS DISTINCT FROM p.previous OR t."_row" <> p.row_id)`,
  );
}
