import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { columnWidth, fittedWidths } from './column-width.ts';

const field = (module: Parameters<typeof findField>[0], name: string) => findField(module, name);

describe('columnWidth', () => {
  it('fits short codes to their values: a ticker column is narrow, a type column wider', () => {
    const ticker = columnWidth('Ticker', field('13f_holdings', 'ticker'), ['AAPL', 'KO', 'BRK.B']);
    const type = columnWidth('Type', field('updates', 'type__c'), ['Field Change', 'Job Change']);
    expect(ticker).toBeLessThan(100);
    // "Field Change" is 12 characters: at 8 px each and the padding, it is not cut.
    expect(type).toBeGreaterThanOrEqual(12 * 8 + 20);
  });

  it('bounds a name column: wide enough for names, never the whole screen', () => {
    const issuer = field('13f_holdings', 'nameofissuer');
    expect(columnWidth('Issuer', issuer, ['APPLE INC', 'KO'])).toBe(120);
    expect(columnWidth('Issuer', issuer, ['X'.repeat(200)])).toBe(300);
  });

  it('never starts narrower than the header’s longest word', () => {
    const weight = field('13f_holdings', 'portfolio_pct_weight');
    expect(columnWidth('Portfolio weight', weight)).toBeGreaterThanOrEqual(9 * 8 + 20);
    expect(columnWidth('Status', field('13f_holdings', 'status'), ['NEW'])).toBeGreaterThanOrEqual(
      6 * 8 + 20,
    );
  });

  it('gives capitals their width: a status column shows UNCHANGED whole', () => {
    // Nine capitals of the 14 px sans-serif measure 90 px in Chromium: with the padding, 110 cuts.
    const status = columnWidth('Status', field('13f_holdings', 'status'), ['UNCHANGED']);
    expect(status).toBeGreaterThan(110);
  });

  it('keeps a CUSIP whole and cuts a record ID narrow', () => {
    // Nine characters of the link's 14 px monospace (8.4 px each in Chromium), and the padding.
    expect(columnWidth('CUSIP', field('13f_holdings', 'cusip'), ['037833100'])).toBeGreaterThan(
      9 * 8.4 + 20,
    );
    const record = field('investment_holdings', 'sfid');
    expect(columnWidth('Record ID', record, ['a0B5g00000Jo75aAAB'])).toBe(120);
  });

  it('gives an account ID the room of the name shown beside it', () => {
    const account = field('investment_holdings', 'account__c');
    expect(columnWidth('Account ID', account, ['0015g00000Jo75aAAB'])).toBe(300);
  });

  it('sizes numbers and dates by kind, whatever the values', () => {
    expect(columnWidth('Value (USD)', field('13f_holdings', 'value'), [1, 2])).toBe(136);
    expect(columnWidth('Period of report', field('13f_holdings', 'periodofreport'))).toBe(112);
  });
});

describe('fittedWidths', () => {
  it('narrows only the names, in proportion, until the columns fit', () => {
    const issuer = { width: 240, least: 120 };
    const value = { width: 150, least: 150 };
    const status = { width: 110, least: 110 };
    expect(fittedWidths([issuer, value, status], 440)).toEqual([180, 150, 110]);
  });

  it('leaves columns that fit, and never narrows a name below its least', () => {
    expect(fittedWidths([{ width: 200, least: 120 }], 400)).toEqual([200]);
    expect(
      fittedWidths(
        [
          { width: 200, least: 120 },
          { width: 300, least: 300 },
        ],
        300,
      ),
    ).toEqual([120, 300]);
  });
});
