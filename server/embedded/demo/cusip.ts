/**
 * CUSIP check digits (the standard "modulus 10 double-add-double" scheme), so invented
 * securities carry identifiers that validate like real ones.
 */

/** The value of one CUSIP character: digits as themselves, A–Z as 10–35, then * @ #. */
function characterValue(char: string): number | undefined {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 55;
  const special = ['*', '@', '#'].indexOf(char);
  return special < 0 ? undefined : 36 + special;
}

/** The check digit of the first eight characters of a CUSIP. */
export function cusipCheckDigit(base8: string): number {
  if (base8.length !== 8) throw new Error(`A CUSIP base has 8 characters: ${base8}`);
  let sum = 0;
  for (let index = 0; index < 8; index += 1) {
    const value = characterValue(base8.charAt(index));
    if (value === undefined) throw new Error(`Not a CUSIP character: ${base8.charAt(index)}`);
    // Every second character (the 2nd, 4th, ...) is doubled; the digits of each product add up.
    const weighted = index % 2 === 1 ? value * 2 : value;
    sum += Math.floor(weighted / 10) + (weighted % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `cusip` is nine characters whose last is the check digit of the first eight. */
export function isValidCusip(cusip: string): boolean {
  if (!/^[0-9A-Z*@#]{8}[0-9]$/.test(cusip)) return false;
  return cusipCheckDigit(cusip.slice(0, 8)) === Number(cusip.charAt(8));
}
