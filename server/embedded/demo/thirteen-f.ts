/**
 * Synthetic 13F holdings: filers, eight quarters of positions that evolve from one quarter to
 * the next, and the derived figures (weight, share change, status) computed the way an
 * analyst would from the filings. Rows stream from a generator so a benchmark-sized load never
 * sits in memory at once.
 */
import type { SeedRow } from '../db/schema.ts';
import type { Account, CrmWorld, Strategy } from './crm.ts';
import { addDays, businessInstant, isoDay, quarterEndsBefore, startOfUtcDay } from './dates.ts';
import { buildIssuers } from './issuers.ts';
import type { Issuer } from './issuers.ts';
import { LAST_NAMES, LEGAL_FORMS, MANAGER_SUFFIXES } from './names.ts';
import { Random } from './random.ts';

export { isValidCusip } from './cusip.ts';

export const PERIOD_COUNT = 8;
export const DEFAULT_FILER_COUNT = 25;
/** Filings are due 45 days after the quarter; only quarters whose deadline has passed count. */
const FILING_DEADLINE_DAYS = 45;
const MIN_POSITIONS = 20;
const MAX_POSITIONS = 120;
/** Names for further filers matched to an account that already has one. */
const AFFILIATES = ['(Europe)', '(Asia)', 'International', 'Advisors', 'Fund Services'];

export interface ThirteenFOptions {
  /** Stop adding filers once this many rows were produced; default: 25 filers. */
  readonly targetRows?: number;
}

interface Filer {
  readonly name: string;
  readonly account: Account | null;
  readonly strategy: Strategy | null;
}

/** The quarter ends of the window, oldest first. */
export function reportPeriods(today: Date): Date[] {
  const latest = addDays(startOfUtcDay(today), -FILING_DEADLINE_DAYS);
  return quarterEndsBefore(latest, PERIOD_COUNT).reverse();
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

/** Names and CRM matches of filers, in order; about 60% are matched to a CRM account. */
function* filers(random: Random, world: CrmWorld): Generator<Filer> {
  const managers = [...new Set(world.strategies.map((strategy) => strategy.account))];
  const taken = new Set<string>();
  let matched = 0;
  for (let index = 0; ; index += 1) {
    const form = random.pick(LEGAL_FORMS);
    // A fixed pattern rather than a coin flip keeps the share at 60% even for 25 filers.
    const account = index % 5 < 3 ? managers[matched % managers.length] : undefined;
    if (account !== undefined) {
      const affiliate = affiliateLabel(Math.floor(matched / managers.length));
      matched += 1;
      const strategy = random.pick(world.strategies.filter((item) => item.account === account));
      yield { name: `${account.name}${affiliate} ${form}`, account, strategy };
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
    yield { name: `${name} ${form}`, account: null, strategy: null };
  }
}

/** Shares held per issuer index at the start of the filer's history. */
function openingPositions(random: Random, issuers: readonly Issuer[], start: number) {
  const positions = new Map<number, number>();
  const budget = random.logNormal(2e9, 1.3, 5e7, 4e11);
  const count = random.int(MIN_POSITIONS, MAX_POSITIONS);
  const picks = random.sample(
    issuers.map((_, index) => index),
    count,
  );
  const sizes = picks.map(() => Math.exp(random.normal(0, 1)));
  const totalSize = sizes.reduce((sum, size) => sum + size, 0);
  for (const [slot, issuer] of picks.entries()) {
    const price = issuers[issuer]?.prices[start] ?? 1;
    const value = (budget * (sizes[slot] ?? 0)) / totalSize;
    positions.set(issuer, Math.max(10, Math.round(value / price)));
  }
  return positions;
}

/** The next quarter's positions: some sold out, added, reduced or unchanged, some new. */
function nextPositions(
  random: Random,
  held: ReadonlyMap<number, number>,
  issuers: readonly Issuer[],
  period: number,
) {
  const next = new Map<number, number>();
  for (const [issuer, shares] of held) {
    const roll = random.next();
    if (roll < 0.07 && held.size > MIN_POSITIONS) continue;
    if (roll < 0.32) {
      next.set(issuer, Math.max(shares + 1, Math.round(shares * random.float(1.03, 1.8))));
    } else if (roll < 0.55) {
      next.set(
        issuer,
        Math.max(1, Math.min(shares - 1, Math.round(shares * random.float(0.3, 0.97)))),
      );
    } else {
      next.set(issuer, shares);
    }
  }
  // New positions are sized like an average existing one, at this quarter's price.
  let heldValue = 0;
  for (const [issuer, shares] of held) heldValue += shares * (issuers[issuer]?.prices[period] ?? 0);
  const typicalValue = heldValue / Math.max(1, held.size);
  const room = MAX_POSITIONS - next.size;
  const additions = Math.min(room, random.int(0, Math.ceil(held.size * 0.12)));
  // A security sold this quarter is not bought back in the same quarter.
  const candidates = issuers.map((_, index) => index).filter((index) => !held.has(index));
  for (const issuer of random.sample(candidates, additions)) {
    const price = issuers[issuer]?.prices[period] ?? 1;
    next.set(issuer, Math.max(10, Math.round((typicalValue * random.float(0.2, 1.5)) / price)));
  }
  return next;
}

/** The status of a position held now, from its share change (null: not held before). */
function statusOf(change: number | null): string {
  if (change === null) return 'NEW';
  if (change > 0) return 'ADDED';
  return change < 0 ? 'REDUCED' : 'UNCHANGED';
}

function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 1e6) / 1e4;
}

