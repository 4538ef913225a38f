/**
 * Invented fund families and fund styles per asset class, for investment holdings, and
 * invented issuer words, for 13F securities.
 */

/** The asset class labels of investment holdings, with how common each is. */
export const ASSET_CLASSES = [
  ['Equity', 30],
  ['Fixed Income', 24],
  ['Real Estate', 8],
  ['Private Equity', 9],
  ['Hedge Funds', 7],
  ['Cash & Equivalents', 8],
  ['Commodities', 3],
  ['Infrastructure', 5],
  ['Multi-Asset', 6],
] as const satisfies readonly (readonly [string, number])[];

export type AssetClass = (typeof ASSET_CLASSES)[number][0];

/** Fund families that sponsor the funds. */
export const FUND_SPONSORS = [
  'Vanbridge',
  'Northstar',
  'Keystone',
  'Harborline',
  'Cornerstone',
  'Atlas Peak',
  'Lighthouse',
  'Crestview',
  'Evergreen Park',
  'Sterling Row',
  'Blue Heron',
  'Pemberton',
  'Westmarch',
  'Oakridge',
  'Tidemark',
] as const;

interface FundStyle {
  /** Fund names within the class, without sponsor or share class. */
  readonly styles: readonly string[];
  /** Whether the fund is a pooled vehicle with share classes (else a partnership). */
  readonly shareClasses: boolean;
  /** Median annual income as a fraction of balance, and its spread. */
  readonly yield: number;
  readonly spread: number;
}

export const FUND_STYLES: Readonly<Record<AssetClass, FundStyle>> = {
  Equity: {
    styles: [
      'Total Stock Market Index',
      '500 Index',
      'Large Cap Growth',
      'Large Cap Value',
      'Mid Cap Index',
      'Small Cap Value',
      'International Equity Index',
      'Emerging Markets Equity',
      'Global Dividend Growth',
      'Developed Markets ex-US Index',
    ],
    shareClasses: true,
    yield: 0.07,
    spread: 0.12,
  },
  'Fixed Income': {
    styles: [
      'Total Bond Market Index',
      'Short-Term Treasury',
      'Intermediate-Term Corporate Bond',
      'High Yield Bond',
      'Inflation-Protected Securities',
      'Emerging Markets Debt',
      'Municipal Bond',
      'Core Plus Bond',
      'Global Aggregate Bond Index',
    ],
    shareClasses: true,
    yield: 0.04,
    spread: 0.03,
  },
  'Real Estate': {
    styles: ['Core Property', 'Real Estate Securities', 'Global REIT Index', 'Value-Add Realty'],
    shareClasses: true,
    yield: 0.05,
    spread: 0.06,
  },
  'Private Equity': {
    styles: [
      'Buyout Fund IV',
      'Growth Equity Fund II',
      'Secondaries Fund V',
      'Co-Investment Fund III',
      'Venture Partners VII',
    ],
    shareClasses: false,
    yield: 0.09,
    spread: 0.15,
  },
  'Hedge Funds': {
    styles: [
      'Global Macro Fund',
      'Multi-Strategy Fund',
      'Equity Long/Short Fund',
      'Event Driven Fund',
      'Relative Value Credit Fund',
    ],
    shareClasses: false,
    yield: 0.06,
    spread: 0.09,
  },
  'Cash & Equivalents': {
    styles: [
      'Treasury Money Market',
      'Prime Money Market',
      'Government Cash Reserves',
      'Ultra-Short Income',
    ],
    shareClasses: true,
    yield: 0.045,
    spread: 0.006,
  },
  Commodities: {
    styles: ['Commodity Strategy', 'Broad Commodity Index', 'Gold Trust', 'Natural Resources'],
    shareClasses: true,
    yield: 0.03,
    spread: 0.14,
  },
  Infrastructure: {
    styles: [
      'Global Infrastructure',
      'Core Infrastructure Fund II',
      'Energy Transition Infrastructure Fund',
      'Listed Infrastructure Index',
    ],
    shareClasses: false,
    yield: 0.06,
    spread: 0.05,
  },
  'Multi-Asset': {
    styles: [
      'Target Retirement 2035',
      'Target Retirement 2045',
      'Balanced Index',
      'Global Allocation',
      'Diversified Income',
      'Risk Parity',
    ],
    shareClasses: true,
    yield: 0.05,
    spread: 0.07,
  },
};

/** Share classes of pooled funds, and the endings of partnerships. */
export const SHARE_CLASSES = [
  'Class I',
  'Institutional',
  'Admiral',
  'Class R6',
  'Institutional Plus',
] as const;
export const PARTNERSHIP_FORMS = ['L.P.', 'Ltd.', 'SCSp'] as const;

/** Issuer name roots for 13F securities (upper case, as SEC information tables print them). */
export const ISSUER_ROOTS = [
  'ACADIA',
  'ALDEN',
  'ARBOR',
  'ASTORIA',
  'AURORA',
  'BALDWIN',
  'BRAMBLE',
  'BRISTOW',
  'CALLOWAY',
  'CARVER',
  'CASCADE',
  'CORBIN',
  'DELMAR',
  'DORSEY',
  'ELDRIDGE',
  'EMERSON',
  'FAIRMONT',
  'FENWICK',
  'GALLOWAY',
  'GARRISON',
  'HALSTEAD',
  'HOLLIS',
  'IRVINGTON',
  'JASPER',
  'KENDALL',
  'LANGLEY',
  'LOCKWOOD',
  'MADDOX',
  'MERCER',
  'MORROW',
  'NEWBURY',
  'NORCROSS',
  'OAKMONT',
  'ORCHARD',
  'PALISADE',
  'PRESCOTT',
  'QUINCY',
  'RADCLIFFE',
  'REMINGTON',
  'SHELBY',
  'STANWICK',
  'TALBOT',
  'TREMONT',
  'UPTON',
  'VANTAGE',
  'WAVERLY',
  'WHITFIELD',
  'WINSLOW',
  'YORKTOWN',
  'ZENITH',
] as const;

/** What issuers do, in the abbreviated style of 13F tables. */
export const ISSUER_SECTORS = [
  'THERAPEUTICS',
  'SEMICONDUCTOR',
  'FINL GROUP',
  'ENERGY',
  'PHARMACEUTICALS',
  'SOFTWARE',
  'BANCORP',
  'HLDGS',
  'INDS',
  'MATERIALS',
  'RETAIL',
  'MEDICAL',
  'NETWORKS',
  'FOODS',
  'RLTY TR',
  'UTILS',
  'AEROSPACE',
  'LOGISTICS',
  'BIOSCIENCES',
  'COMMUNICATIONS',
] as const;

/** Legal endings of issuer names. */
export const ISSUER_FORMS = ['INC', 'INC', 'CORP', 'CO', 'PLC', 'LTD', 'INC NEW'] as const;
