/**
 * A strict RFC 4180 reader for tests: it accepts only what a correct writer produces, so a
 * round trip through it proves the quoting, not just that some lenient parser coped.
 *
 * Strict on structure: records end in CRLF; a `"` may only open a field or, doubled, sit inside
 * a quoted one; a closing quote must be followed by `,`, CRLF or the end; CR and LF appear only
 * inside quoted fields. Lenient on content: RFC 4180's TEXTDATA is printable ASCII, but any other
 * character (NUL, tab, unicode) is accepted as-is, because a UTF-8 CSV for Excel carries them.
 */

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;

/** Malformed input, with the offset where reading stopped. */
export class Rfc4180Error extends SyntaxError {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
    this.name = 'Rfc4180Error';
  }
}

/**
 * Parses CSV text (without a BOM) into records of fields.
 *
 * The last record may or may not end in CRLF, as RFC 4180 allows; so "" and "\r\n"-terminated
 * text never yield a trailing empty record, while "a\r\n\r\n" is two records: ["a"] and [""].
 */
export function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  const end = text.length;
  let at = 0;
  while (at < end) {
    const record: string[] = [];
    for (;;) {
      let field: string;
      if (text.charCodeAt(at) === QUOTE) {
        [field, at] = quotedField(text, at);
      } else {
        [field, at] = plainField(text, at);
      }
      record.push(field);
      if (at === end) {
        records.push(record);
        return records;
      }
      if (text.charCodeAt(at) === COMMA) {
        at += 1;
        continue;
      }
      // Both field readers stop only at the end, a comma, or a CR that is followed by LF.
      at += 2;
      records.push(record);
      break;
    }
  }
  return records;
}

/** Reads a quoted field opening at `start`; returns its value and the offset after it. */
function quotedField(text: string, start: number): [string, number] {
  let value = '';
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) throw new Rfc4180Error('Unterminated quoted field', start);
    if (text.charCodeAt(quote + 1) === QUOTE) {
      value += text.slice(from, quote + 1);
      from = quote + 2;
      continue;
    }
    value += text.slice(from, quote);
    const after = quote + 1;
    if (after < text.length && !isSeparator(text, after)) {
      throw new Rfc4180Error('Text after the closing quote', after);
    }
    return [value, after];
  }
}

/** Reads an unquoted field starting at `start`; returns its value and the offset after it. */
function plainField(text: string, start: number): [string, number] {
  let at = start;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === COMMA) break;
    if (code === CR || code === LF) {
      if (!isSeparator(text, at)) throw new Rfc4180Error('Bare CR or LF outside quotes', at);
      break;
    }
    if (code === QUOTE) throw new Rfc4180Error('Quote inside an unquoted field', at);
    at += 1;
  }
  return [text.slice(start, at), at];
}

/** A comma or a CRLF pair starts at `at`. */
function isSeparator(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code === COMMA || (code === CR && text.charCodeAt(at + 1) === LF);
}
