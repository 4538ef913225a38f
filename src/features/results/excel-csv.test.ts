import { describe, expect, it } from 'vitest';
import { excelCsvField, excelWouldDamage } from './excel-csv.ts';

const text = (value: string, code = false) => excelCsvField({ type: 'text', value, code });

describe('excelCsvField', () => {
  it('keeps only text Excel would damage as text, through a string-literal formula', () => {
    // A lost zero, 12+ digits (scientific, then rounded), exponents, rewritten decimals,
    // grouping, currency, percent, dates and times, booleans.
    for (const damaged of [
      '037833100',
      '02134',
      '1234567890123456789',
      '46090E103',
      '1E5',
      '1.50',
      '.5',
      '1,234',
      '$5',
      '(7)',
      '5%',
      '3-4',
      '3/4',
      '2025-03-31',
      '10:30',
      '31.12.2024',
      'MAR1',
      'Jan-25',
      '4 May',
      'TRUE',
      'false',
    ]) {
      expect(text(damaged), damaged).toBe(`"=""${damaged}"""`);
    }
    expect(text('Say "hi" 2/3')).toBe('"Say ""hi"" 2/3"');
  });

  it('writes ordinary text and codes Excel shows unchanged as plain text', () => {
    for (const plain of [
      'AAPL',
      'UNCHANGED',
      'APPLE INC',
      '3M CO',
      'March madness',
      '594918104',
      '0',
      '1.5',
      '007 Bond',
      'G0176J109',
    ]) {
      expect(text(plain, true), plain).toBe(plain);
      expect(excelWouldDamage(plain), plain).toBe(false);
    }
  });

  it('keeps the formula guard, in the plain and the kept forms alike', () => {
    expect(text('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(text('@SUM(1)')).toBe("'@SUM(1)");
    expect(text('-2+3')).toBe("'-2+3");
    expect(text('+7')).toBe("'+7");
    expect(text('\t0123')).toBe("'\t0123");
    expect(text('\r3-4')).toBe(`"'\r3-4"`);
    // Past Excel's 255-character literal, or over lines, damaged text is written as plain text.
    expect(text('0'.repeat(256))).toBe('0'.repeat(256));
    expect(text('01\n02')).toBe('"01\n02"');
  });

  it('writes numbers and percents as plain numbers, booleans and days as Excel reads them', () => {
    expect(excelCsvField({ type: 'number', value: 5631118993, format: 'grouped' })).toBe(
      '5631118993',
    );
    expect(excelCsvField({ type: 'number', value: 25.76, format: 'percent' })).toBe('25.76');
    expect(excelCsvField({ type: 'number', value: -49.33, format: 'percent' })).toBe('-49.33');
    expect(excelCsvField({ type: 'boolean', value: false })).toBe('FALSE');
    expect(excelCsvField({ type: 'date', utc: 0, text: '2025-03-31' })).toBe('2025-03-31');
    expect(excelCsvField({ type: 'empty' })).toBe('');
  });
});
