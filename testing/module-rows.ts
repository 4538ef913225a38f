/**
 * Row factories for the module chart aggregation tests, shaped like the demo service's rows
 * (server/embedded/demo), every field optional so a test can drop or null any of them.
 */
import type { ServiceRecord } from '#contract/response';

/** A field value as the wire carries it; undefined leaves the field out. */
export type Wire = string | number | boolean | null | undefined;

export function row(fields: Record<string, Wire>): ServiceRecord {
  const record: ServiceRecord = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) record[key] = value;
  return record;
}

export const holding = (asset_class__c: Wire, fund_balance__c: Wire): ServiceRecord =>
  row({
    sfid: 'a0H5g00000FsySyEAJ',
    name: 'Tidemark Event Driven Fund',
    asset_class__c,
    fund_balance__c,
  });
export const change = (field: Wire, createddate: Wire): ServiceRecord =>
  row({ accountid: '0015g00000Jm3MaAAJ', field, datatype: 'Text', createddate });
export const metro = (name: string, country__c: Wire): ServiceRecord =>
  row({ name, country__c, sort_order__c: 10, createddate: '2023-03-11T18:43:27Z' });
export const presentation = (type__c: Wire, createddate: Wire): ServiceRecord =>
  row({ name: 'Cairnside – Q4 2023 Product Overview', type__c, createddate });
