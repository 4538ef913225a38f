import { describe, expect, it } from 'vitest';
import { excelCsvField } from './excel-csv.ts';

const text = (value: string, code = false) => excelCsvField({ type: 'text', value, code });

describe('excelCsvField', () => {
  it('keeps codes and text Excel would convert as text, through a string-literal formula', () => {
    expect(text('037833100', true)).toBe('"=""037833100"""');
    expect(text('AAPL', true)).toBe('"=""AAPL"""');
    // Not codes, but Excel would read them as a number, a date or a boolean.
    for (const coerced of ['46090E103', '0123', '3/4', 'MAR1', 'Jan-25', 'TRUE', '.5']) {
      expect(text(coerced)).toBe(`"=""${coerced}"""`);
    }
    expect(text('Say "hi" 2', true)).toBe('"=""Say """"hi"""" 2"""');
  });

  it('writes other text as plain text, the formula guard intact', () => {
    expect(text('APPLE INC')).toBe('APPLE INC');
    expect(text('March madness')).toBe('March madness');
    expect(text('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(text('@SUM(1)')).toBe("'@SUM(1)");
    expect(text('-2+3')).toBe("'-2+3");
    expect(text('+7')).toBe("'+7");
    // Past Excel's 255-character literal, or over lines, a code is written as plain text.
    expect(text('0'.repeat(256), true)).toBe('0'.repeat(256));
    expect(text('01\n02', true)).toBe('"01\n02"');
  });

  it('writes numbers plainly, percents with their sign Excel reads, booleans and days as Excel does', () => {
    expect(excelCsvField({ type: 'number', value: 5631118993, format: 'grouped' })).toBe(
      '5631118993',
    );
    expect(excelCsvField({ type: 'number', value: -49.33, format: 'percent' })).toBe('-49.33%');
    expect(excelCsvField({ type: 'boolean', value: false })).toBe('FALSE');
    expect(excelCsvField({ type: 'date', utc: 0, text: '2025-03-31' })).toBe('2025-03-31');
    expect(excelCsvField({ type: 'empty' })).toBe('');
  });
});
