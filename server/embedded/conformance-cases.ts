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

const c = (field: string, operator: string, value: unknown) => ({ [field]: { [operator]: value } });

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

/** Every operator on every field kind. */
export const OPERATOR_CASES: readonly ConformanceCase[] = [
  // text
  {
    name: 'text $equals ignores case',
    module: '13f_holdings',
    filter: [c('ticker', '$equals', 'aapl')],
    rows: ['F1', 'F4'],
  },
  {
    name: 'text $not_equals keeps nulls',
    module: '13f_holdings',
    filter: [c('ticker', '$not_equals', 'AAPL')],
    rows: ['F2', 'F3', 'F5', 'F6'],
  },
  {
    name: 'text $contains ignores case',
    module: '13f_holdings',
    filter: [c('ticker', '$contains', 'a')],
    rows: ['F1', 'F2', 'F4', 'F5'],
  },
  {
    name: 'text $contains unicode',
    module: 'metro_area__c',
    filter: [c('name', '$contains', 'ZÜR')],
    rows: ['Zürich'],
  },
  {
    name: 'text $contains hostile value is data',
    module: '13f_holdings',
    filter: [c('nameofissuer', '$contains', '"; DROP TABLE x; --')],
    rows: ['F6'],
  },
  {
    name: 'text $not_null',
    module: 'accounthistory',
    filter: [c('oldvalue', '$not_null', '')],
    rows: ['Insurance', '2500000', '=cmd|calc'],
  },
  // id
  {
    name: 'id $equals',
    module: '13f_holdings',
    filter: [c('cusip', '$equals', '037833100')],
    rows: ['F1', 'F4'],
  },
  {
    name: 'id $not_equals',
    module: 'investment_holdings',
    filter: [c('account__c', '$not_equals', 'ACC1')],
    rows: ['IH3', 'IH4', 'IH5', 'IH6'],
  },
  {
    name: 'id $contains',
    module: '13f_holdings',
    filter: [c('cusip', '$contains', '0505')],
    rows: ['F2'],
  },
  // url
  {
    name: 'url $equals',
    module: 'manager_presentation__c',
    filter: [c('url', '$equals', 'https://docs.example.com/p1.pdf')],
    rows: ['Q1 2025 Letter'],
  },
  {
    name: 'url $not_equals',
    module: 'manager_presentation__c',
    filter: [c('url', '$not_equals', 'https://docs.example.com/p1.pdf')],
    rows: ['Strategy Deck', 'ESG Report'],
  },
  {
    name: 'url $contains',
    module: 'manager_presentation__c',
    filter: [c('url', '$contains', 'https')],
    rows: ['Q1 2025 Letter'],
  },
  {
    name: 'url $not_null',
    module: 'manager_presentation__c',
    filter: [c('url', '$not_null', '')],
    rows: ['Q1 2025 Letter', 'Strategy Deck'],
  },
  // number
  {
    name: 'number $gt as JSON number',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$gt', 1000000)],
    rows: ['IH2', 'IH4'],
  },
  {
    name: 'number $gte',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$gte', '1000000')],
    rows: ['IH2', 'IH3', 'IH4'],
  },
  {
    name: 'number $lt skips nulls',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$lt', '1000000')],
    rows: ['IH1', 'IH6'],
  },
  {
    name: 'number $lte',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$lte', '1000000')],
    rows: ['IH1', 'IH3', 'IH6'],
  },
  {
    name: 'number $equals',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$equals', '1000000')],
    rows: ['IH3'],
  },
  {
    name: 'number $not_equals keeps nulls',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$not_equals', '1000000')],
    rows: ['IH1', 'IH2', 'IH4', 'IH5', 'IH6'],
  },
  {
    name: 'number $between inclusive',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$between', ['500000', '1000000'])],
    rows: ['IH1', 'IH3', 'IH6'],
  },
  {
    name: 'number $not_null',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$not_null', '')],
    rows: ['IH1', 'IH2', 'IH3', 'IH4', 'IH6'],
  },
  {
    name: 'number negative',
    module: 'investment_holdings',
    filter: [c('investment_income__c', '$lt', '0')],
    rows: ['IH2'],
  },
  // percent
  {
    name: 'percent $lt',
    module: '13f_holdings',
    filter: [c('pct_change_qoq', '$lt', '0')],
    rows: ['F1', 'F4', 'F5'],
  },
  {
    name: 'percent $between negatives',
    module: '13f_holdings',
    filter: [c('pct_change_qoq', '$between', ['-20', '0'])],
    rows: ['F1', 'F2', 'F4'],
  },
  {
    name: 'percent $gte',
    module: '13f_holdings',
    filter: [c('portfolio_pct_weight', '$gte', 40)],
    rows: ['F1', 'F4', 'F6'],
  },
  {
    name: 'percent $equals',
    module: '13f_holdings',
    filter: [c('pct_change_qoq', '$equals', '-100')],
    rows: ['F5'],
  },
  {
    name: 'percent $not_null',
    module: '13f_holdings',
    filter: [c('pct_change_qoq', '$not_null', '')],
    rows: ['F1', 'F2', 'F3', 'F4', 'F5'],
  },
  {
    name: 'percent $gt',
    module: '13f_holdings',
    filter: [c('pct_change_qoq', '$gt', '0')],
    rows: ['F3'],
  },
  {
    name: 'percent $lte',
    module: '13f_holdings',
    filter: [c('portfolio_pct_weight', '$lte', '5.5')],
    rows: ['F3', 'F5'],
  },
  {
    name: 'percent $not_equals',
    module: '13f_holdings',
    filter: [c('status', '$equals', 'REDUCED'), c('pct_change_qoq', '$not_equals', '-13')],
    rows: ['F1'],
  },
  // date
  {
    name: 'date $equals',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$equals', '2021-06-30')],
    rows: ['IH2'],
  },
  {
    name: 'date $not_equals',
    module: 'accounthistory',
    filter: [c('createddate', '$not_equals', '2024-01-05')],
    rows: ['2500000', 'Asset Management', '=cmd|calc'],
  },
  {
    name: 'date $gt',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$gt', '2021-06-30')],
    rows: ['IH3', 'IH6'],
  },
  {
    name: 'date $gte',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$gte', '2021-06-30')],
    rows: ['IH2', 'IH3', 'IH6'],
  },
  {
    name: 'date $lt',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$lt', '2020-01-15')],
    rows: ['IH5'],
  },
  {
    name: 'date $lte',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$lte', '2020-01-15')],
    rows: ['IH1', 'IH5'],
  },
  {
    name: 'date $between',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$between', ['2020-01-01', '2021-12-31'])],
    rows: ['IH1', 'IH2', 'IH6'],
  },
  {
    name: 'date $dateRange last_30_days',
    module: 'accounthistory',
    filter: [c('createddate', '$dateRange', 'last_30_days')],
    rows: ['Asset Management'],
  },
  {
    name: 'date $dateRange last_year',
    module: 'accounthistory',
    filter: [c('createddate', '$dateRange', 'last_year')],
    rows: ['Insurance', '2500000'],
  },
  {
    name: 'date $dateRange today is empty',
    module: 'accounthistory',
    filter: [c('createddate', '$dateRange', 'today')],
    rows: [],
  },
  {
    name: 'date $not_null',
    module: 'investment_holdings',
    filter: [c('date_acquired__c', '$not_null', '')],
    rows: ['IH1', 'IH2', 'IH3', 'IH5', 'IH6'],
  },
  {
    name: 'date filter with datetime value uses its day',
    module: '13f_holdings',
    filter: [c('periodofreport', '$equals', '2024-03-31 18:00:00')],
    rows: ['F3', 'F4', 'F5'],
  },
  // datetime
  {
    name: 'datetime $between offset +02:00 reaches the previous UTC day',
    module: 'investment_holdings',
    filter: [
      c('lastmodifieddate', '$between', ['2024-01-01T00:00:00+02:00', '2024-01-10T12:00:00Z']),
    ],
    rows: ['IH1', 'IH4'],
  },
  {
    name: 'datetime $equals a day means that whole day',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$equals', '2024-01-31')],
    rows: ['IH2'],
  },
  {
    name: 'datetime $equals an instant',
    module: '13f_holdings',
    filter: [c('filedat', '$equals', '2024-05-15 10:00:00')],
    rows: ['F3', 'F4', 'F5'],
  },
  {
    name: 'datetime $not_equals a day keeps nulls',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$not_equals', '2024-01-31')],
    rows: ['IH1', 'IH3', 'IH4', 'IH5', 'IH6'],
  },
  {
    name: 'datetime $lte a day includes that day',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$lte', '2024-01-31')],
    rows: ['IH1', 'IH2', 'IH4'],
  },
  {
    name: 'datetime $lt a day excludes it',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$lt', '2024-01-31')],
    rows: ['IH1', 'IH4'],
  },
  {
    name: 'datetime $gt a day starts the next day',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$gt', '2024-01-31')],
    rows: ['IH3', 'IH6'],
  },
  {
    name: 'datetime $gte an instant',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$gte', '2024-01-31T23:30:00Z')],
    rows: ['IH2', 'IH3', 'IH6'],
  },
  {
    name: 'datetime $dateRange last_30_days',
    module: 'investment_holdings',
    filter: [c('lastmodifieddate', '$dateRange', 'last_30_days')],
    rows: ['IH6'],
  },
  {
    name: 'datetime $dateRange last_month',
    module: 'metro_area__c',
    filter: [c('createddate', '$dateRange', 'last_month')],
    rows: ['Tokyo', 'Zürich'],
  },
  {
    name: 'datetime $dateRange this_month',
    module: 'metro_area__c',
    filter: [c('createddate', '$dateRange', 'this_month')],
    rows: ['New York–Newark'],
  },
  {
    name: 'datetime $not_null',
    module: 'updates',
    filter: [c('createddate', '$not_null', '')],
    rows: ['U1', 'U2', 'U3', 'U4'],
  },
  // boolean
  {
    name: 'boolean $equals false',
    module: 'updates',
    filter: [c('job_change__c', '$equals', false)],
    rows: ['U2', 'U3'],
  },
  {
    name: 'boolean $equals "true"',
    module: 'updates',
    filter: [c('role_change__c', '$equals', 'true')],
    rows: ['U2'],
  },
  {
    name: 'boolean $equals "0"',
    module: 'updates',
    filter: [c('job_change__c', '$equals', '0')],
    rows: ['U2', 'U3'],
  },
  {
    name: 'boolean $not_null',
    module: 'updates',
    filter: [c('job_change__c', '$not_null', '')],
    rows: ['U1', 'U2', 'U3', 'U4'],
  },
];

