import type { DuckDBConnection } from '@duckdb/node-api';
import { MODULE_IDS } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { appendRows } from '../server/embedded/db/schema.ts';
import type { SeedRow } from '../server/embedded/db/schema.ts';

/**
 * A small hand-made dataset for conformance tests: few enough rows that every expected answer
 * can be read off this file, chosen so string and numeric comparison, time zones, day bounds,
 * nulls and case all give different answers.
 */

/** The service's "today" for fixture tests: `$dateRange` is relative to it. */
export const FIXTURE_NOW = Date.parse('2025-06-15T12:00:00Z');

/** The field that names each fixture row, so expectations can list rows by name. */
export const IDENTITY_FIELD: Readonly<Record<ModuleId, string>> = {
  '13f_holdings': 'name',
  investment_holdings: 'sfid',
  accounthistory: 'newvalue',
  metro_area__c: 'name',
  manager_presentation__c: 'name',
  updates: 'sfid',
};

type Factory = (name: string, fields: SeedRow) => SeedRow;
const row =
  (module: ModuleId): Factory =>
  (name, fields) => ({ [IDENTITY_FIELD[module]]: name, ...fields });

const holding = row('13f_holdings');
const berkshire = {
  companyname: 'BERKSHIRE HATHAWAY INC',
  service_account_id: 'ACC1',
  service_account_name: 'Berkshire Hathaway',
  service_investment_strategy_id: 'STR1',
  service_investment_strategy_name: 'Value',
};
const q4 = { periodofreport: '2023-12-31', filedat: '2024-02-14T16:05:23Z' };
const q1 = { periodofreport: '2024-03-31', filedat: '2024-05-15T10:00:00Z' };
const apple = { nameofissuer: 'APPLE INC', ticker: 'AAPL', cusip: '037833100' };

const investment = row('investment_holdings');
const history = row('accounthistory');
const metro = row('metro_area__c');
const presentation = row('manager_presentation__c');
const update = row('updates');

