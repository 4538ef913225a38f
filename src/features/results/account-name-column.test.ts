import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { resultsCsv, resultsExcelCsv } from './use-results-export.ts';
import type { ExportView } from './use-results-export.ts';

const BOM = '\uFEFF';
const module: ModuleId = 'investment_holdings';
const columns = ['name', 'account__c', 'fund_balance__c'].map((id) => ({
  id,
  label: findField(module, id)?.label ?? id,
  field: findField(module, id),
}));
const NAMED = '0015g00000Jo75aAAB';
const UNNAMED = '0015g00000Zz99zAAZ';
const rows = [
  { name: 'IH-1', account__c: NAMED, fund_balance__c: 1000 },
  { name: 'IH-2', account__c: UNNAMED, fund_balance__c: 250 },
];
const names = new Map([[NAMED, '=Baupost, "Group"']]);
const view: ExportView = { module, sorting: [], columns };

describe("the account's name in the exports", () => {
  it('follows the account ID, Excel-ready, empty where no name is on record, guarded', () => {
    const [header, first, second] = resultsExcelCsv(rows, { ...view, names }).split('\r\n');
    expect(header).toBe(`${BOM}Holding,Account ID,Account name,Fund balance`);
    expect(first).toBe(`IH-1,${NAMED},"'=Baupost, ""Group""",1000`);
    expect(second).toBe(`IH-2,${UNNAMED},,250`);
  });

  it('is left out, Excel-ready, when no account of the rows has a name on record', () => {
    const header = resultsExcelCsv(rows, { ...view, names: new Map() }).split('\r\n')[0];
    expect(header).toBe(`${BOM}Holding,Account ID,Fund balance`);
  });

  it('is, in the CSV as sent, a column headed as added by the app, kept even when empty', () => {
    const [header, first] = resultsCsv(rows, { ...view, names }).split('\r\n');
    expect(header).toBe(`${BOM}name,account__c,Account name (added by this app),fund_balance__c`);
    expect(first).toBe(`IH-1,${NAMED},"'=Baupost, ""Group""",1000`);
    const empty = resultsCsv(rows, { ...view, names: new Map() }).split('\r\n')[0];
    expect(empty).toBe(`${BOM}name,account__c,Account name (added by this app),fund_balance__c`);
  });

  it('is absent when no names were looked up (or none came in time)', () => {
    expect(resultsExcelCsv(rows, view).split('\r\n')[0]).toBe(
      `${BOM}Holding,Account ID,Fund balance`,
    );
    expect(resultsCsv(rows, view).split('\r\n')[0]).toBe(`${BOM}name,account__c,fund_balance__c`);
  });
});
