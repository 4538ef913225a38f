/**
 * Synthetic 13F filers and their filings. Each filer reports up to eight quarters of positions
 * that evolve from one quarter to the next, filed as raw information tables through the 13F
 * importer: weights, changes and status come from the importer's derivation, the same one real
 * filings go through. Filings and rows are drawn lazily, so a benchmark-sized load never sits
 * in memory at once.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { FILING_DEADLINE_DAYS } from '#contract/filing-deadline';
import { runImport } from '../thirteen-f/filing.ts';
import type { FilingMeta, InfoTableRow } from '../thirteen-f/filing.ts';
import type { ImportSummary } from '../thirteen-f/import.ts';
import { addCusipTickers, addFilerMatches } from '../thirteen-f/reference.ts';
import type { FilerMatch } from '../thirteen-f/reference.ts';
import type { CrmWorld } from './crm.ts';
import { addDays, businessInstant, isoDay, quarterEndsBefore, startOfUtcDay } from './dates.ts';
import { buildIssuers } from './issuers.ts';
import type { Issuer, ReservedIds } from './issuers.ts';
import { LAST_NAMES, LEGAL_FORMS, MANAGER_SUFFIXES } from './names.ts';
import { Random } from './random.ts';
import { nextPositions, openingPositions } from './thirteen-f-positions.ts';
import type { Positions } from './thirteen-f-positions.ts';

const PERIOD_COUNT = 8;
const DEFAULT_FILER_COUNT = 25;
/**
 * Synthetic CIKs start far above any the SEC has assigned (about 2.1 million by 2025), so an
 * operator's real filings never merge with a synthetic filer.
 */
const FIRST_CIK = 9_000_000;
/**
 * Ends every invented filer's name: real managers' filings load alongside, and an analyst must
 * never take an invented filer, or its positions, for a real one.
 */
const FICTIONAL_SUFFIX = ' (FICTIONAL)';
/** Names for further filers matched to an account that already has one. */
const AFFILIATES = ['(Europe)', '(Asia)', 'International', 'Advisors', 'Fund Services'];
/** The class title each CUSIP issue code stands for (see `issuers.ts`). */
const CLASS_TITLES: Readonly<Record<string, string>> = { '10': 'COM', '20': 'CL A', '30': 'CL B' };

interface SyntheticFiler {
  /** Ten digits, zero-padded, as SEC writes them. */
  readonly cik: string;
  readonly name: string;
  /** The CRM account and strategy the filer is, for about 60% of filers. */
  readonly match: FilerMatch | null;
  /**
   * The share of positions the filer reports over several rows: filers with other managers
   * list a security once per manager combination, so the derivation must add them up.
   */
  readonly splitShare: number;
}

/** One filing: its metadata and its information table, drawn when iterated. */
export interface SyntheticFiling {
  readonly filer: SyntheticFiler;
  readonly meta: FilingMeta;
  readonly rows: Iterable<InfoTableRow>;
}

export interface SyntheticOptions {
  /** Stop adding filers once their filings derive to this many rows; default: 25 filers. */
  readonly targetRows?: number | undefined;
  /** Identifiers of real securities loaded alongside, which invented ones must not take. */
  readonly reserved?: ReservedIds | undefined;
}

/**
 * The quarter ends of the window, oldest first: only quarters 45 days past (synthetic filings
 * are made within that).
 */
function reportPeriods(today: Date): Date[] {
  const latest = addDays(startOfUtcDay(today), -FILING_DEADLINE_DAYS);
  return quarterEndsBefore(latest, PERIOD_COUNT).reverse();
}

