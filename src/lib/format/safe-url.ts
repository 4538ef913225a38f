/**
 * The link rule: only an absolute `http:` or `https:` URL, written without surrounding or
 * embedded whitespace or control characters, becomes a link. Everything else (`javascript:`,
 * `data:`, relative paths, protocol-relative `//host`, spaced or tab-split variants) stays text.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Browsers strip tabs and newlines inside URLs ("java\tscript:"), so any whitespace or
  // control character disqualifies the value rather than being normalised away.
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
