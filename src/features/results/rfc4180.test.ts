// The strict reader lives in testing/, which Vitest does not collect; its tests sit beside the
// CSV writer that relies on it.
import { describe, expect, it } from 'vitest';
import { parseRfc4180, Rfc4180Error } from '../../../testing/rfc4180.ts';

describe('parseRfc4180', () => {
  it('reads CRLF-separated records of comma-separated fields', () => {
    expect(parseRfc4180('a,b,c\r\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('treats a final CRLF as the end of the last record, not a new one', () => {
    expect(parseRfc4180('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseRfc4180('')).toEqual([]);
  });

  it('keeps empty fields and an empty one-field record', () => {
    expect(parseRfc4180(',\r\na,\r\n,b\r\n')).toEqual([
      ['', ''],
      ['a', ''],
      ['', 'b'],
    ]);
    expect(parseRfc4180('h\r\n\r\n')).toEqual([['h'], ['']]);
    expect(parseRfc4180('h\r\n""\r\n')).toEqual([['h'], ['']]);
  });

  it('unquotes fields, undoubling quotes and keeping commas, CR and LF inside', () => {
    expect(parseRfc4180('"a,b","say ""hi""","x\r\ny","cr\ronly","lf\nonly",""\r\n')).toEqual([
      ['a,b', 'say "hi"', 'x\r\ny', 'cr\ronly', 'lf\nonly', ''],
    ]);
    expect(parseRfc4180('""""')).toEqual([['"']]);
  });

  it('passes NUL, tabs and any unicode through', () => {
    expect(parseRfc4180('\u0000,\t x\t,€🚀 \uFEFF')).toEqual([['\u0000', '\t x\t', '€🚀 \uFEFF']]);
  });

  it.each([
    ['a bare quote inside an unquoted field', 'ab"c,d', 2],
    ['a quote opening mid-field', 'a,b"c"', 3],
    ['text after a closing quote', '"ab"c,d', 4],
    ['a space after a closing quote', '"ab" ,d', 4],
    ['an unterminated quoted field', 'a,"bc\r\n', 2],
    ['a lone quote', '"', 0],
    ['a bare LF between records', 'a\nb', 1],
    ['a bare CR between records', 'a\rb', 1],
    ['a CR ending the text', 'a\r', 1],
  ])('throws on %s', (_, text, offset) => {
    expect(() => parseRfc4180(text)).toThrow(Rfc4180Error);
    try {
      parseRfc4180(text);
    } catch (error) {
      expect((error as Rfc4180Error).offset).toBe(offset);
    }
  });
});