const three = [
  {
    $or: [
      c('job_change__c', '$equals', true),
      {
        $and: [
          c('type__c', '$equals', 'Field Change'),
          { $or: [c('field_name__c', '$equals', 'Email'), c('field_name__c', '$equals', 'Phone')] },
        ],
      },
    ],
  },
];

/** Groups, options and paging. */
export const SHAPE_CASES: readonly ConformanceCase[] = [
  {
    name: 'groups nested three deep',
    module: 'updates',
    filter: three,
    rows: ['U1', 'U3', 'U4', 'U5'],
  },
  {
    name: 'top-level conditions are an implicit AND',
    module: 'updates',
    filter: [c('job_change__c', '$equals', true), c('last_updated_date__c', '$gte', '2024-01-01')],
    rows: ['U1'],
  },
  {
    name: '$and group',
    module: 'updates',
    filter: [{ $and: [c('contact__c', '$equals', 'C1'), c('type__c', '$equals', 'Field Change')] }],
    rows: ['U3'],
  },
  {
    name: 'order_by field:DESC',
    module: 'metro_area__c',
    body: { filters: { order_by: 'sort_order__c:DESC' } },
    rows: ['Zürich', 'Tokyo', 'London', 'New York–Newark'],
    ordered: true,
  },
  {
    name: 'order_by "field desc"',
    module: 'metro_area__c',
    body: { filters: { order_by: 'sort_order__c desc' } },
    rows: ['Zürich', 'Tokyo', 'London', 'New York–Newark'],
    ordered: true,
  },
  {
    name: 'order_by field:ASC is numeric',
    module: 'metro_area__c',
    body: { filters: { order_by: 'sort_order__c:ASC' } },
    rows: ['New York–Newark', 'London', 'Tokyo', 'Zürich'],
    ordered: true,
  },
  {
    name: 'order_by bare field ascends, nulls last',
    module: 'investment_holdings',
    body: { filters: { order_by: 'fund_balance__c' } },
    rows: ['IH1', 'IH6', 'IH3', 'IH4', 'IH2', 'IH5'],
    ordered: true,
  },
  {
    name: 'order_by "field asc" on text',
    module: 'metro_area__c',
    body: { filters: { order_by: 'name asc' } },
    rows: ['London', 'New York–Newark', 'Tokyo', 'Zürich'],
    ordered: true,
  },
  { name: 'count_only true', module: 'investment_holdings', body: { count_only: true }, count: 6 },
  {
    name: 'count_only "1" with a filter',
    module: 'investment_holdings',
    body: { count_only: '1' },
    filter: [c('asset_class__c', '$equals', 'Equity')],
    count: 2,
  },
  {
    name: 'count_only false lists',
    module: 'metro_area__c',
    body: { count_only: false },
    rows: ['New York–Newark', 'London', 'Tokyo', 'Zürich'],
  },
  {
    name: 'count_only "0" lists',
    module: 'metro_area__c',
    body: { count_only: '0' },
    rows: ['New York–Newark', 'London', 'Tokyo', 'Zürich'],
  },
  {
    name: 'max_num as string',
    module: 'metro_area__c',
    body: { filters: { max_num: '2' } },
    rows: ['New York–Newark', 'London'],
    ordered: true,
    nextOffset: 2,
  },
  {
    name: 'max_num as number',
    module: 'metro_area__c',
    body: { filters: { max_num: 3 } },
    rows: ['New York–Newark', 'London', 'Tokyo'],
    ordered: true,
    nextOffset: 3,
  },
  {
    name: 'max_num "-1" is no limit',
    module: 'metro_area__c',
    body: { filters: { max_num: '-1' } },
    rows: ['New York–Newark', 'London', 'Tokyo', 'Zürich'],
    nextOffset: -1,
  },
  {
    name: 'offset pages on',
    module: 'metro_area__c',
    body: { filters: { max_num: '2', offset: '2' } },
    rows: ['Tokyo', 'Zürich'],
    ordered: true,
    nextOffset: -1,
  },
  {
    name: 'offset as number with order',
    module: 'metro_area__c',
    body: { filters: { max_num: 1, offset: 1, order_by: 'sort_order__c:DESC' } },
    rows: ['Tokyo'],
    nextOffset: 2,
  },
  {
    name: 'offset past the end',
    module: 'metro_area__c',
    body: { filters: { offset: '10' } },
    rows: [],
    nextOffset: -1,
  },
];

