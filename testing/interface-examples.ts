import type { ModuleId } from '#contract/catalog';

/**
 * The conformance table: a request and what the service must answer, over real HTTP, against
 * the fixture rows in testing/fixtures.ts. `rows` lists the identity field of each expected
 * record (in order when `ordered`).
 */
export interface ConformanceCase {
  readonly name: string;
  readonly module: ModuleId;
  readonly filter?: unknown[];
  readonly body?: Record<string, unknown>;
  readonly status?: number;
  readonly rows?: readonly string[];
  readonly ordered?: boolean;
  readonly count?: number;
  readonly nextOffset?: number;
  /** For errors: the error code, and words the message must contain. */
  readonly error?: string;
  readonly mentions?: readonly string[];
}

/** A field condition `{ [field]: { [operator]: value } }`, shorthand for the tables. */
export const c = (field: string, operator: string, value: unknown) => ({
  [field]: { [operator]: value },
});

/** Every example request of the interface document, with the rows it selects here. */
export const INTERFACE_EXAMPLES: readonly ConformanceCase[] = [
  {
    name: 'ticker $equals',
    module: '13f_holdings',
    filter: [c('ticker', '$equals', 'AAPL')],
    rows: ['F1', 'F4'],
  },
  {
    name: 'filedat $between SQL datetimes',
    module: '13f_holdings',
    filter: [c('filedat', '$between', ['2024-01-01 00:00:00', '2024-03-31 23:59:59'])],
    rows: ['F1', 'F2'],
  },
  {
    name: 'service_account_id $not_null ""',
    module: '13f_holdings',
    filter: [c('service_account_id', '$not_null', '')],
    rows: ['F1', 'F2', 'F3', 'F4'],
  },
  {
    name: 'fund_balance__c $gt "1000000" compares numerically',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$gt', '1000000')],
    rows: ['IH2', 'IH4'],
  },
  {
    name: 'asset_class__c $equals',
    module: 'investment_holdings',
    filter: [c('asset_class__c', '$equals', 'Fixed Income')],
    rows: ['IH1'],
  },
  {
    name: 'lastmodifieddate $between with offsets',
    module: 'investment_holdings',
    filter: [
      c('lastmodifieddate', '$between', ['2024-01-01T00:00:00-05:00', '2024-01-31T23:59:59-05:00']),
    ],
    rows: ['IH1', 'IH2', 'IH3'],
  },
  {
    name: 'field $equals and createddate $between',
    module: 'accounthistory',
    filter: [
      c('field', '$equals', 'Industry'),
      c('createddate', '$between', ['2024-01-01', '2024-12-31']),
    ],
    rows: ['Insurance'],
  },
  {
    name: 'createddate $dateRange last_30_days',
    module: 'metro_area__c',
    filter: [c('createddate', '$dateRange', 'last_30_days')],
    rows: ['New York–Newark', 'Tokyo'],
  },
  {
    name: 'sort_order__c $gte/$lte as strings',
    module: 'metro_area__c',
    filter: [c('sort_order__c', '$gte', '20'), c('sort_order__c', '$lte', '30')],
    rows: ['London', 'Tokyo'],
  },
  {
    name: 'job_change__c $equals true',
    module: 'updates',
    filter: [c('job_change__c', '$equals', true)],
    rows: ['U1', 'U4'],
  },
  {
    name: 'last_updated_date__c $between',
    module: 'updates',
    filter: [c('last_updated_date__c', '$between', ['2024-06-01', '2025-06-30'])],
    rows: ['U1', 'U2', 'U3'],
  },
  {
    name: 'type__c $equals',
    module: 'updates',
    filter: [c('type__c', '$equals', 'Job Change')],
    rows: ['U1', 'U4'],
  },
  {
    name: 'module only lists everything',
    module: 'manager_presentation__c',
    rows: ['Q1 2025 Letter', 'Strategy Deck', 'ESG Report'],
    ordered: true,
  },
];
