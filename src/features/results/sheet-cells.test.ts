import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import type { FieldDefinition } from '#contract/catalog';
import { sheetCell, sheetHeader } from './sheet-cells.ts';

function field(module: Parameters<typeof findField>[0], name: string): FieldDefinition {
  const found = findField(module, name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

const cusip = field('13f_holdings', 'cusip');
const value = field('13f_holdings', 'value');
const weight = field('13f_holdings', 'portfolio_pct_weight');
const period = field('13f_holdings', 'periodofreport');
const filed = field('13f_holdings', 'filedat');
const ticker = field('13f_holdings', 'ticker');
const issuer = field('13f_holdings', 'nameofissuer');

describe('sheetCell', () => {
  it('keeps codes as text, flagged as codes, leading zeros and all', () => {
    expect(sheetCell('037833100', cusip)).toEqual({ type: 'text', value: '037833100', code: true });
    expect(sheetCell('AAPL', ticker)).toEqual({ type: 'text', value: 'AAPL', code: true });
    expect(sheetCell('APPLE INC', issuer)).toEqual({
      type: 'text',
      value: 'APPLE INC',
      code: false,
    });
  });

  it('reads numbers as the table does, with their format; text that is no number stays text', () => {
    expect(sheetCell('5631118993', value)).toEqual({
      type: 'number',
      value: 5631118993,
      format: 'grouped',
    });
    expect(sheetCell(1234.5, value)).toMatchObject({ type: 'number', value: 1234.5 });
    expect(sheetCell('-2.5', weight)).toEqual({ type: 'number', value: -2.5, format: 'percent' });
    expect(sheetCell('n/a', value)).toEqual({ type: 'text', value: 'n/a', code: false });
  });

  it('makes days and times cells, times in UTC whatever offset they were sent with', () => {
    expect(sheetCell('2025-03-31', period)).toEqual({
      type: 'date',
      utc: Date.UTC(2025, 2, 31),
      text: '2025-03-31',
    });
    expect(sheetCell('2025-05-15 16:05:09', filed)).toEqual({
      type: 'datetime',
      utc: Date.UTC(2025, 4, 15, 16, 5, 9),
      text: '2025-05-15 16:05:09',
    });
    expect(sheetCell('2025-05-15T18:05:09.750+02:00', filed)).toMatchObject({
      type: 'datetime',
      text: '2025-05-15 16:05:09',
    });
  });

  it('never shows a date the data did not say: impossible days and odd forms stay text', () => {
    for (const odd of [
      '2025-02-30',
      '2025-13-01',
      '1899-12-31',
      '31/03/2025',
      '2025-03-31 10:00',
    ]) {
      expect(sheetCell(odd, period)).toEqual({ type: 'text', value: odd, code: false });
    }
    expect(sheetCell('2025-02-29 10:00:00', filed)).toMatchObject({ type: 'text' });
    expect(sheetCell('2025-02-28 24:00:00', filed)).toMatchObject({ type: 'text' });
  });

  it('leaves missing values empty, and objects as their JSON text', () => {
    for (const missing of [null, undefined, ''])
      expect(sheetCell(missing, value)).toEqual({ type: 'empty' });
    expect(sheetCell({ a: 1 }, undefined)).toEqual({ type: 'text', value: '{"a":1}', code: false });
  });

  it('reads booleans as the builder does', () => {
    const flag: FieldDefinition = { name: 'active', label: 'Active', kind: 'boolean' };
    expect(sheetCell('true', flag)).toEqual({ type: 'boolean', value: true });
    expect(sheetCell(0, flag)).toEqual({ type: 'boolean', value: false });
    expect(sheetCell('maybe', flag)).toEqual({ type: 'text', value: 'maybe', code: false });
  });
});

describe('sheetCell of a coded value', () => {
  it("writes the catalog's label, as the table shows it", () => {
    const changed = field('accounthistory', 'field');
    expect(sheetCell('AUM__c', changed)).toEqual({ type: 'text', value: 'AUM', code: false });
    expect(sheetCell('Phone', changed)).toEqual({ type: 'text', value: 'Phone', code: false });
  });
});

describe('sheetHeader', () => {
  it('is the label, naming the zone for times', () => {
    expect(sheetHeader('Filed at', filed)).toBe('Filed at (UTC)');
    expect(sheetHeader('CUSIP', cusip)).toBe('CUSIP');
    expect(sheetHeader('extra_field', undefined)).toBe('extra_field');
  });
});
