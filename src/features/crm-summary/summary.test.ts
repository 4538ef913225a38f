import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { formatDay } from '../../lib/format/dates.ts';
import { resultSummary } from './summary.ts';

const ACME = '0015g00000Jo75aAAB';
const BETA = '0015g00000Jo75bAAB';
const names = new Map([[ACME, 'Acme Pension']]);
const day = (text: string) => formatDay(text);

describe('resultSummary', () => {
  it('investment holdings: positions, accounts, total, the largest by name and account', () => {
    const rows: ServiceRecord[] = [
      { name: 'Big Fund', account__c: ACME, fund_balance__c: 310e6, asset_class__c: 'Equity' },
      { name: 'Small Fund', account__c: BETA, fund_balance__c: '90000000', asset_class__c: 'Bond' },
      { name: 'Mid Fund', account__c: BETA, fund_balance__c: 100e6, asset_class__c: 'Equity' },
    ];
    expect(resultSummary('investment_holdings', rows, { names, total: 3 })).toBe(
      '3 positions in 2 accounts, $500M in all; largest: Big Fund $310M at Acme Pension; most in Equity 82%.',
    );
  });

  it('says when the rows are only part of the matching records, and shows IDs without names', () => {
    const rows: ServiceRecord[] = [{ name: 'Only', account__c: BETA, fund_balance__c: 5e6 }];
    expect(resultSummary('investment_holdings', rows, { total: 1204 })).toBe(
      `1 position in 1 account, $5M in all; largest: Only $5M at ${BETA} — in the 1 row loaded of 1,204 matching.`,
    );
    expect(resultSummary('investment_holdings', rows, { names })).toBe(
      `1 position in 1 account, $5M in all; largest: Only $5M at ${BETA} (no name on record).`,
    );
  });

  it('account history: span, fields by their labels, the latest change by name and amount', () => {
    const rows: ServiceRecord[] = [
      {
        accountid: ACME,
        field: 'Owner',
        datatype: 'EntityId',
        oldvalue: '005A',
        newvalue: '005B',
        createddate: '2026-11-20',
      },
      {
        accountid: ACME,
        field: 'AUM__c',
        datatype: 'Currency',
        oldvalue: '1200000000',
        newvalue: '1400000000',
        createddate: '2026-11-20',
      },
      {
        accountid: BETA,
        field: 'AUM__c',
        datatype: 'Currency',
        oldvalue: '',
        newvalue: '5000000',
        createddate: '2026-02-03',
      },
      { accountid: BETA, field: 'created', datatype: 'Text', createddate: '2026-01-05' },
    ];
    expect(resultSummary('accounthistory', rows, { names })).toBe(
      `4 changes to 2 accounts from ${day('2026-01-05')} to ${day('2026-11-20')}; most changed: AUM (2), Account created (1); latest: AUM at Acme Pension $1.2B → $1.4B.`,
    );
  });

  it('contact updates: kinds counted (from the type or the flags), the latest job change', () => {
    const rows: ServiceRecord[] = [
      {
        type__c: 'Job Change',
        contact__c: 'c1',
        contact_name__c: 'Jane Doe',
        account__c: ACME,
        last_updated_date__c: '2026-11-24',
      },
      {
        type__c: 'Job Change',
        contact__c: 'c2',
        contact_name__c: 'Old Mover',
        account__c: BETA,
        last_updated_date__c: '2026-10-01',
      },
      {
        job_change__c: false,
        role_change__c: true,
        contact__c: 'c1',
        account__c: ACME,
        last_updated_date__c: '2026-11-25',
      },
      {
        type__c: 'Field Change',
        field_name__c: 'Email',
        contact__c: 'c1',
        account__c: ACME,
        last_updated_date__c: '2026-11-02',
      },
    ];
    expect(resultSummary('updates', rows, { names, total: 10 })).toBe(
      `4 updates to 2 contacts at 2 accounts from ${day('2026-10-01')} to ${day('2026-11-25')}: 2 job changes, 1 field change, 1 role change; latest job change: Jane Doe to Acme Pension (${day('2026-11-24')}) — in the 4 rows loaded of 10 matching.`,
    );
  });

  it('presentations: span, counts by type, the newest document', () => {
    const rows: ServiceRecord[] = [
      { name: 'Old Letter', type__c: 'Quarterly Update', createddate: '2025-12-03T10:00:00.000Z' },
      { name: 'New Deck', type__c: 'Pitch Book', createddate: '2026-11-25T09:00:00.000Z' },
      { name: 'Mid Letter', type__c: 'Quarterly Update', createddate: '2026-05-01T09:00:00.000Z' },
    ];
    expect(resultSummary('manager_presentation__c', rows, {})).toBe(
      `3 presentations from ${day('2025-12-03')} to ${day('2026-11-25')}, by type: Quarterly Update 2, Pitch Book 1; newest: “New Deck” (${day('2026-11-25')}).`,
    );
  });

  it('metro areas: countries, the three with most', () => {
    const rows: ServiceRecord[] = ['US', 'US', 'US', 'UK', 'UK', 'Japan', 'France'].map(
      (country__c, index) => ({ name: `M${String(index)}`, country__c }),
    );
    expect(resultSummary('metro_area__c', rows, {})).toBe(
      '7 metro areas in 4 countries; most in US (3), UK (2), France (1).',
    );
  });

  it('says only what the returned fields allow, and nothing for 13F or no rows', () => {
    expect(resultSummary('investment_holdings', [{ name: 'x' }], {})).toBe('1 position.');
    expect(resultSummary('accounthistory', [], {})).toBeUndefined();
    expect(resultSummary('13f_holdings', [{ value: 1 }], {})).toBeUndefined();
  });
});
