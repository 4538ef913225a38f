/**
 * The load test's queries of bench/server-throughput.bench.ts: every module, the operators
 * analysts use most.
 */

interface LoadQuery {
  readonly name: string;
  readonly body: unknown;
}

/** One condition of a filter: `{field: {operator: value}}`. */
const condition = (field: string, operator: string, value: unknown) => ({
  [field]: { [operator]: value },
});

/** A page of 100 updates matching `filter`. */
const updatesQuery = (filter: unknown[]) => ({
  module: 'updates',
  filters: { filter, max_num: '100' },
});

/** The 13F holdings queries: one ticker's holders by value, and a year's filings counted. */
function thirteenFQueries(ticker: string): LoadQuery[] {
  return [
    {
      name: `13F ${ticker}, order by value`,
      body: {
        module: '13f_holdings',
        filters: {
          filter: [condition('ticker', '$equals', ticker)],
          order_by: 'value:DESC',
          max_num: '100',
        },
      },
    },
    {
      name: '13F count, filings of 2025',
      body: {
        module: '13f_holdings',
        count_only: true,
        filters: {
          filter: [
            condition('filedat', '$between', ['2025-01-01 00:00:00', '2025-12-31 23:59:59']),
          ],
        },
      },
    },
  ];
}

/** The CRM modules' queries: a numeric filter, date ranges, sorted lists and nested groups. */
function crmQueries(): LoadQuery[] {
  return [
    {
      name: 'holdings, fund balance > 1M',
      body: {
        module: 'investment_holdings',
        filters: {
          filter: [condition('fund_balance__c', '$gt', '1000000')],
          order_by: 'fund_balance__c:DESC',
          max_num: '100',
        },
      },
    },
    {
      name: 'updates, job changes last year',
      body: updatesQuery([
        condition('job_change__c', '$equals', true),
        condition('last_updated_date__c', '$dateRange', 'last_year'),
      ]),
    },
    {
      name: 'account history, Industry',
      body: {
        module: 'accounthistory',
        filters: {
          filter: [
            condition('field', '$equals', 'Industry'),
            condition('createddate', '$between', ['2024-01-01', '2025-12-31']),
          ],
          max_num: '100',
        },
      },
    },
    {
      name: 'metro areas',
      body: { module: 'metro_area__c', filters: { order_by: 'sort_order__c:ASC', max_num: '100' } },
    },
    {
      name: 'manager presentations',
      body: {
        module: 'manager_presentation__c',
        filters: { order_by: 'createddate:DESC', max_num: '50' },
      },
    },
    {
      name: 'updates, nested $or group',
      body: updatesQuery([
        {
          $or: [
            condition('job_change__c', '$equals', true),
            {
              $and: [
                condition('type__c', '$equals', 'Field Change'),
                {
                  $or: [
                    condition('field_name__c', '$equals', 'Email'),
                    condition('field_name__c', '$equals', 'Phone'),
                  ],
                },
              ],
            },
          ],
        },
      ]),
    },
  ];
}

/** The load test's queries: every module, the operators analysts use most. */
export function loadQueries(ticker: string): LoadQuery[] {
  return [...thirteenFQueries(ticker), ...crmQueries()];
}
