/**
 * The module catalog: every module the Marketplace Data Query Service serves, every field the
 * interface document lists, and the kind of each field; and the embedded service's own modules
 * (the 13F aggregates, aggregate-modules.ts). It is the single allowlist for module and field
 * names: the builder offers only these, and the server puts only these into SQL.
 */
import { EXTENSION_MODULES } from './aggregate-modules.ts';
import type { ExtensionModuleId } from './aggregate-modules.ts';
import type { FieldDefinition, ModuleDefinitionOf } from './fields.ts';
import { HOLDING_STATUSES } from './holding-status.ts';

export type { FieldDefinition, FieldKind } from './fields.ts';
export { valueLabel } from './fields.ts';
export { EXTENSION_MODULE_IDS } from './aggregate-modules.ts';
export type { ExtensionModuleId } from './aggregate-modules.ts';

/** One data module of the service, the vendor's or one of our own. */
export type ModuleDefinition = ModuleDefinitionOf<ServedModuleId>;

/**
 * The vendor's six module identifiers, exactly as sent in a query's `module`: what the builder,
 * the navigation and the links offer.
 */
export const MODULE_IDS = [
  '13f_holdings',
  'investment_holdings',
  'accounthistory',
  'metro_area__c',
  'manager_presentation__c',
  'updates',
] as const;

/** One of the vendor's module identifiers, exactly as sent in a query's `module`. */
export type ModuleId = (typeof MODULE_IDS)[number];

/** Any module the embedded service answers: the vendor's six and its own aggregates. */
export type ServedModuleId = ModuleId | ExtensionModuleId;

/** The 13F fields the embedded service adds to the vendor's (see `FieldDefinition.extension`). */
const THIRTEEN_F_EXTENSION_FIELDS: readonly FieldDefinition[] = [
  {
    name: 'putcall',
    label: 'Put/Call',
    kind: 'text',
    short: true,
    values: ['PUT', 'CALL'],
    extension: true,
    description:
      "PUT or CALL for an option row, whose value is the underlying's notional as filed; empty for shares.",
  },
  {
    name: 'cik',
    label: 'Filer CIK',
    kind: 'id',
    short: true,
    extension: true,
    description: "The filer's SEC Central Index Key, ten digits.",
  },
  {
    name: 'accession',
    label: 'Accession',
    kind: 'id',
    extension: true,
    description:
      'SEC accession number of the filing the row comes from; empty when the source gave none.',
  },
  {
    name: 'amendmenttype',
    label: 'Amendment',
    kind: 'text',
    short: true,
    values: ['RESTATEMENT', 'NEW HOLDINGS'],
    extension: true,
    description: 'For a row from an amendment (13F-HR/A): RESTATEMENT or NEW HOLDINGS.',
  },
  {
    name: 'declaredrows',
    label: 'Rows declared',
    kind: 'number',
    extension: true,
    description: "Information-table entries the row's filing declares on its summary page.",
  },
  {
    name: 'importedrows',
    label: 'Rows imported',
    kind: 'number',
    extension: true,
    description: "Information-table entries of the row's filing that were imported.",
  },
  {
    name: 'declaredvalue',
    label: 'Total declared',
    kind: 'number',
    unit: 'usd',
    extension: true,
    description: "Total value the row's filing declares on its summary page.",
  },
  {
    name: 'importedvalue',
    label: 'Total imported',
    kind: 'number',
    unit: 'usd',
    extension: true,
    description: "Total value of the imported entries of the row's filing.",
  },
  {
    name: 'confidentialomitted',
    label: 'Confidential omissions',
    kind: 'boolean',
    extension: true,
    description: 'The filing says it omits holdings granted confidential treatment.',
  },
];

