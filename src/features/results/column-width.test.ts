import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { columnWidth } from './column-width.ts';

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

  it('sizes numbers and dates by kind, whatever the values', () => {
    expect(columnWidth('Value (USD)', field('13f_holdings', 'value'), [1, 2])).toBe(150);
    expect(columnWidth('Period of report', field('13f_holdings', 'periodofreport'))).toBe(112);
  });
});
