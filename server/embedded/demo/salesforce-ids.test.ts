import { describe, expect, it } from 'vitest';
import { caseSafeSuffix, isValidSalesforceId, salesforceId } from './salesforce-ids.ts';

describe('Salesforce ids', () => {
  it('computes the case-safe suffix of the documented example', () => {
    // 001A0000006Vm9r in chunks of five: "001A0" has an upper-case letter at position 3 → 8 → I;
    // "00000" has none → 0 → A; "6Vm9r" has one at position 1 → 2 → C. Suffix: IAC.
    expect(caseSafeSuffix('001A0000006Vm9r')).toBe('IAC');
    expect(isValidSalesforceId('001A0000006Vm9rIAC')).toBe(true);
  });

  it('gives the first account the id computed by hand', () => {
    // "0015g" → no upper case → A; "00000" → A; "Jm3Ma": J at 0 (1) + M at 3 (8) = 9 → J.
    expect(salesforceId('001', 0)).toBe('0015g00000Jm3MaAAJ');
  });

  it('rejects ids whose suffix does not match, and malformed ids', () => {
    const id = salesforceId('003', 41);
    expect(isValidSalesforceId(id)).toBe(true);
    const flipped = id.slice(0, 14) + swapCase(id.charAt(14)) + id.slice(15);
    // Flipping the case of a letter changes the record the id names; the suffix must notice.
    if (flipped !== id) expect(isValidSalesforceId(flipped)).toBe(false);
    expect(isValidSalesforceId('001A0000006Vm9rIAD')).toBe(false);
    expect(isValidSalesforceId('001A0000006Vm9r')).toBe(false);
    expect(isValidSalesforceId('001A0000006Vm9-IAC')).toBe(false);
  });

  it('keeps the key prefix and never repeats an id', () => {
    const ids = Array.from({ length: 6_000 }, (_, n) => salesforceId('a0H', n));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !id.startsWith('a0H') || !isValidSalesforceId(id))).toEqual([]);
    expect(salesforceId('a0U', 5).slice(3)).not.toBe(salesforceId('a0H', 5).slice(3));
  });

  it('refuses a malformed key prefix', () => {
    expect(() => salesforceId('0x', 1)).toThrow();
    expect(() => salesforceId('001', -1)).toThrow();
  });
});

function swapCase(char: string): string {
  return char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();
}
