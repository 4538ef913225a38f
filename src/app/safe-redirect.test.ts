import { describe, expect, it } from 'vitest';
import { returnAddress, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-app paths and refuses anything that could leave the app', () => {
    expect(safeRedirect('/q/updates?run=starter')).toBe('/q/updates?run=starter');
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', '', null]) {
      expect(safeRedirect(target)).toBe('/');
    }
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
  });
});
