/**
 * Option rows of the 13F service. A put or a call shares the CUSIP of the shares it is written
 * on. The embedded service says which in its `putcall` field (PUT, CALL or null); the vendor's
 * interface has no such field, and there only the record name tells an option apart, which is
 * `<filer> <period YYYY-MM-DD> <ticker or CUSIP>` for shares, with " PUT" or " CALL" after it for
 * an option (SEC files "Put"/"Call"; the service uppercases). Rows with neither cannot be told
 * apart, so their options count with the shares.
 */

/** A put or a call, spelled as labels show it. */
export type PutCall = 'Put' | 'Call';

// The suffix must follow the security after the period: a share row of a security whose ticker
// is CALL ("… 2016-03-31 CALL") is no option, an option on it ("… 2016-03-31 CALL CALL") is.
const OPTION_NAME = / \d{4}-\d{2}-\d{2} \S.* (put|call)$/i;

/** 'Put' or 'Call' when a served `name` is an option row's, else null. */
export function putCallOf(name: unknown): PutCall | null {
  if (typeof name !== 'string') return null;
  const text = name.trimEnd();
  // Most rows are shares: a look at the last character (t or l, any case), then at the last
  // five, spares them the pattern. Results reach 100,000 rows.
  const last = text.charCodeAt(text.length - 1) | 0x20;
  if (last !== 0x74 && last !== 0x6c) return null;
  const tail = text.slice(-5).toLowerCase();
  if (tail !== ' call' && !tail.endsWith(' put')) return null;
  const match = OPTION_NAME.exec(text);
  if (!match) return null;
  return match[1]?.toLowerCase() === 'put' ? 'Put' : 'Call';
}

/**
 * 'Put' or 'Call' for an option row, else null: from `putcall` when the row carries the field
 * (null there means shares, whatever the name says), from the name otherwise.
 */
export function putCallOfRow(row: {
  readonly putcall?: unknown;
  readonly name?: unknown;
}): PutCall | null {
  if (!('putcall' in row)) return putCallOf(row.name);
  const text = typeof row.putcall === 'string' ? row.putcall.trim().toLowerCase() : '';
  return text === 'put' ? 'Put' : text === 'call' ? 'Call' : null;
}
