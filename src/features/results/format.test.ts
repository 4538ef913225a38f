import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { createFormatters, EMPTY_CELL } from './format.ts';

const format = createFormatters('en-US');
const field = (module: Parameters<typeof findField>[0], name: string) => findField(module, name);

describe('cell formatting by field kind', () => {
  it('writes money, shares and plain numbers with thousands separators', () => {
    expect(format('66639000000', field('13f_holdings', 'value'))).toMatchObject({
      text: '$66,639,000,000',
      raw: '66639000000',
      align: 'right',
    });
    expect(format(300000000, field('13f_holdings', 'shrsorprnamt')).text).toBe('300,000,000');
    expect(format('12.5', field('metro_area__c', 'sort_order__c')).text).toBe('12.5');
  });

  it('gives changes a sign and a colour, and weights two decimals', () => {
    expect(format('-49.3267', field('13f_holdings', 'pct_change_qoq'))).toMatchObject({
      text: '-49.33%',
      tone: 'negative',
    });
    expect(format(12, field('13f_holdings', 'pct_change_qoq'))).toMatchObject({
      text: '+12.00%',
      tone: 'positive',
    });
    expect(format(0, field('13f_holdings', 'pct_change_qoq')).tone).toBeUndefined();
    expect(format('38.897', field('13f_holdings', 'portfolio_pct_weight')).text).toBe('38.90%');
  });

  it('shows days and date-times in the locale without shifting them, raw in the tooltip', () => {
    expect(format('2025-03-31', field('13f_holdings', 'periodofreport'))).toEqual({
      text: 'Mar 31, 2025',
      raw: '2025-03-31',
    });
    // A time without an offset is UTC, and says so.
    expect(format('2024-02-14 16:05:09', field('13f_holdings', 'filedat')).text).toBe(
      'Feb 14, 2024, 4:05:09 PM UTC',
    );
    // An instant is shown in the viewer's zone, which is named.
    expect(format('2024-02-14T16:05:09Z', field('updates', 'createddate')).text).toMatch(
      /^Feb 1[45], 2024, \d{1,2}:05:09 [AP]M (UTC|GMT[+-]\d{1,2}(:\d\d)?)$/,
    );
  });

  it('marks booleans, sets ids in monospace and shows nulls as a dash', () => {
    expect(format(true, field('updates', 'job_change__c')).text).toBe('✓ Yes');
    expect(format(false, field('updates', 'job_change__c')).text).toBe('✗ No');
    expect(format('001A000001', field('updates', 'account__c')).monospace).toBe(true);
    expect(format(null, field('updates', 'account__c')).text).toBe(EMPTY_CELL);
    expect(format(undefined, undefined).text).toBe(EMPTY_CELL);
  });

  it("reads a code by the catalog's label, the code kept for the tooltip", () => {
    expect(format('AUM__c', field('accounthistory', 'field'))).toEqual({
      text: 'AUM',
      raw: 'AUM__c',
    });
    expect(format('Rating', field('accounthistory', 'field'))).toEqual({ text: 'Rating' });
  });

  it('reads an old or new value as dollars when its row types it Currency, else as sent', () => {
    const newValue = field('accounthistory', 'newvalue');
    expect(format('83066000000', newValue, { datatype: 'Currency' })).toEqual({
      text: '$83,066,000,000',
      raw: '83066000000',
      align: 'right',
    });
    expect(format('Hot', newValue, { datatype: 'Picklist' })).toEqual({ text: 'Hot' });
    expect(format('n/a', newValue, { datatype: 'Currency' })).toEqual({ text: 'n/a' });
    expect(format('83066000000', newValue)).toEqual({ text: '83066000000' });
  });

  it('leaves values that do not read as their kind exactly as sent', () => {
    expect(format('n/a', field('13f_holdings', 'value')).text).toBe('n/a');
    expect(format('<b>x</b>', field('13f_holdings', 'nameofissuer')).text).toBe('<b>x</b>');
  });
});
