import { describe, expect, it } from 'vitest';
import { cusipCheckDigit, isValidCusip } from './cusip.ts';
import { buildIssuers } from './issuers.ts';

describe('CUSIP check digits', () => {
  it('accepts real CUSIPs', () => {
    expect(isValidCusip('037833100')).toBe(true); // Apple
    expect(isValidCusip('594918104')).toBe(true); // Microsoft
    expect(isValidCusip('02005N100')).toBe(true); // Ally Financial: a letter in the issuer code
    expect(isValidCusip('00507V109')).toBe(true); // Activision Blizzard
  });

  it('computes the check digit by the double-add-double rule', () => {
    // 0 3 7 8 3 3 1 0 with every second digit doubled: 0+6+7+(1+6)+3+6+1+0 = 30 → check 0.
    expect(cusipCheckDigit('03783310')).toBe(0);
  });

  it('rejects a wrong check digit and malformed values', () => {
    expect(isValidCusip('037833101')).toBe(false);
    expect(isValidCusip('594918105')).toBe(false);
    expect(isValidCusip('03783310')).toBe(false);
    expect(isValidCusip('02005n100')).toBe(false);
  });
});

describe('13F issuer universe', () => {
  const issuers = buildIssuers(99, 8);

  it('gives every issuer a valid, unique CUSIP and a unique 2–5 letter ticker', () => {
    expect(issuers.length).toBeGreaterThanOrEqual(250);
    expect(new Set(issuers.map((issuer) => issuer.cusip)).size).toBe(issuers.length);
    expect(new Set(issuers.map((issuer) => issuer.ticker)).size).toBe(issuers.length);
    for (const issuer of issuers) {
      expect(isValidCusip(issuer.cusip), issuer.cusip).toBe(true);
      expect(issuer.ticker).toMatch(/^[A-Z]{2,5}$/);
      expect(issuer.name).toBe(issuer.name.toUpperCase());
    }
  });

  it('leaves the CUSIPs and tickers of real securities to them', () => {
    const [first, second] = issuers;
    const reserved = { cusips: [first?.cusip ?? ''], tickers: [second?.ticker ?? ''] };
    const avoiding = buildIssuers(99, 8, reserved);
    expect(avoiding.map((issuer) => issuer.cusip)).not.toContain(first?.cusip);
    expect(avoiding.map((issuer) => issuer.ticker)).not.toContain(second?.ticker);
  });

  it('prices every issuer in every period, in cents', () => {
    for (const issuer of issuers) {
      expect(issuer.prices).toHaveLength(8);
      for (const price of issuer.prices) {
        expect(price).toBeGreaterThan(0);
        expect(Math.round(price * 100) / 100).toBe(price);
      }
    }
  });
});
