import { describe, expect, it } from 'vitest';
import { CATALOG, findField, MODULE_IDS } from '#contract/catalog';
import { PORTFOLIO_FIELDS } from '../../lib/url-state/thirteen-f-targets.ts';
import { byReadingPriority, FIRST_READ } from './column-priority.ts';

const ids = (names: readonly string[]) => names.map((id) => ({ id }));

describe('byReadingPriority', () => {
  it('leads the 13F portfolio with issuer, ticker, value, weight, status and change', () => {
    const shuffled = ['cusip', 'putcall', ...PORTFOLIO_FIELDS].reverse();
    const ordered = byReadingPriority('13f_holdings', ids([...new Set(shuffled)]));
    const label = (id: string) => findField('13f_holdings', id)?.label;
    expect(ordered.map((column) => label(column.id))).toEqual(
      ['Issuer', 'Ticker', 'Value (USD)', 'Portfolio weight', 'Status', 'Share change QoQ'].concat([
        'Shares / principal',
        'CUSIP',
        'Put/Call',
      ]),
    );
  });

  it('keeps the order of the fields a query names, marking those read first', () => {
    const ordered = byReadingPriority('13f_holdings', ids(['cusip', 'value', 'ticker']), {
      reorder: false,
    });
    expect(ordered).toEqual([
      { id: 'cusip', readFirst: false },
      { id: 'value', readFirst: true },
      { id: 'ticker', readFirst: true },
    ]);
  });

  it('puts whose a CRM row is beside what it is, record IDs after, the rest in order given', () => {
    const ordered = byReadingPriority(
      'investment_holdings',
      ids(CATALOG.investment_holdings.defaultFields),
    );
    expect(ordered.map((column) => column.id)).toEqual([
      'name',
      'account__c',
      'asset_class__c',
      'fund_balance__c',
      'investment_income__c',
      'date_acquired__c',
      'sfid',
      'lastmodifieddate',
    ]);
    // Income and date acquired follow in order, but only the first four must fit the frame.
    expect(ordered.filter((column) => column.readFirst).map((column) => column.id)).toEqual([
      'name',
      'account__c',
      'asset_class__c',
      'fund_balance__c',
    ]);
  });

  it('names only fields the catalog knows', () => {
    for (const module of MODULE_IDS) {
      const known = new Set(CATALOG[module].fields.map((field) => field.name));
      expect(FIRST_READ[module].filter((name) => !known.has(name))).toEqual([]);
    }
  });
});
