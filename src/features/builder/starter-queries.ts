import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';

/** A first query for a module: what it shows, in one line, and the body that shows it. */
export interface StarterQuery {
  readonly description: string;
  readonly body: QueryBody;
}

/** One starter query per module, each answerable by the embedded demo data. */
export const STARTER_QUERIES: Readonly<Record<ModuleId, StarterQuery>> = {
  '13f_holdings': {
    description: "Berkshire Hathaway's largest positions at 31 March 2025",
    body: {
      module: '13f_holdings',
      filters: {
        fields: [
          'nameofissuer',
          'ticker',
          'cusip',
          'value',
          'shrsorprnamt',
          'portfolio_pct_weight',
          'status',
          'pct_change_qoq',
        ],
        filter: [
          { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
          { periodofreport: { $equals: '2025-03-31' } },
        ],
        order_by: 'value:DESC',
        max_num: '25',
      },
    },
  },
  investment_holdings: {
    description: 'The 50 largest equity fund positions',
    body: {
      module: 'investment_holdings',
      filters: {
        filter: [{ asset_class__c: { $equals: 'Equity' } }],
        order_by: 'fund_balance__c:DESC',
        max_num: '50',
      },
    },
  },
  accounthistory: {
    description: 'The latest 50 changes to account fields',
    body: { module: 'accounthistory', filters: { order_by: 'createddate:DESC', max_num: '50' } },
  },
  metro_area__c: {
    description: 'Metro areas in the United States',
    body: {
      module: 'metro_area__c',
      filters: { filter: [{ country__c: { $equals: 'United States' } }], order_by: 'name:ASC' },
    },
  },
  manager_presentation__c: {
    description: 'The newest 50 manager presentation documents',
    body: {
      module: 'manager_presentation__c',
      filters: { order_by: 'createddate:DESC', max_num: '50' },
    },
  },
  updates: {
    description: 'Contacts who changed jobs, most recent first',
    body: {
      module: 'updates',
      filters: {
        filter: [{ job_change__c: { $equals: true } }],
        order_by: 'last_updated_date__c:DESC',
        max_num: '50',
      },
    },
  },
};
