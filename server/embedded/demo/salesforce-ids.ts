/**
 * Salesforce-style record ids: 15 case-sensitive characters plus the 3-character case-safe
 * suffix Salesforce appends to make the 18-character form. The suffix is the real algorithm,
 * so the ids survive any tool that validates them.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The pod/instance characters and reserved zeros real ids carry after the key prefix. */
const INSTANCE = '5g';
const RESERVED = '00000';
const SEQUENCE_LENGTH = 5;
/**
 * Sequences start at "A0000" or later, at a point that depends on the prefix so that records of
 * different objects with the same number do not share their last characters, and step by a
 * prime so neighbouring records differ in several characters the way real ids do.
 */
const SEQUENCE_START = 10 * 62 ** 4;
const PREFIX_OFFSETS = 10 * 62 ** 4;
const SEQUENCE_STEP = 7_919;

/** A stable offset per key prefix (FNV-1a; no import, so this module stands alone). */
function prefixOffset(prefix3: string): number {
  let hash = 0x811c9dc5;
  for (const char of prefix3) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) % PREFIX_OFFSETS;
}

/** The 3-character case-safe suffix of a 15-character id. */
export function caseSafeSuffix(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let position = 0; position < 5; position += 1) {
      const char = id15.charAt(chunk * 5 + position);
      if (char >= 'A' && char <= 'Z') bits |= 1 << position;
    }
    suffix += SUFFIX_ALPHABET.charAt(bits);
  }
  return suffix;
}

function base62(value: number, length: number): string {
  let text = '';
  let rest = value;
  for (let index = 0; index < length; index += 1) {
    text = BASE62.charAt(rest % 62) + text;
    rest = Math.floor(rest / 62);
  }
  return text;
}

/** The `n`th (0-based) 18-character id of an object with the 3-character key prefix. */
export function salesforceId(prefix3: string, n: number): string {
  if (!/^[0-9A-Za-z]{3}$/.test(prefix3)) throw new Error(`Bad key prefix: ${prefix3}`);
  const sequence = SEQUENCE_START + prefixOffset(prefix3) + n * SEQUENCE_STEP;
  if (!Number.isInteger(n) || n < 0 || sequence >= 62 ** SEQUENCE_LENGTH) {
    throw new Error(`Id sequence out of range: ${n}`);
  }
  const id15 = prefix3 + INSTANCE + RESERVED + base62(sequence, SEQUENCE_LENGTH);
  return id15 + caseSafeSuffix(id15);
}

/** True when `id` is 18 base-62 characters whose suffix matches its first 15. */
export function isValidSalesforceId(id: string): boolean {
  if (!/^[0-9A-Za-z]{18}$/.test(id)) return false;
  return caseSafeSuffix(id.slice(0, 15)) === id.slice(15);
}