const thirteenF: ModuleDefinition = {
  id: '13f_holdings',
  label: '13F holdings',
  summary: 'Institutional holdings reported on SEC Form 13F, per filer, security and quarter.',
  fields: [
    { name: 'name', label: 'Record name', kind: 'text' },
    { name: 'nameofissuer', label: 'Issuer', kind: 'text', picklist: true },
    { name: 'ticker', label: 'Ticker', kind: 'text', short: true, picklist: true },
    { name: 'cusip', label: 'CUSIP', kind: 'id', short: true },
    { name: 'value', label: 'Value (USD)', kind: 'number', unit: 'usd' },
    { name: 'shrsorprnamt', label: 'Shares / principal', kind: 'number', unit: 'shares' },
    { name: 'filedat', label: 'Filed at', kind: 'datetime', datetimeForm: 'sql' },
    { name: 'periodofreport', label: 'Period of report', kind: 'date', picklist: true },
    { name: 'companyname', label: 'Filer', kind: 'text', picklist: true },
    { name: 'service_account_id', label: 'Account ID', kind: 'id' },
    { name: 'service_account_name', label: 'Account', kind: 'text' },
    { name: 'service_investment_strategy_id', label: 'Strategy ID', kind: 'id' },
    { name: 'service_investment_strategy_name', label: 'Strategy', kind: 'text' },
    {
      name: 'status',
      label: 'Status',
      kind: 'text',
      short: true,
      values: HOLDING_STATUSES,
      description: `${HOLDING_STATUSES.slice(0, -1).join(', ')} or ${HOLDING_STATUSES.at(-1) ?? ''} versus the previous quarter.`,
    },
    { name: 'pct_change_qoq', label: 'Share change QoQ', kind: 'percent' },
    {
      name: 'portfolio_pct_weight',
      label: 'Portfolio weight',
      kind: 'percent',
      description:
        "Value over the filer's long (share and principal) value for the quarter; none for options.",
    },
    ...THIRTEEN_F_EXTENSION_FIELDS,
  ],
  // `putcall` is the embedded service's own: the builder leaves it out of the defaults it offers
  // upstream (see offeredFields), and the vendor's defaults are whatever it sends.
  defaultFields: [
    'companyname',
    'periodofreport',
    'nameofissuer',
    'ticker',
    'putcall',
    'cusip',
    'value',
    'shrsorprnamt',
    'portfolio_pct_weight',
    'pct_change_qoq',
    'status',
    'filedat',
  ],
};

const investmentHoldings: ModuleDefinition = {
  id: 'investment_holdings',
  label: 'Investment holdings',
  summary: 'Fund positions held by each account, with balance, income and asset class.',
  fields: [
    { name: 'sfid', label: 'Record ID', kind: 'id' },
    { name: 'name', label: 'Holding', kind: 'text' },
    { name: 'account__c', label: 'Account ID', kind: 'id' },
    { name: 'fund_balance__c', label: 'Fund balance', kind: 'number', unit: 'usd' },
    { name: 'investment_income__c', label: 'Investment income', kind: 'number', unit: 'usd' },
    { name: 'date_acquired__c', label: 'Date acquired', kind: 'date' },
    { name: 'asset_class__c', label: 'Asset class', kind: 'text', short: true, picklist: true },
    { name: 'lastmodifieddate', label: 'Last modified', kind: 'datetime', datetimeForm: 'iso' },
  ],
  defaultFields: [
    'sfid',
    'name',
    'account__c',
    'asset_class__c',
    'fund_balance__c',
    'investment_income__c',
    'date_acquired__c',
    'lastmodifieddate',
  ],
};

const accountHistory: ModuleDefinition = {
  id: 'accounthistory',
  label: 'Account history',
  summary: 'Every change to an account field: which field, old value, new value and when.',
  fields: [
    { name: 'accountid', label: 'Account ID', kind: 'id' },
    {
      name: 'field',
      label: 'Field',
      kind: 'text',
      picklist: true,
      // Salesforce's API names of the account fields; `created` marks the record's creation.
      valueLabels: {
        AUM__c: 'AUM',
        BillingCity: 'Billing city',
        created: 'Account created',
      },
    },
    { name: 'datatype', label: 'Data type', kind: 'text', short: true, picklist: true },
    { name: 'oldvalue', label: 'Old value', kind: 'text', typedBy: 'datatype' },
    { name: 'newvalue', label: 'New value', kind: 'text', typedBy: 'datatype' },
    { name: 'createddate', label: 'Changed on', kind: 'date' },
  ],
  defaultFields: ['accountid', 'field', 'datatype', 'oldvalue', 'newvalue', 'createddate'],
};

const metroAreas: ModuleDefinition = {
  id: 'metro_area__c',
  label: 'Metro areas',
  summary: 'Metropolitan areas used to place accounts and contacts, by country.',
  fields: [
    { name: 'name', label: 'Metro area', kind: 'text' },
    { name: 'createddate', label: 'Created', kind: 'datetime', datetimeForm: 'iso' },
    { name: 'country__c', label: 'Country', kind: 'text', short: true, picklist: true },
    { name: 'sort_order__c', label: 'Sort order', kind: 'number' },
  ],
  defaultFields: ['name', 'country__c', 'sort_order__c', 'createddate'],
};

