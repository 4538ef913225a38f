import { describe, expect, it } from 'vitest';
import { availableSuggestions, COMPARE_SUGGESTIONS } from './compare-suggestions.ts';

/** The shipped filers' names, from their manifests (read by the bundler: no Node APIs here). */
const SHIPPED = new Set(
  Object.values(
    import.meta.glob<{ filer: string }>('../../../../data/13f/*/manifest.json', {
      eager: true,
      import: 'default',
    }),
  ).map((manifest) => manifest.filer),
);

describe('compare suggestions', () => {
  it('name only filers whose filings ship, each pair two different filers', () => {
    const shipped = SHIPPED;
    expect(shipped.size).toBeGreaterThan(30);
    for (const { a, b } of COMPARE_SUGGESTIONS) {
      expect(shipped, a.filer).toContain(a.filer);
      expect(shipped, b.filer).toContain(b.filer);
      expect(a.filer).not.toBe(b.filer);
    }
  });

  it('offer a pair only when the service lists both of its filers', () => {
    const filers = ['BERKSHIRE HATHAWAY INC', 'PERSHING SQUARE CAPITAL MANAGEMENT, L.P.', 'X'];
    expect(availableSuggestions(filers).map((s) => [s.a.short, s.b.short])).toEqual([
      ['Berkshire Hathaway', 'Pershing Square'],
    ]);
    expect(availableSuggestions([])).toEqual([]);
  });
});
