import type { ServiceRecord } from '#contract/response';

/** A small seeded PRNG (mulberry32): the same rows on every run and machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ISSUERS = [
  ['APPLE INC', 'AAPL', '037833100'],
  ['BANK AMER CORP', 'BAC', '060505104'],
  ['CHEVRON CORP NEW', 'CVX', '166764100'],
  ['COCA COLA CO', 'KO', '191216100'],
  ['AMERICAN EXPRESS CO', 'AXP', '025816109'],
  ['OCCIDENTAL PETE CORP', 'OXY', '674599105'],
  ['KRAFT HEINZ CO', 'KHC', '500754106'],
  ['MOODYS CORP', 'MCO', '615369105'],
  ['CHUBB LIMITED', 'CB', 'H1467J104'],
  ['DAVITA INC', 'DVA', '23918K108'],
  ['VERISIGN INC', 'VRSN', '92343E102'],
  ['KROGER CO', 'KR', '501044101'],
  ['SIRIUS XM HOLDINGS INC', 'SIRI', '829933100'],
  ['VISA INC', 'V', '92826C839'],
  ['MASTERCARD INCORPORATED', 'MA', '57636Q104'],
  ['AMAZON COM INC', 'AMZN', '023135106'],
  ['NU HLDGS LTD', 'NU', 'G6683N103'],
  ['ALLY FINL INC', 'ALLY', '02005N100'],
  ['T-MOBILE US INC', 'TMUS', '872590104'],
  ['"ODD" NAME, WITH COMMA', null, '00000000X'],
] as const;
const FILERS = [
  'BERKSHIRE HATHAWAY INC',
  'VANGUARD GROUP INC',
  'BLACKROCK INC.',
  'STATE STREET CORP',
  'FMR LLC',
  'GEODE CAPITAL MANAGEMENT, LLC',
  'MORGAN STANLEY',
  'NORTHERN TRUST CORP',
  'T. ROWE PRICE ASSOCIATES, INC.',
  'BRIDGEWATER ASSOCIATES, LP',
];
const STRATEGIES = ['Value', 'Growth', 'Index', 'Quant', 'Macro', 'Income'];
const STATUSES = ['NEW', 'ADDED', 'REDUCED', 'UNCHANGED', 'SOLD OUT'];
const QUARTERS = ['03-31', '06-30', '09-30', '12-31'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const pick = <T>(list: readonly T[], next: () => number): T =>
  list[Math.floor(next() * list.length)] as T;

/**
 * `count` synthetic 13F holdings with all 16 fields of the catalog, shaped as the service sends
 * them: large amounts mostly as numeric strings (DECIMAL columns), some as JSON numbers, percents
 * as either, SQL date-times, ISO days, a few nulls and cells that need CSV quoting.
 */
export function generateRows(count: number, seed = 13): ServiceRecord[] {
  const next = random(seed);
  const rows = new Array<ServiceRecord>(count);
  for (let index = 0; index < count; index++) {
    const [issuer, ticker, cusip] = pick(ISSUERS, next);
    const filer = FILERS[index % FILERS.length] ?? '';
    const account = (index % FILERS.length) + 1;
    const strategy = pick(STRATEGIES, next);
    const year = 2019 + Math.floor(next() * 7);
    const quarter = Math.floor(next() * 4);
    const status = pick(STATUSES, next);
    const shares = status === 'SOLD OUT' ? 0 : Math.floor(next() ** 3 * 2e9);
    const value = Math.round(shares * (5 + next() * 400));
    const change = status === 'NEW' ? null : ((next() - 0.5) * 200).toFixed(2);
    const weight = next() * 60;
    const asString = next() < 0.7;
    rows[index] = {
      name: `${filer.slice(0, 12)} ${year}Q${quarter + 1} #${index}`,
      nameofissuer: issuer,
      ticker,
      cusip,
      value: asString ? String(value) : value,
      shrsorprnamt: asString ? String(shares) : shares,
      filedat: `${year + (quarter === 3 ? 1 : 0)}-${pad(((quarter * 3 + 4) % 12) + 1)}-${pad(1 + Math.floor(next() * 14))} ${pad(Math.floor(next() * 24))}:${pad(Math.floor(next() * 60))}:${pad(Math.floor(next() * 60))}`,
      periodofreport: `${year}-${QUARTERS[quarter] ?? '12-31'}`,
      companyname: filer,
      service_account_id: `001Dn00000Acct${pad(account, 4)}`,
      service_account_name: filer.replace(/,? (INC|LLC|CORP|LP)\.?$/, ''),
      service_investment_strategy_id: `a0B5e00000Strat${pad(STRATEGIES.indexOf(strategy), 3)}`,
      service_investment_strategy_name: strategy,
      status,
      pct_change_qoq: change === null ? null : asString ? change : Number(change),
      portfolio_pct_weight: asString ? weight.toFixed(4) : Number(weight.toFixed(4)),
    };
  }
  return rows;
}
