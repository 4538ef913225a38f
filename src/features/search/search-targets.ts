/** Where a search result leads: the prepared query each kind of entry opens. */
import type { QueryBody } from '#contract/query';
import type { FilerEntry, SecurityEntry } from './search-index.ts';

/** The columns of a portfolio, as the 13F starter shows them. */
const PORTFOLIO_FIELDS = [
  'nameofissuer',
  'ticker',
  'cusip',
  'value',
  'shrsorprnamt',
  'portfolio_pct_weight',
  'status',
  'pct_change_qoq',
];

/** The columns of a security's holders: who, then how much and how it changed. */
const HOLDER_FIELDS = [
  'companyname',
  'nameofissuer',
  'ticker',
  'cusip',
  'value',
  'shrsorprnamt',
  'portfolio_pct_weight',
  'status',
  'pct_change_qoq',
];

/** A filer's latest portfolio, largest positions first. */
export function filerPortfolioBody(filer: FilerEntry): QueryBody {
  return {
    module: '13f_holdings',
    filters: {
      fields: PORTFOLIO_FIELDS,
      filter: [
        { companyname: { $equals: filer.name } },
        { periodofreport: { $equals: filer.latestPeriod } },
      ],
      order_by: 'value:DESC',
    },
  };
}

/** Every holder of a security in its latest period, largest holding first. */
export function securityHoldersBody(security: SecurityEntry): QueryBody {
  return {
    module: '13f_holdings',
    filters: {
      fields: HOLDER_FIELDS,
      filter: [
        { cusip: { $equals: security.cusip } },
        { periodofreport: { $equals: security.latestPeriod } },
      ],
      order_by: 'value:DESC',
    },
  };
}
