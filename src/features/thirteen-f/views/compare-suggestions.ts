/**
 * Comparisons worth a first look, offered on the empty comparison page. Every filer is named as
 * its filings name it (data/13f's manifests; the test beside this file checks them against the
 * demo's real managers), and the page offers a pair only when the service lists both filers, so
 * a suggestion never names a filer the service does not have (the vendor's service included).
 */

/** Two filers to compare, their short names, and why an analyst would put them side by side. */
export interface CompareSuggestion {
  readonly a: { readonly filer: string; readonly short: string };
  readonly b: { readonly filer: string; readonly short: string };
  readonly why: string;
}

const filer = (name: string, short: string) => ({ filer: name, short });

const BERKSHIRE = filer('BERKSHIRE HATHAWAY INC', 'Berkshire Hathaway');

export const COMPARE_SUGGESTIONS: readonly CompareSuggestion[] = [
  {
    a: BERKSHIRE,
    b: filer('PERSHING SQUARE CAPITAL MANAGEMENT, L.P.', 'Pershing Square'),
    why: 'Buffett and Ackman: two concentrated, long-held portfolios.',
  },
  {
    a: filer('HIMALAYA CAPITAL MANAGEMENT LLC', 'Himalaya Capital'),
    b: BERKSHIRE,
    why: 'Li Lu, whom Munger backed, against the portfolio he learnt from.',
  },
  {
    a: filer('TIGER GLOBAL MANAGEMENT LLC', 'Tiger Global'),
    b: filer('LONE PINE CAPITAL LLC', 'Lone Pine'),
    why: 'Two "Tiger cubs" of Julian Robertson: growth stocks, often the same ones.',
  },
  {
    a: filer('AKRE CAPITAL MANAGEMENT LLC', 'Akre'),
    b: filer('FUNDSMITH LLP', 'Fundsmith'),
    why: 'Quality compounders bought to be held, on either side of the Atlantic.',
  },
];

/** The suggestions whose two filers are both among `filers` (the service's list), in order. */
export function availableSuggestions(filers: readonly string[]): CompareSuggestion[] {
  const known = new Set(filers);
  return COMPARE_SUGGESTIONS.filter(
    (suggestion) => known.has(suggestion.a.filer) && known.has(suggestion.b.filer),
  );
}
