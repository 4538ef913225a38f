import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Raw 13F filings as filed, kept apart from the served `13f_holdings` table, which is derived
 * from them (aggregated by CUSIP, amendments applied, weights and changes computed).
 */
export async function createFilingTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(`
    CREATE TABLE IF NOT EXISTS thirteenf_filing (
      accession VARCHAR NOT NULL,
      cik VARCHAR NOT NULL,
      filer_name VARCHAR NOT NULL,
      period_of_report DATE NOT NULL,
      filed_at TIMESTAMP NOT NULL,
      submission_type VARCHAR NOT NULL,
      amendment_type VARCHAR,
      value_multiplier INTEGER NOT NULL,
      source VARCHAR NOT NULL,
      declared_rows INTEGER,
      declared_value DOUBLE,
      confidential_omitted BOOLEAN
    );
    CREATE TABLE IF NOT EXISTS thirteenf_infotable (
      accession VARCHAR NOT NULL,
      row_number INTEGER NOT NULL,
      nameofissuer VARCHAR NOT NULL,
      titleofclass VARCHAR,
      cusip VARCHAR NOT NULL,
      value_usd DOUBLE NOT NULL,
      shares DOUBLE NOT NULL,
      share_type VARCHAR,
      put_call VARCHAR
    );
    CREATE TABLE IF NOT EXISTS cusip_ticker (cusip VARCHAR NOT NULL, ticker VARCHAR NOT NULL);
    CREATE TABLE IF NOT EXISTS filer_match (
      cik VARCHAR NOT NULL,
      account_id VARCHAR NOT NULL,
      account_name VARCHAR NOT NULL,
      strategy_id VARCHAR,
      strategy_name VARCHAR
    );
    -- The filer and period of each filing a re-import replaced, until the next derivation: the
    -- replacement may have moved the filing to another period (or filer), so the one it left
    -- must be derived again, and only the store, not the importing run, knows it after a crash.
    CREATE TABLE IF NOT EXISTS thirteenf_replaced (cik VARCHAR NOT NULL, period DATE NOT NULL);
  `);
  // Stores written before these columns existed: they are added, empty.
  for (const [column, type] of DECLARED_COLUMNS)
    await connection.run(`ALTER TABLE thirteenf_filing ADD COLUMN IF NOT EXISTS ${column} ${type}`);
}

/**
 * What a filing declares on its summary page, kept to check its rows against; and whether the
 * store's derived rows include it yet (null for a filing imported since the last derivation, so
 * the next one derives its period again: see `deriveFilingStore`).
 */
const DECLARED_COLUMNS = [
  ['declared_rows', 'INTEGER'],
  ['declared_value', 'DOUBLE'],
  ['confidential_omitted', 'BOOLEAN'],
  ['derived', 'BOOLEAN'],
] as const;
