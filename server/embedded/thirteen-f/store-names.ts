/** Names of the filing store's tables and alias, apart so that its parts can share them. */

/** The store's derived holdings: the columns of `13f_holdings`. */
export const STORE_HOLDINGS = 'thirteenf_holdings';

/** The same rows stored by filer (see `deriveHoldingsInto`). */
export const STORE_HOLDINGS_BY_FILER = 'thirteenf_holdings_by_filer';

/** The store's `13f_security_quarters` rows, `_row` numbered within each period. */
export const STORE_SECURITY_QUARTERS = 'thirteenf_security_quarters';

/** The store's `13f_filer_quarters` rows, likewise. */
export const STORE_FILER_QUARTERS = 'thirteenf_filer_quarters';

/** The tables a derivation writes. */
export interface DerivedTables {
  readonly byCusip: string;
  readonly byFiler: string;
  readonly securities: string;
  readonly filers: string;
}

/** Each of the `DerivedTables`. */
export const DERIVED_TABLE_KEYS = ['byCusip', 'byFiler', 'securities', 'filers'] as const;

/** The names of `tables`. */
export const tableNames = (tables: DerivedTables): string[] =>
  DERIVED_TABLE_KEYS.map((key) => tables[key]);

/** The derived tables a server serves. */
export const SERVED_TABLES: DerivedTables = {
  byCusip: STORE_HOLDINGS,
  byFiler: STORE_HOLDINGS_BY_FILER,
  securities: STORE_SECURITY_QUARTERS,
  filers: STORE_FILER_QUARTERS,
};

/**
 * Where a whole derivation writes before it swaps them for `SERVED_TABLES`: committed apart, so
 * that no transaction holds gigabytes of uncommitted rows, and never served. What a killed run
 * left of them, the next derivation drops.
 */
export const NEXT_TABLES: DerivedTables = {
  byCusip: 'thirteenf_next_holdings',
  byFiler: 'thirteenf_next_holdings_by_filer',
  securities: 'thirteenf_next_security_quarters',
  filers: 'thirteenf_next_filer_quarters',
};

/** Name under which a starting server attaches the store. */
export const STORE_ALIAS = 'filing_store';

export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
