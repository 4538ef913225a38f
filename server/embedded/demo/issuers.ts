/**
 * The invented securities 13F filers hold: issuer names in SEC style, unique tickers, CUSIPs
 * with valid check digits, and a share price per issuer that drifts from quarter to quarter.
 */
import { cusipCheckDigit } from './cusip.ts';
import { ISSUER_FORMS, ISSUER_ROOTS, ISSUER_SECTORS } from './fund-names.ts';
import { Random } from './random.ts';

export interface Issuer {
  readonly name: string;
  readonly ticker: string;
  readonly cusip: string;
  /** Share price in USD at each period of the 13F window, oldest first. */
  readonly prices: readonly number[];
}

const ISSUER_COUNT = 300;
const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));

function lettersOf(text: string): string {
  return text.replace(/[^A-Z]/g, '');
}

/** Ticker candidates built from the name the way exchanges often abbreviate, then random. */
function ticker(random: Random, root: string, sector: string, taken: Set<string>): string {
  const r = lettersOf(root);
  const s = lettersOf(sector);
  const candidates = random.sample(
    [
      r.slice(0, 4),
      r.slice(0, 3) + s.slice(0, 1),
      r.slice(0, 2) + s.slice(0, 2),
      r.slice(0, 1) + s.slice(0, 3),
      r.slice(0, 3),
      r.slice(0, 1) + s.slice(0, 1),
      r.slice(0, 4) + s.slice(0, 1),
    ],
    7,
  );
  for (const candidate of candidates) {
    if (!taken.has(candidate)) return candidate;
  }
  let made = '';
  while (made === '' || taken.has(made)) {
    made = Array.from({ length: random.int(3, 5) }, () => random.pick(LETTERS)).join('');
  }
  return made;
}

/** An issuer code (six characters, sometimes ending in a letter) plus issue code and check. */
function cusip(random: Random, taken: Set<string>): string {
  let base = '';
  while (base === '' || taken.has(base)) {
    const digits = String(random.int(10_000, 99_999));
    const last = random.chance(0.3) ? random.pick(LETTERS) : String(random.int(0, 9));
    // Issue "10" is the usual common stock; "20"/"30" read as a second share class.
    const issue = random.weighted([
      ['10', 90],
      ['20', 6],
      ['30', 4],
    ]);
    base = digits + last + issue;
  }
  return base + String(cusipCheckDigit(base));
}

/** Identifiers real securities in the data already use, so invented ones never clash. */
export interface ReservedIds {
  readonly cusips: Iterable<string>;
  readonly tickers: Iterable<string>;
}

/**
 * Builds the issuer universe and its price paths over `periods` quarters. No issuer takes a
 * reserved CUSIP or ticker: the same identifier on an invented and a real security would merge
 * them in the derived holdings.
 */
export function buildIssuers(
  seed: number,
  periods: number,
  reserved: ReservedIds = { cusips: [], tickers: [] },
): Issuer[] {
  const random = Random.derive(seed, '13f-issuers');
  const names = new Set<string>();
  const tickers = new Set<string>(reserved.tickers);
  const cusips = new Set<string>([...reserved.cusips].map((code) => code.slice(0, 8)));
  const issuers: Issuer[] = [];
  while (issuers.length < ISSUER_COUNT) {
    const root = random.pick(ISSUER_ROOTS);
    const sector = random.pick(ISSUER_SECTORS);
    const name = `${root} ${sector} ${random.pick(ISSUER_FORMS)}`;
    if (names.has(`${root} ${sector}`)) continue;
    names.add(`${root} ${sector}`);
    const symbol = ticker(random, root, sector, tickers);
    tickers.add(symbol);
    const code = cusip(random, cusips);
    cusips.add(code.slice(0, 8));
    const prices = [random.logNormal(60, 1, 3, 900)];
    for (let period = 1; period < periods; period += 1) {
      const previous = prices[period - 1] ?? 0;
      prices.push(Math.max(0.5, previous * Math.exp(random.normal(0.015, 0.12))));
    }
    issuers.push({
      name,
      ticker: symbol,
      cusip: code,
      prices: prices.map((price) => Math.round(price * 100) / 100),
    });
  }
  return issuers;
}
