import { describe, expect, it } from 'vitest';
import { toTsv } from './tsv.ts';

const COLUMNS = [
  { header: 'Issuer', text: (row: Record<string, unknown>) => String(row.issuer) },
  { header: 'Value (USD)', text: (row: Record<string, unknown>) => `$${String(row.value)}` },
];

describe('toTsv', () => {
  it('writes the header and one tab-separated line per row, as shown', () => {
    expect(
      toTsv(
        [
          { issuer: 'APPLE INC', value: '66,639,000,000' },
          { issuer: 'KO', value: '28' },
        ],
        COLUMNS,
      ),
    ).toBe('Issuer\tValue (USD)\r\nAPPLE INC\t$66,639,000,000\r\nKO\t$28\r\n');
  });

  it('keeps each value in its cell and never lets one run as a formula', () => {
    expect(toTsv([{ issuer: 'A\tB\nC', value: '1' }], COLUMNS)).toBe(
      'Issuer\tValue (USD)\r\nA B C\t$1\r\n',
    );
    expect(toTsv([{ issuer: '=HYPERLINK("x")', value: '1' }], COLUMNS)).toContain(
      `'=HYPERLINK("x")\t`,
    );
  });
});
