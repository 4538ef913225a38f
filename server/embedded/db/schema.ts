import {
  BOOLEAN,
  DATE,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  JSToDuckDBValueConverter,
  TIMESTAMP,
  VARCHAR,
} from '@duckdb/node-api';
import type { DuckDBConnection, DuckDBType } from '@duckdb/node-api';
import { CATALOG, EXTENSION_MODULE_IDS, MODULE_IDS } from '#contract/catalog';
import type { FieldKind, ModuleId, ServedModuleId } from '#contract/catalog';

/** Hidden column that keeps paging stable: the last sort key of every query. */
export const ROW_ID_COLUMN = '_row';

const SQL_TYPE: Readonly<Record<FieldKind, { name: string; type: DuckDBType }>> = {
  text: { name: 'VARCHAR', type: VARCHAR },
  id: { name: 'VARCHAR', type: VARCHAR },
  url: { name: 'VARCHAR', type: VARCHAR },
  number: { name: 'DOUBLE', type: DOUBLE },
  percent: { name: 'DOUBLE', type: DOUBLE },
  date: { name: 'DATE', type: DATE },
  // Stored as UTC wall-clock time, so no session time zone can shift a comparison.
  datetime: { name: 'TIMESTAMP', type: TIMESTAMP },
  boolean: { name: 'BOOLEAN', type: BOOLEAN },
};

/** Quotes an identifier taken from the catalog (never from a request). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A second source of a module's rows, the same rows stored in another order, which a query
 * that names `field` reads instead: DuckDB skips row groups by their min/max values, so rows
 * stored by the field a query pins are found without scanning the others. It is a choice of
 * speed only: both sources hold the same rows, and every answer is ordered (by `_row` last).
 */
export interface SecondaryLayout {
  readonly field: string;
  readonly source: string;
}

/**
 * The 13F rows by filer: the filing store keeps `13f_holdings` by period and CUSIP (for "who
 * holds this security") and a copy by period and filer name (for one filer's portfolio). With
 * no store, both names read the same table.
 */
export const SECONDARY_LAYOUTS: Readonly<Partial<Record<ServedModuleId, SecondaryLayout>>> = {
  '13f_holdings': { field: 'companyname', source: '13f_holdings_by_filer' },
};

/**
 * Creates the empty table `table` (the module's own name by default) with `_row` and exactly the
 * module's fields as columns: what the query interface reads a module from.
 */
export async function createModuleTable(
  connection: DuckDBConnection,
  module: ServedModuleId,
  table: string = module,
): Promise<void> {
  const columns = CATALOG[module].fields.map(
    (field) => `${quoteIdentifier(field.name)} ${SQL_TYPE[field.kind].name}`,
  );
  await connection.run(
    `CREATE OR REPLACE TABLE ${quoteIdentifier(table)} (${quoteIdentifier(ROW_ID_COLUMN)} INTEGER NOT NULL, ${columns.join(', ')})`,
  );
}

/**
 * Creates one empty table per module, the vendor's and our own aggregates, its columns exactly
 * the catalog's fields.
 */
export async function createTables(connection: DuckDBConnection): Promise<void> {
  for (const module of [...MODULE_IDS, ...EXTENSION_MODULE_IDS]) {
    await createModuleTable(connection, module);
    const layout = SECONDARY_LAYOUTS[module];
    if (layout) {
      await connection.run(
        `CREATE OR REPLACE VIEW ${quoteIdentifier(layout.source)} AS SELECT * FROM ${quoteIdentifier(module)}`,
      );
    }
  }
}

/**
 * A row to load: field name to value. Dates and datetimes as `Date` (UTC) or ISO strings,
 * numbers as numbers, booleans as booleans; a missing field is stored as null.
 */
export type SeedRow = Readonly<Record<string, string | number | boolean | Date | null | undefined>>;

const CHUNK_ROWS = 2048;

function toStored(kind: FieldKind, value: SeedRow[string]): unknown {
  if (value === undefined || value === null) return null;
  if ((kind === 'date' || kind === 'datetime') && typeof value === 'string') return new Date(value);
  return value;
}

/** Appends rows to a module's table in chunks; row ids continue from `firstRowId`. */
export async function appendRows(
  connection: DuckDBConnection,
  module: ModuleId,
  rows: Iterable<SeedRow>,
  firstRowId = 0,
): Promise<number> {
  const fields = CATALOG[module].fields;
  const types = [INTEGER, ...fields.map((field) => SQL_TYPE[field.kind].type)];
  const appender = await connection.createAppender(module);
  let rowId = firstRowId;
  let batch: unknown[][] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const chunk = DuckDBDataChunk.create(types, batch.length);
    chunk.setRowsConverted(batch as never, JSToDuckDBValueConverter);
    appender.appendDataChunk(chunk);
    batch = [];
  };
  for (const row of rows) {
    batch.push([rowId, ...fields.map((field) => toStored(field.kind, row[field.name]))]);
    rowId += 1;
    if (batch.length === CHUNK_ROWS) flush();
  }
  flush();
  appender.closeSync();
  return rowId;
}

/**
 * DuckDB skips row groups by their min/max values, so storing 13F rows sorted by CUSIP and
 * period lets "who holds this security" read a few row groups instead of the whole table.
 * Row ids keep the insertion order, so default ordering and paging do not change.
 */
export async function clusterTables(connection: DuckDBConnection): Promise<void> {
  const table = quoteIdentifier('13f_holdings');
  await connection.run(
    `CREATE OR REPLACE TABLE ${table} AS SELECT * FROM ${table} ORDER BY "cusip", "periodofreport"`,
  );
}