/** Refusals: status, error code and what the message must name. */
export const ERROR_CASES: readonly ConformanceCase[] = [
  {
    name: 'unknown module lists the valid ones',
    module: 'nope' as ModuleId,
    status: 404,
    error: 'unknown_module',
    mentions: ['nope', '13f_holdings', 'updates'],
  },
  {
    name: 'unknown field',
    module: 'updates',
    filter: [c('salary', '$equals', '1')],
    status: 400,
    error: 'unknown_field',
    mentions: ['salary'],
  },
  {
    name: 'unknown field in fields',
    module: 'updates',
    body: { filters: { fields: ['sfid', 'password'] } },
    status: 400,
    error: 'unknown_field',
    mentions: ['password'],
  },
  {
    name: 'unknown field in order_by',
    module: 'updates',
    body: { filters: { order_by: 'secret:DESC' } },
    status: 400,
    error: 'unknown_field',
    mentions: ['secret'],
  },
  {
    name: 'malformed order_by',
    module: 'updates',
    body: { filters: { order_by: 'sfid; DROP TABLE x' } },
    status: 400,
    error: 'invalid_request',
    mentions: ['order_by'],
  },
  {
    name: 'unknown operator',
    module: 'updates',
    filter: [c('sfid', '$like', 'U%')],
    status: 400,
    error: 'unknown_operator',
    mentions: ['$like', 'sfid'],
  },
  {
    name: 'operator that does not suit the kind',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$contains', '1')],
    status: 400,
    error: 'unsupported_operator',
    mentions: ['$contains', 'fund_balance__c'],
  },
  {
    name: 'bad number',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$gt', 'lots')],
    status: 400,
    error: 'invalid_value',
    mentions: ['fund_balance__c', '$gt', 'lots'],
  },
  {
    name: 'bad date',
    module: 'updates',
    filter: [c('last_updated_date__c', '$between', ['2024-02-30', '2024-03-01'])],
    status: 400,
    error: 'invalid_value',
    mentions: ['last_updated_date__c', '2024-02-30'],
  },
  {
    name: '$between needs two values',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$between', ['1'])],
    status: 400,
    error: 'invalid_value',
    mentions: ['$between'],
  },
  {
    name: '$between bounds reversed',
    module: 'investment_holdings',
    filter: [c('fund_balance__c', '$between', ['9', '1'])],
    status: 400,
    error: 'invalid_value',
    mentions: ['lower bound'],
  },
  {
    name: '$not_null needs ""',
    module: 'updates',
    filter: [c('sfid', '$not_null', 'yes')],
    status: 400,
    error: 'invalid_value',
    mentions: ['$not_null'],
  },
  {
    name: 'unknown date range',
    module: 'updates',
    filter: [c('createddate', '$dateRange', 'last_decade')],
    status: 400,
    error: 'invalid_value',
    mentions: ['last_decade'],
  },
  {
    name: 'bad boolean',
    module: 'updates',
    filter: [c('job_change__c', '$equals', 'maybe')],
    status: 400,
    error: 'invalid_value',
    mentions: ['job_change__c', 'maybe'],
  },
  {
    name: 'two keys in one condition',
    module: 'updates',
    filter: [{ sfid: { $equals: 'U1' }, name: { $equals: 'x' } }],
    status: 400,
    error: 'invalid_request',
    mentions: ['exactly one key'],
  },
  {
    name: 'unknown group',
    module: 'updates',
    filter: [{ $xor: [] }],
    status: 400,
    error: 'unknown_operator',
    mentions: ['$xor'],
  },
  {
    name: 'unknown top-level key',
    module: 'updates',
    body: { filter: [] },
    status: 400,
    error: 'invalid_request',
    mentions: ['filter'],
  },
  {
    name: 'bad max_num',
    module: 'updates',
    body: { filters: { max_num: 'ten' } },
    status: 400,
    error: 'invalid_request',
    mentions: ['max_num'],
  },
  {
    name: 'bad count_only',
    module: 'updates',
    body: { count_only: 'yes' },
    status: 400,
    error: 'invalid_request',
    mentions: ['count_only'],
  },
];