const managerPresentations: ModuleDefinition = {
  id: 'manager_presentation__c',
  label: 'Manager presentations',
  summary: 'Presentation documents published by managers, with links to the documents.',
  fields: [
    { name: 'name', label: 'Presentation', kind: 'text' },
    { name: 'createddate', label: 'Created', kind: 'datetime', datetimeForm: 'iso' },
    { name: 'type__c', label: 'Type', kind: 'text', short: true, picklist: true },
    {
      name: 'manager_presentation_type__c',
      label: 'Presentation type',
      kind: 'text',
      short: true,
      picklist: true,
    },
    { name: 'document_name', label: 'Document', kind: 'text' },
    { name: 'url', label: 'Document URL', kind: 'url' },
  ],
  defaultFields: [
    'name',
    'type__c',
    'manager_presentation_type__c',
    'document_name',
    'url',
    'createddate',
  ],
};

const updates: ModuleDefinition = {
  id: 'updates',
  label: 'Contact updates',
  summary: 'Job changes, role changes and field changes of contacts at accounts.',
  fields: [
    { name: 'sfid', label: 'Record ID', kind: 'id' },
    { name: 'name', label: 'Update', kind: 'text' },
    { name: 'type__c', label: 'Type', kind: 'text', short: true, picklist: true },
    { name: 'field_name__c', label: 'Field changed', kind: 'text', picklist: true },
    { name: 'contact__c', label: 'Contact ID', kind: 'id' },
    { name: 'contact_name__c', label: 'Contact', kind: 'text' },
    { name: 'account__c', label: 'Account ID', kind: 'id' },
    { name: 'job_change__c', label: 'Job change', kind: 'boolean' },
    { name: 'role_change__c', label: 'Role change', kind: 'boolean' },
    { name: 'last_updated_date__c', label: 'Last updated', kind: 'date' },
    { name: 'createddate', label: 'Created', kind: 'datetime', datetimeForm: 'iso' },
    { name: 'lastmodifieddate', label: 'Last modified', kind: 'datetime', datetimeForm: 'iso' },
  ],
  defaultFields: [
    'sfid',
    'name',
    'type__c',
    'contact_name__c',
    'account__c',
    'field_name__c',
    'job_change__c',
    'role_change__c',
    'last_updated_date__c',
  ],
};

/** The catalog, keyed by module identifier: the vendor's modules, then our own. */
export const CATALOG: Readonly<Record<ServedModuleId, ModuleDefinition>> = {
  '13f_holdings': thirteenF,
  investment_holdings: investmentHoldings,
  accounthistory: accountHistory,
  metro_area__c: metroAreas,
  manager_presentation__c: managerPresentations,
  updates,
  ...EXTENSION_MODULES,
};

/** True when `value` names one of the vendor's six modules. */
export function isModuleId(value: unknown): value is ModuleId {
  return typeof value === 'string' && (MODULE_IDS as readonly string[]).includes(value);
}

/** True when `value` names a module the embedded service answers (the six or our own). */
export function isServedModuleId(value: unknown): value is ServedModuleId {
  return typeof value === 'string' && Object.hasOwn(CATALOG, value);
}

/** The module whose rows each of our own modules aggregates. */
const AGGREGATED_FROM: Readonly<Record<ExtensionModuleId, ModuleId>> = {
  '13f_security_quarters': '13f_holdings',
  '13f_filer_quarters': '13f_holdings',
};

/**
 * The module whose permission a query of `module` needs: an aggregate is made of a module's
 * rows, so whoever may not read those rows may not read their aggregates either.
 */
export function permissionModule(module: ServedModuleId): ModuleId {
  return isModuleId(module) ? module : AGGREGATED_FROM[module];
}

/** The definition of `field` in `module`, or undefined when the module has no such field. */
export function findField(module: ServedModuleId, field: string): FieldDefinition | undefined {
  return CATALOG[module].fields.find((candidate) => candidate.name === field);
}

/**
 * The module's fields a service offers, in catalog order: all of them from the embedded service,
 * the vendor's only (no `extension` field) when `vendorOnly`. `keep` is listed whatever it is
 * (a field a pasted query already names).
 */
export function offeredFields(
  module: ModuleId,
  vendorOnly: boolean,
  keep: readonly string[] = [],
): readonly FieldDefinition[] {
  const { fields } = CATALOG[module];
  if (!vendorOnly) return fields;
  return fields.filter((field) => field.extension !== true || keep.includes(field.name));
}
