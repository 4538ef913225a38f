/** Names of the filing store's tables and alias, apart so that its parts can share them. */

/** The store's derived holdings: the columns of `13f_holdings`. */
export const STORE_HOLDINGS = 'thirteenf_holdings';

/** The same rows stored by filer (see `deriveHoldingsInto`). */
export const STORE_HOLDINGS_BY_FILER = 'thirteenf_holdings_by_filer';

/** Name under which a starting server attaches the store. */
export const STORE_ALIAS = 'filing_store';

export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