/** What every row of one filer's filing for one quarter shares. */
interface PeriodContext {
  readonly filer: Filer;
  readonly periodEnd: Date;
  readonly filedat: Date;
  /** "<filer> <period>", the start of each record name. */
  readonly label: string;
}

/**
 * One row, every field spelled out: building rows by object spread made generation about four
 * times slower, which matters at benchmark scale.
 */
function row(
  context: PeriodContext,
  security: Issuer,
  shares: number,
  value: number,
  weight: number,
  change: number | null,
  status: string | null,
): SeedRow {
  const { filer } = context;
  return {
    name: `${context.label} ${security.ticker}`,
    nameofissuer: security.name,
    ticker: security.ticker,
    cusip: security.cusip,
    value,
    shrsorprnamt: shares,
    filedat: context.filedat,
    periodofreport: context.periodEnd,
    companyname: filer.name,
    service_account_id: filer.account?.id ?? null,
    service_account_name: filer.account?.name ?? null,
    service_investment_strategy_id: filer.strategy?.id ?? null,
    service_investment_strategy_name: filer.strategy?.name ?? null,
    status,
    pct_change_qoq: change,
    portfolio_pct_weight: weight,
  };
}

/** Yields 13F rows filer by filer and quarter by quarter. */
export function* thirteenFRows(
  world: CrmWorld,
  seed: number,
  today: Date,
  options: ThirteenFOptions = {},
): Generator<SeedRow> {
  const random = Random.derive(seed, '13f_holdings');
  const periods = reportPeriods(today);
  const issuers = buildIssuers(seed, periods.length);
  let produced = 0;
  let filerCount = 0;
  for (const filer of filers(random, world)) {
    const done =
      options.targetRows === undefined
        ? filerCount >= DEFAULT_FILER_COUNT
        : produced >= options.targetRows;
    if (done) return;
    filerCount += 1;
    // Most filers report the whole window; some started filing partway through.
    const start = random.chance(0.8) ? 0 : random.int(1, periods.length - 2);
    let previous: ReadonlyMap<number, number> | null = null;
    let held = openingPositions(random, issuers, start);
    for (let period = start; period < periods.length; period += 1) {
      if (previous !== null) held = nextPositions(random, previous, issuers, period);
      const periodEnd = periods[period] as Date;
      const context: PeriodContext = {
        filer,
        periodEnd,
        filedat: businessInstant(random, addDays(periodEnd, random.int(40, 44)), today),
        label: `${filer.name} ${isoDay(periodEnd)}`,
      };
      const values = new Map<number, number>();
      for (const [issuer, shares] of held) {
        values.set(issuer, Math.round(shares * (issuers[issuer]?.prices[period] ?? 0)));
      }
      const total = [...values.values()].reduce((sum, value) => sum + value, 0);
      const ordered = [...held.keys()].sort((a, b) => (values.get(b) ?? 0) - (values.get(a) ?? 0));
      for (const issuer of ordered) {
        const shares = held.get(issuer) ?? 0;
        const value = values.get(issuer) ?? 0;
        const before = previous?.get(issuer);
        const change =
          before === undefined ? null : Math.round(((shares - before) / before) * 1e4) / 100;
        const status = previous === null ? null : statusOf(change);
        produced += 1;
        yield row(
          context,
          issuers[issuer] as Issuer,
          shares,
          value,
          percent(value, total),
          change,
          status,
        );
      }
      for (const issuer of previous?.keys() ?? []) {
        if (held.has(issuer)) continue;
        produced += 1;
        yield row(context, issuers[issuer] as Issuer, 0, 0, 0, -100, 'SOLD OUT');
      }
      previous = held;
    }
  }
}