/** The fixture rows of every module. */
export const FIXTURE_ROWS: Readonly<Record<ModuleId, readonly SeedRow[]>> = {
  // prettier-ignore
  '13f_holdings': [
    holding('F1', { ...apple, ...berkshire, ...q4, value: 174347721070, shrsorprnamt: 905560000, status: 'REDUCED', pct_change_qoq: -1.09, portfolio_pct_weight: 50.19 }),
    holding('F2', { nameofissuer: 'BANK AMER CORP', ticker: 'BAC', cusip: '060505104', ...berkshire, ...q4, value: 34781419000, shrsorprnamt: 1032852006, status: 'UNCHANGED', pct_change_qoq: 0, portfolio_pct_weight: 10 }),
    holding('F3', { nameofissuer: 'CHEVRON CORP NEW', ticker: 'CVX', cusip: '166764100', ...berkshire, service_account_id: 'ACC2', ...q1, value: 18800000000, shrsorprnamt: 126093326, status: 'ADDED', pct_change_qoq: 14.5, portfolio_pct_weight: 5.5 }),
    holding('F4', { ...apple, ...berkshire, ...q1, value: 135361000000, shrsorprnamt: 789368450, status: 'REDUCED', pct_change_qoq: -13, portfolio_pct_weight: 40.8 }),
    holding('F5', { nameofissuer: 'PARAMOUNT GLOBAL', ticker: 'PARA', cusip: '92556H206', companyname: 'BERKSHIRE HATHAWAY INC', ...q1, value: 0, shrsorprnamt: 0, status: 'SOLD OUT', pct_change_qoq: -100, portfolio_pct_weight: 0 }),
    holding('F6', { nameofissuer: 'ACME "TEST"; DROP TABLE x; --', cusip: '00000000X', companyname: 'SMALL FILER LLC', periodofreport: '2023-09-30', filedat: '2023-11-14T08:00:00Z', value: 1000, shrsorprnamt: 10, status: 'NEW', portfolio_pct_weight: 100 }),
  ],
  // prettier-ignore
  investment_holdings: [
    investment('IH1', { name: 'Alpha Bond Fund', account__c: 'ACC1', fund_balance__c: 500000, investment_income__c: 1200.5, date_acquired__c: '2020-01-15', asset_class__c: 'Fixed Income', lastmodifieddate: '2024-01-10T12:00:00Z' }),
    investment('IH2', { name: 'Beta Equity Fund', account__c: 'ACC1', fund_balance__c: 2500000, investment_income__c: -300, date_acquired__c: '2021-06-30', asset_class__c: 'Equity', lastmodifieddate: '2024-01-31T23:30:00Z' }),
    investment('IH3', { name: 'Gamma Real Estate', account__c: 'ACC2', fund_balance__c: 1000000, investment_income__c: 0, date_acquired__c: '2022-12-31', asset_class__c: 'Real Estate', lastmodifieddate: '2024-02-01T00:00:00Z' }),
    investment('IH4', { name: 'Delta Cash', account__c: 'ACC2', fund_balance__c: 1000000.01, asset_class__c: 'Cash & Equivalents', lastmodifieddate: '2023-12-31T22:00:00Z' }),
    investment('IH5', { name: 'O\'Brien "Special" Fund', account__c: 'ACC3', investment_income__c: 50, date_acquired__c: '2019-03-01' }),
    investment('IH6', { name: 'Epsilon Small Cap', account__c: 'ACC3', fund_balance__c: 999999, investment_income__c: 10, date_acquired__c: '2021-07-01', asset_class__c: 'Equity', lastmodifieddate: '2025-06-10T09:00:00Z' }),
  ],
  // prettier-ignore
  accounthistory: [
    history('Insurance', { accountid: 'ACC1', field: 'Industry', datatype: 'Picklist', oldvalue: 'Banking', createddate: '2024-01-05' }),
    history('2500000', { accountid: 'ACC1', field: 'AUM__c', datatype: 'Currency', oldvalue: '1000000', createddate: '2024-02-10' }),
    history('Asset Management', { accountid: 'ACC2', field: 'Industry', datatype: 'Picklist', createddate: '2025-06-01' }),
    history('=cmd|calc', { accountid: 'ACC3', field: 'Phone', datatype: 'Phone', oldvalue: '+1 212 555 0100', createddate: '2023-12-31' }),
  ],
  // prettier-ignore
  metro_area__c: [
    metro('New York–Newark', { createddate: '2025-06-01T10:00:00Z', country__c: 'United States', sort_order__c: 10 }),
    metro('London', { createddate: '2024-03-01T00:00:00Z', country__c: 'United Kingdom', sort_order__c: 20 }),
    metro('Tokyo', { createddate: '2025-05-17T08:00:00Z', country__c: 'Japan', sort_order__c: 30 }),
    metro('Zürich', { createddate: '2025-05-16T23:59:59Z', country__c: 'Switzerland', sort_order__c: 100 }),
  ],
  // prettier-ignore
  manager_presentation__c: [
    presentation('Q1 2025 Letter', { createddate: '2025-04-02T09:00:00Z', type__c: 'Quarterly Update', manager_presentation_type__c: 'Investor Letter', document_name: 'Q1-2025-Letter.pdf', url: 'https://docs.example.com/p1.pdf' }),
    presentation('Strategy Deck', { createddate: '2024-11-20T15:00:00Z', type__c: 'Pitch Book', manager_presentation_type__c: 'Strategy Deck', document_name: 'deck.pdf', url: 'javascript:alert(1)' }),
    presentation('ESG Report', { createddate: '2023-05-05T00:00:00Z', type__c: 'Annual Meeting', manager_presentation_type__c: 'ESG Report', document_name: 'esg.pdf' }),
  ],
  // prettier-ignore
  updates: [
    update('U1', { name: 'Jane Doe joined Acme', type__c: 'Job Change', field_name__c: 'AccountId', contact__c: 'C1', contact_name__c: 'Jane Doe', account__c: 'ACC1', job_change__c: true, role_change__c: false, last_updated_date__c: '2025-06-10', createddate: '2025-06-10T08:00:00Z', lastmodifieddate: '2025-06-11T08:00:00Z' }),
    update('U2', { name: 'John Roe now CIO', type__c: 'Role Change', field_name__c: 'Title', contact__c: 'C2', contact_name__c: 'John Roe', account__c: 'ACC2', job_change__c: false, role_change__c: true, last_updated_date__c: '2025-01-15', createddate: '2025-01-15T08:00:00Z', lastmodifieddate: '2025-01-15T08:00:00Z' }),
    update('U3', { name: 'Jane Doe new e-mail', type__c: 'Field Change', field_name__c: 'Email', contact__c: 'C1', contact_name__c: 'Jane Doe', account__c: 'ACC1', job_change__c: false, role_change__c: false, last_updated_date__c: '2024-07-01', createddate: '2024-07-01T08:00:00Z', lastmodifieddate: '2024-07-02T08:00:00Z' }),
    update('U4', { name: 'Ann Lee joined Beta', type__c: 'Job Change', field_name__c: 'AccountId', contact__c: 'C3', contact_name__c: 'Ann Lee', account__c: 'ACC3', job_change__c: true, role_change__c: false, last_updated_date__c: '2023-06-15', createddate: '2023-06-15T08:00:00Z', lastmodifieddate: '2023-06-15T08:00:00Z' }),
    update('U5', { name: 'Ann Lee new phone', type__c: 'Field Change', field_name__c: 'Phone', contact__c: 'C3', contact_name__c: 'Ann Lee', account__c: 'ACC3' }),
  ],
};

/** Loads the fixture rows into empty tables (the `loadData` option of the app). */
export async function loadFixtures(connection: DuckDBConnection): Promise<void> {
  for (const module of MODULE_IDS) await appendRows(connection, module, FIXTURE_ROWS[module]);
}

/** Test users: one with every module, one without 13F. */
export const ANALYST = {
  username: 'analyst',
  password: 'correct horse',
  modules: MODULE_IDS,
} as const;
export const VIEWER = {
  username: 'viewer',
  password: 'battery staple',
  modules: MODULE_IDS.filter((module) => module !== '13f_holdings'),
} as const;