/** The issuer universe, in name order: information tables list securities alphabetically. */
export function syntheticIssuers(seed: number, today: Date, reserved?: ReservedIds): Issuer[] {
  const issuers = buildIssuers(seed, reportPeriods(today).length, reserved);
  return issuers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * How the n-th filer matched to the same account is told apart from the first: benchmark-sized
 * loads match far more filers than there are accounts with strategies.
 */
function affiliateLabel(round: number): string {
  if (round === 0) return '';
  const label = AFFILIATES[(round - 1) % AFFILIATES.length] ?? '';
  const lap = Math.ceil(round / AFFILIATES.length);
  return lap > 1 ? ` ${label} ${lap}` : ` ${label}`;
}

/** Filers in order; about 60% are matched to a CRM account and one of its strategies. */
function* filers(random: Random, world: CrmWorld): Generator<SyntheticFiler> {
  // The real filers' accounts are matched to their real filings, never to an invented filer.
  const real = new Set([...world.filerStrategies.values()].map((strategy) => strategy.account));
  const strategies = world.strategies.filter((strategy) => !real.has(strategy.account));
  const managers = [...new Set(strategies.map((strategy) => strategy.account))];
  const taken = new Set<string>();
  let matched = 0;
  let cik = FIRST_CIK;
  for (let index = 0; ; index += 1) {
    cik += random.int(1, 2_500);
    const form = random.pick(LEGAL_FORMS);
    const splitShare = random.chance(0.3) ? random.float(0.2, 0.7) : 0;
    const base = { cik: String(cik).padStart(10, '0'), splitShare };
    // A fixed pattern rather than a coin flip keeps the share at 60% even for 25 filers.
    const account = index % 5 < 3 ? managers[matched % managers.length] : undefined;
    if (account !== undefined) {
      const affiliate = affiliateLabel(Math.floor(matched / managers.length));
      matched += 1;
      const strategy = random.pick(strategies.filter((item) => item.account === account));
      const match = {
        cik: base.cik,
        account_id: account.id,
        account_name: account.name,
        strategy_id: strategy.id,
        strategy_name: strategy.name,
      };
      yield { ...base, name: `${account.name}${affiliate} ${form}${FICTIONAL_SUFFIX}`, match };
      continue;
    }
    // Unmatched filers are named after people, so none looks like a CRM account's firm.
    let name = '';
    while (name === '' || taken.has(name)) {
      const suffix = random.pick(MANAGER_SUFFIXES);
      name = random.chance(0.6)
        ? `${random.pick(LAST_NAMES)} ${suffix}`
        : `${random.pick(LAST_NAMES)} & ${random.pick(LAST_NAMES)} ${suffix}`;
    }
    taken.add(name);
    yield { ...base, name: `${name} ${form}${FICTIONAL_SUFFIX}`, match: null };
  }
}

/** Share counts of one position's rows: mostly one row, sometimes two or three. */
function splitShares(random: Random, shares: number, splitShare: number): number[] {
  if (splitShare === 0 || shares < 3 || !random.chance(splitShare)) return [shares];
  const parts: number[] = [];
  let left = shares;
  for (let remaining = random.int(2, 3); remaining > 1; remaining -= 1) {
    const part = Math.round(left * random.float(0.15, 0.85));
    // Every row keeps at least one share, and so does every row still to come.
    const kept = Math.max(1, Math.min(left - (remaining - 1), part));
    parts.push(kept);
    left -= kept;
  }
  parts.push(left);
  return parts;
}

/** A filing's information table; iterating it again yields the same rows. */
function infoTable(
  seed: number,
  meta: FilingMeta,
  held: Positions,
  issuers: readonly Issuer[],
  period: number,
  splitShare: number,
): Iterable<InfoTableRow> {
  return {
    *[Symbol.iterator]() {
      // A stream per filing: the rows do not depend on when, or whether, others were drawn.
      const random = Random.derive(seed, `13f-rows ${meta.accession}`);
      let rowNumber = 0;
      // Issuers are in name order, so index order is the alphabetical order of real filings.
      for (const index of [...held.keys()].sort((a, b) => a - b)) {
        const issuer = issuers[index] as Issuer;
        const price = issuer.prices[period] ?? 0;
        const titleOfClass = CLASS_TITLES[issuer.cusip.slice(6, 8)] ?? 'COM';
        for (const shares of splitShares(random, held.get(index) ?? 0, splitShare)) {
          rowNumber += 1;
          yield {
            rowNumber,
            nameOfIssuer: issuer.name,
            titleOfClass,
            cusip: issuer.cusip,
            value: Math.round(shares * price),
            shares,
            shareType: 'SH',
            putCall: null,
          };
        }
      }
    },
  };
}

/** Yields synthetic filings filer by filer, each filer's quarter by quarter. */
export function* syntheticFilings(
  world: CrmWorld,
  issuers: readonly Issuer[],
  seed: number,
  today: Date,
  targetRows?: number,
): Generator<SyntheticFiling> {
  const random = Random.derive(seed, '13f_holdings');
  const periods = reportPeriods(today);
  let produced = 0;
  let filerCount = 0;
  for (const filer of filers(random, world)) {
    const done =
      targetRows === undefined ? filerCount >= DEFAULT_FILER_COUNT : produced >= targetRows;
    if (done) return;
    filerCount += 1;
    // Most filers report the whole window; some started filing partway through.
    const start = random.chance(0.8) ? 0 : random.int(1, periods.length - 2);
    let previous: Positions | null = null;
    // Accession numbers count the filer's submissions per year; other forms take the gaps.
    let year = 0;
    let sequence = 0;
    for (let period = start; period < periods.length; period += 1) {
      const held: Positions =
        previous === null
          ? openingPositions(random, issuers, period)
          : nextPositions(random, previous, issuers, period);
      const periodEnd = periods[period] as Date;
      const filedAt = businessInstant(random, addDays(periodEnd, random.int(40, 44)), today);
      sequence = filedAt.getUTCFullYear() === year ? sequence + random.int(1, 4) : 1;
      year = filedAt.getUTCFullYear();
      const meta: FilingMeta = {
        accession: `${filer.cik}-${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(6, '0')}`,
        cik: filer.cik,
        filerName: filer.name,
        periodOfReport: isoDay(periodEnd),
        filedAt,
        submissionType: '13F-HR',
        amendmentType: null,
        valueUnit: 'usd',
        source: `synthetic:${filer.cik}`,
      };
      // The derivation makes a row of every position held and of every one sold out.
      produced += held.size;
      for (const issuer of previous?.keys() ?? []) if (!held.has(issuer)) produced += 1;
      yield { filer, meta, rows: infoTable(seed, meta, held, issuers, period, filer.splitShare) };
      previous = held;
    }
  }
}

/**
 * Imports the synthetic filings in one transaction and records their securities' tickers and
 * the filers' CRM matches. Returns what the import wrote (raw filings and rows).
 */
export async function addSyntheticFilings(
  connection: DuckDBConnection,
  world: CrmWorld,
  seed: number,
  today: Date,
  options: SyntheticOptions = {},
): Promise<ImportSummary> {
  const issuers = syntheticIssuers(seed, today, options.reserved);
  await addCusipTickers(
    connection,
    issuers.map(({ cusip, ticker }) => ({ cusip, ticker })),
  );
  const filings = () => syntheticFilings(world, issuers, seed, today, options.targetRows);
  const metas: FilingMeta[] = [];
  const matches = new Map<string, FilerMatch>();
  for (const { filer, meta } of filings()) {
    metas.push(meta);
    if (filer.match !== null) matches.set(filer.cik, filer.match);
  }
  const summary = await runImport(connection, async (writer) => {
    // All filings in one batch, then their rows: added one by one, each filing would cost three
    // statements, more than its rows. The generator is deterministic, so the second pass yields
    // the same filings again, this time drawing their rows.
    await writer.addFilings(metas);
    for (const filing of filings()) await writer.appendRows(filing.meta, filing.rows);
    return writer.summary();
  });
  await addFilerMatches(connection, [...matches.values()]);
  return summary;
}
