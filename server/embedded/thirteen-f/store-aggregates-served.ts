/**
 * Serving the filing store's 13F aggregates (derived into the store: store-aggregates.ts) beside
 * the ones a starting server derives for the demo's filers (aggregates.ts), without deriving the
 * store's at start.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { CATALOG } from '#contract/catalog';
import type { ExtensionModuleId } from '#contract/catalog';
import { ROW_ID_COLUMN, createModuleTable, quoteIdentifier } from '../db/schema.ts';
import { quarterBefore } from './aggregates-sql.ts';
import { AGGREGATE_ORDER, deriveThirteenFAggregates } from './aggregates.ts';
import { STORE_ROW_OFFSET, periodRowBase } from './derive-steps.ts';
import {
  STORE_ALIAS,
  STORE_FILER_QUARTERS,
  STORE_HOLDINGS,
  STORE_SECURITY_QUARTERS,
  sqlString,
} from './store-names.ts';

const fieldNames = (module: ExtensionModuleId) =>
  CATALOG[module].fields.map((field) => quoteIdentifier(field.name));

/** Whether the attached store carries aggregates (a store derived before them does not). */
async function storeHasAggregates(connection: DuckDBConnection): Promise<boolean> {
  const tables = [STORE_SECURITY_QUARTERS, STORE_FILER_QUARTERS];
  const found = await connection.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_tables()
     WHERE database_name = '${STORE_ALIAS}' AND table_name IN (${tables.map(sqlString).join(', ')})`,
  );
  return found.getRowObjects()[0]?.n === tables.length;
}

/**
 * Serves the store's aggregates beside the ones derived at start (the demo's filers, with the
 * store's filings of them: `shared`, the CIKs the holdings view leaves out of the store's rows),
 * so that each filer counts once, as in `13f_holdings`. Filers: a view of both, as the holdings.
 * Securities: every filer's counts add up, so a table of the sums, made at start from the stored
 * aggregates (one row per CUSIP and quarter: ~50k a quarter at SEC's size), the shared filers'
 * part in the store taken out. A store derived before the aggregates adds none.
 */
export async function serveStoreAggregates(
  connection: DuckDBConnection,
  shared: readonly string[],
): Promise<void> {
  if (!(await storeHasAggregates(connection))) return;
  const notShared =
    shared.length === 0 ? '' : ` WHERE s.cik NOT IN (${shared.map(sqlString).join(', ')})`;
  await serveFilerQuarters(connection, notShared);
  await serveSecurityQuarters(connection, shared);
}

async function serveFilerQuarters(connection: DuckDBConnection, notShared: string): Promise<void> {
  const local = 'thirteenf_local_filer_quarters';
  const row = quoteIdentifier(ROW_ID_COLUMN);
  const columns = fieldNames('13f_filer_quarters');
  await connection.run(`ALTER TABLE "13f_filer_quarters" RENAME TO ${local}`);
  await connection.run(
    `CREATE VIEW "13f_filer_quarters" AS
     SELECT ${row}, ${columns.join(', ')} FROM ${local}
     UNION ALL
     SELECT ${periodRowBase('s."periodofreport"')} + ${STORE_ROW_OFFSET} + s.${row},
       ${columns.map((column) => `s.${column}`).join(', ')}
     FROM ${STORE_ALIAS}.${STORE_FILER_QUARTERS} s${notShared}`,
  );
}

/** Fields of a security row that are not counts or sums of the holders' (or not as is). */
const NOT_SUMMED = new Set(['periodofreport', 'cusip', 'ticker', 'nameofissuer', 'notfiled']);

/** The fields of a security row that add up over filers. */
const SUMMED = CATALOG['13f_security_quarters'].fields
  .filter((field) => !NOT_SUMMED.has(field.name))
  .map((field) => quoteIdentifier(field.name));

/** The quarter end after `period`'s quarter, to carry a quarter's holders to the next. */
const quarterAfter = (period: string) =>
  `CAST(date_trunc('quarter', ${period}) + INTERVAL 6 MONTH - INTERVAL 1 DAY AS DATE)`;

/** One part's rows in the merge's columns: what it adds (or takes out) of each. */
interface Part {
  readonly from: string;
  /** Its own rows (+1), rows taken out (-1), or holders carried to the quarter after. */
  readonly sign: 1 | -1;
  readonly carried?: 'demo' | 'store';
  /** Whose row it is: the demo's, the store's, or neither (a part taken out). */
  readonly side?: 'demo' | 'store';
  /** Its rows' `notfiled` counts (not for the shared filers' rows: SHARED_GONE counts those). */
  readonly notFiled?: boolean;
  /** A part of `notfiled` counts alone (SHARED_GONE). */
  readonly onlyNotFiled?: boolean;
}

function partSql({ from, sign, carried, side, notFiled, onlyNotFiled }: Part): string {
  const minus = sign === 1 ? '' : '-';
  const period = carried ? quarterAfter('"periodofreport"') : '"periodofreport"';
  const own = carried === undefined && onlyNotFiled !== true;
  const columns = [
    `${period} AS "periodofreport"`,
    `"cusip"`,
    own ? `"ticker"` : 'NULL AS "ticker"',
    side ? `"nameofissuer"` : 'NULL AS "nameofissuer"',
    side ? `"value" AS namevalue` : 'NULL AS namevalue',
    ...SUMMED.map((name) => (own ? `${minus}${name} AS ${name}` : `0 AS ${name}`)),
    notFiled ? `${minus}"notfiled" AS notfiled` : '0 AS notfiled',
    carried === 'demo' ? `${minus}"holders" AS demo_carry` : '0 AS demo_carry',
    carried === 'store' ? `${minus}"holders" AS store_carry` : '0 AS store_carry',
    `${side === 'demo'} AS is_demo`,
    `${side === 'store'} AS is_store`,
  ];
  return `SELECT ${columns.join(', ')} FROM ${from}`;
}

/**
 * The parts a served security row is summed from: the demo's filers' rows (derived at start),
 * the store's, and the shared filers' part of the store's, taken out. `notfiled` counts the
 * holders of the quarter before without a row now, on the rows there are: where one side has no
 * row for a security and quarter, all of its holders of the quarter before are such (carried).
 */
function partsSql(local: string): string {
  const stored = `${STORE_ALIAS}.${STORE_SECURITY_QUARTERS}`;
  const parts: Part[] = [
    { from: local, sign: 1, side: 'demo', notFiled: true },
    { from: stored, sign: 1, side: 'store', notFiled: true },
    { from: SHARED_SECURITY, sign: -1 },
    { from: SHARED_GONE, sign: -1, notFiled: true, onlyNotFiled: true },
    { from: local, sign: 1, carried: 'demo' },
    { from: stored, sign: 1, carried: 'store' },
    { from: SHARED_SECURITY, sign: -1, carried: 'store' },
  ];
  return parts.map(partSql).join('\nUNION ALL\n');
}

/** Each merged field as an aggregate over the parts of one security and quarter: plain sums. */
function mergedFields(): string[] {
  return [
    `max("ticker") AS "ticker"`,
    // The name of the side holding more (the derivation names a security by its largest position).
    `arg_max("nameofissuer", namevalue) AS "nameofissuer"`,
    ...SUMMED.map((name) => `sum(${name}) AS ${name}`),
    `sum(notfiled) + CASE WHEN bool_or(is_demo) THEN 0 ELSE sum(demo_carry) END
       + CASE WHEN bool_or(is_store) THEN 0 ELSE sum(store_carry) END AS "notfiled"`,
    `bool_or(is_demo) AS demo`,
    `bool_or(is_store) AS stored`,
  ];
}

async function serveSecurityQuarters(
  connection: DuckDBConnection,
  shared: readonly string[],
): Promise<void> {
  const module = '13f_security_quarters';
  const local = 'thirteenf_local_security_quarters';
  await connection.run(`ALTER TABLE "13f_security_quarters" RENAME TO ${local}`);
  await deriveSharedPart(connection, shared);
  const columns = fieldNames(module);
  await createModuleTable(connection, module);
  // A period at a time, newest first as the module's order: merging every period in one
  // statement held 480 MB more at start for 12 quarters of SEC's size, kept by the process.
  const periods = await connection.runAndReadAll(
    `SELECT DISTINCT "periodofreport" AS period FROM (
       SELECT "periodofreport" FROM ${local}
       UNION ALL SELECT "periodofreport" FROM ${STORE_ALIAS}.${STORE_SECURITY_QUARTERS}
     ) ORDER BY period DESC`,
  );
  let rows = 0;
  for (const [period] of periods.getRows()) {
    const inserted = await connection.run(
      `INSERT INTO "13f_security_quarters" (${quoteIdentifier(ROW_ID_COLUMN)}, ${columns.join(', ')})
       WITH parts AS (${partsSql(local)}),
       merged AS (
         SELECT "periodofreport", "cusip", ${mergedFields().join(',\n           ')}
         FROM parts WHERE "periodofreport" = $1 GROUP BY "periodofreport", "cusip"
       )
       SELECT CAST(${String(rows)} + row_number() OVER (ORDER BY ${AGGREGATE_ORDER[module]}) - 1
         AS INTEGER), ${columns.join(', ')}
       FROM merged
       -- A row where the demo's filers have one, or the store's others have a position of it.
       WHERE demo OR (stored AND "filers" + "putholders" + "callholders" > 0)`,
      [period ?? null],
    );
    rows += inserted.rowsChanged;
  }
  await connection.run(
    `DROP TABLE ${local}; DROP TABLE ${SHARED_SECURITY}; DROP TABLE ${SHARED_GONE};
     DROP TABLE ${SHARED_HOLDINGS}`,
  );
}

const SHARED_HOLDINGS = 'thirteenf_store_shared_holdings';
const SHARED_SECURITY = 'thirteenf_store_shared_security';
const SHARED_GONE = 'thirteenf_store_shared_gone';

/**
 * The shared filers' part of the store's security rows: their counts and sums, and the holders
 * among them that did not file a period (`notfiled`), counted on every row of the store's as the
 * store counted them, not only on the rows the shared filers have.
 */
async function deriveSharedPart(
  connection: DuckDBConnection,
  shared: readonly string[],
): Promise<void> {
  // With no filer shared, no scan: DuckDB read every stored row for `IN (NULL)` (180 MB at start).
  const which =
    shared.length === 0 ? 'LIMIT 0' : `WHERE cik IN (${shared.map(sqlString).join(', ')})`;
  await connection.run(
    `CREATE TEMP TABLE ${SHARED_HOLDINGS} AS SELECT * FROM ${STORE_ALIAS}.${STORE_HOLDINGS} ${which}`,
  );
  await createModuleTable(connection, '13f_security_quarters', SHARED_SECURITY);
  await deriveThirteenFAggregates(connection, {
    holdings: SHARED_HOLDINGS,
    filings: `${STORE_ALIAS}.thirteenf_filing`,
    infotable: `${STORE_ALIAS}.thirteenf_infotable`,
    securityTarget: SHARED_SECURITY,
  });
  await connection.run(
    `CREATE TEMP TABLE ${SHARED_GONE} AS
     SELECT t."periodofreport", t."cusip", count(*) AS "notfiled"
     FROM ${STORE_ALIAS}.${STORE_SECURITY_QUARTERS} t
     JOIN ${SHARED_HOLDINGS} prior ON prior.cusip = t."cusip"
       AND prior.periodofreport = ${quarterBefore('t."periodofreport"')}
       AND prior.putcall IS NULL AND coalesce(prior.shrsorprnamt, 0) > 0
     WHERE NOT EXISTS (
       SELECT 1 FROM ${SHARED_HOLDINGS} cur
       WHERE cur.cik = prior.cik AND cur.cusip = t."cusip"
         AND cur.periodofreport = t."periodofreport" AND cur.putcall IS NULL
     )
     GROUP BY ALL`,
  );
}
