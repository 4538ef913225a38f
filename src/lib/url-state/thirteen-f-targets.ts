/** The prepared 13F queries that open a filer's portfolio and a security's holders (search, the security view). */
import type { QueryBody } from '#contract/query';

/** A filer and the period of its portfolio to open. */
export interface FilerPeriod {
  readonly name: string;
  readonly latestPeriod: string;
}

/** A CUSIP as the service writes it: nine letters or digits. */
export const CUSIP_PATTERN = /^[0-9A-Z]{9}$/;

/**
 * The columns of a portfolio (the 13F starter's too): what, how much, how it changed, in the
 * order an analyst reads them, so those fit the first screen; the codes and share counts after.
 */
export const PORTFOLIO_FIRST_READ = [
  'nameofissuer',
  'ticker',
  'value',
  'portfolio_pct_weight',
  'status',
  'pct_change_qoq',
] as const;
export const PORTFOLIO_FIELDS: readonly string[] = [
  ...PORTFOLIO_FIRST_READ,
  'cusip',
  'shrsorprnamt',
];

/** A filer's latest portfolio, largest positions first. */
export function filerPortfolioBody(filer: FilerPeriod): QueryBody {
  return {
    module: '13f_holdings',
    filters: {
      fields: [...PORTFOLIO_FIELDS],
      filter: [
        { companyname: { $equals: filer.name } },
        { periodofreport: { $equals: filer.latestPeriod } },
      ],
      order_by: 'value:DESC',
    },
  };
}
