import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appPathOrHome, returnAddress } from './safe-redirect.ts';

/** An origin to resolve against, as the browser resolves `history.replaceState`'s URL. */
const APP = 'https://dashboard.example';

/** Where the browser would go with `target`: its origin and path. */
function resolved(target: string) {
  const url = new URL(target, APP);
  return { origin: url.origin, pathname: url.pathname };
}

describe('appPathOrHome', () => {
  it('keeps the paths of the app as they are', () => {
    for (const target of [
      '/',
      '/q/updates?run=starter',
      '/q/13f_holdings',
      '/security?cusip=037833100&quarter=2025Q1',
      '/q/updates?name=a%20b',
      '/saved#s=abc',
    ]) {
      expect(appPathOrHome(target)).toBe(target);
    }
  });

  it('sends anything that could leave the app, or that a browser would reread, home', () => {
    for (const target of [
      'https://evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      // Browsers drop tabs and line breaks anywhere in a URL, so these read as //evil.example.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/\u0000/evil.example',
      '/\u007f/evil.example',
      // Encoded, for whatever decodes the path later (the router, a proxy).
      '/%09/evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%255C%255Cevil.example',
      '/%25252F%25252Fevil.example',
      '%2F%2Fevil.example',
      '/%E0%A4%A',
      ' /q/updates',
      '',
      null,
      undefined,
    ]) {
      expect({ target, home: appPathOrHome(target) }).toEqual({ target, home: '/' });
    }
  });

  it('refuses a path whose dot segments collapse into another site', () => {
    expect(appPathOrHome('/.//evil.example')).toBe('/');
    expect(appPathOrHome('/a/..//evil.example')).toBe('/');
    expect(appPathOrHome('/q/./updates')).toBe('/q/./updates');
  });

  it('never gives a target that resolves outside the app, whatever the input', () => {
    const piece = fc.constantFrom('/', '\\', '\t', '\n', ' ', '%2F', '%5C', '%09', '%25', ':', '.');
    const hostile = fc
      .tuple(fc.array(piece, { maxLength: 6 }), fc.constantFrom('evil.example', 'q/updates'))
      .map(([pieces, rest]) => `${pieces.join('')}${rest}`);
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (target) => {
        const result = appPathOrHome(target);
        expect(resolved(result).origin).toBe(APP);
        expect(resolved(result).pathname.startsWith('//')).toBe(false);
        expect([target, '/']).toContain(result);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('returnAddress', () => {
  it('puts the login page’s fragment back on the guarded address', () => {
    expect(returnAddress('/q/updates', '#s=abc')).toBe('/q/updates#s=abc');
    expect(returnAddress('/q/updates', 's=abc')).toBe('/q/updates#s=abc');
    expect(returnAddress('/q/updates', '')).toBe('/q/updates');
  });

  it('keeps an older link whose fragment travelled inside redirect', () => {
    expect(returnAddress('/q/updates#query=x', '#s=abc')).toBe('/q/updates#query=x');
  });

  it('never leaves the app, fragment or not', () => {
    expect(returnAddress('//evil.example', '#s=abc')).toBe('/#s=abc');
    expect(returnAddress('/\t/evil.example', '#s=abc')).toBe('/#s=abc');
  });
});
