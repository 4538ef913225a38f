import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-url.ts';

describe('safeHref', () => {
  it.each([
    'https://docs.example.com/deck.pdf',
    'http://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM/x',
  ])('links %s', (url) => {
    expect(safeHref(url)).toBeDefined();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example.com/x',
    '/relative/path',
    'relative/path',
    ' https://example.com',
    'https://example.com ',
    'https://exa mple.com',
    'https:\n//example.com',
    'https:/example.com',
    'ftp://example.com/file',
    'file:///etc/passwd',
    '',
    null,
    42,
  ])('keeps %j as text', (value) => {
    expect(safeHref(value)).toBeUndefined();
  });
});
