/**
 * How the URL's search is read and written: JSON only where a value needs it (the managers
 * list, a version number, text that would otherwise read as one of those). TanStack's default
 * reads every value that looks like a number or JSON as one, so a CUSIP of digits (594918104)
 * became a number and was written quoted (`cusip=%22594918104%22`): links an analyst pastes
 * should read plainly, and a code stays text.
 */

/** Text that reads as JSON here: a list, an object, a quoted string, a small whole number. */
const READS_AS_JSON = /^(?:[[{"]|\d{1,2}$)/;

function readValue(text: string): unknown {
  if (!READS_AS_JSON.test(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function writeValue(value: unknown): string {
  if (typeof value === 'string') return READS_AS_JSON.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** The router's `parseSearch`: `?v=1&cusip=594918104` → `{ v: 1, cusip: '594918104' }`. */
export function parseSearch(searchText: string): Record<string, unknown> {
  const search: Record<string, unknown> = {};
  for (const [key, text] of new URLSearchParams(searchText)) search[key] = readValue(text);
  return search;
}

/** The router's `stringifySearch`: "?" and the pairs, or nothing when there are none. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined) params.append(key, writeValue(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
