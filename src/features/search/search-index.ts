/**
 * The global search's index: filers (and their people), securities and CRM accounts as the 13F
 * rows and account history name them, and how a typed text ranks them. Pure: the rows come from
 * the service (`use-search-index.ts`).
 */
import { SOLD_OUT } from '#contract/holding-status';
import { matchedAccountOf } from '#contract/relations';
import type { MatchedAccount } from '#contract/relations';
import type { ServiceRecord } from '#contract/response';
import { accountsOf, scoreAccount } from './account-index.ts';
import type { AccountEntry, FoundAccount } from './account-index.ts';
import { fold, peopleOf } from './people-index.ts';
import type { IndexedFiler, PersonEntry } from './people-index.ts';

/**
 * A filer, its CIK where the service gives one, the latest period it filed for, and the CRM
 * account it is matched to, when its rows say.
 */
interface FilerEntry extends IndexedFiler {
  readonly accountId: string | null;
}

/**
 * A security by CUSIP: its ticker and issuer as filed, the latest period and its holders then,
 * and its holders in each period (to say them at a quarter the data covers: securityAsOf).
 */
interface SecurityEntry {
  readonly cusip: string;
  readonly ticker: string | null;
  readonly issuer: string;
  readonly latestPeriod: string;
  readonly holders: number;
  readonly holdersByPeriod: ReadonlyMap<string, number>;
}

export interface SearchIndex {
  readonly filers: readonly FilerEntry[];
  /** The filers' people (manager-people.ts): "buffett" finds Berkshire Hathaway. */
  readonly people: readonly PersonEntry[];
  readonly securities: readonly SecurityEntry[];
  readonly accounts: readonly AccountEntry[];
}

/** What a search finds: the index's entries that match, best first. */
export interface SearchResults extends Omit<SearchIndex, 'accounts'> {
  readonly accounts: readonly FoundAccount[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

interface SecurityDraft {
  cusip: string;
  ticker: string | null;
  issuer: string;
  latestPeriod: string;
  holders: Map<string, Set<string>>;
}

function addSecurity(
  securities: Map<string, SecurityDraft>,
  row: Readonly<Record<string, unknown>>,
  filer: string,
  period: string,
) {
  const cusip = text(row.cusip);
  if (cusip === null) return;
  const known = securities.get(cusip);
  if (!known || period > known.latestPeriod) {
    securities.set(cusip, {
      cusip,
      ticker: text(row.ticker) ?? known?.ticker ?? null,
      issuer: text(row.nameofissuer) ?? known?.issuer ?? cusip,
      latestPeriod: period,
      holders: known?.holders ?? new Map<string, Set<string>>(),
    });
  } else if (period === known.latestPeriod) {
    known.ticker ??= text(row.ticker);
  }
  const draft = securities.get(cusip);
  if (!draft) return;
  const holders = draft.holders.get(period) ?? new Set<string>();
  holders.add(filer);
  draft.holders.set(period, holders);
}

/**
 * A security's latest period up to `upTo` (the latest complete quarter) and its holders then;
 * its latest period when it has none that early, or when `upTo` is not known.
 */
export function securityAsOf(
  security: SecurityEntry,
  upTo: string | null | undefined,
): { period: string; holders: number } {
  if (upTo) {
    let latest: { period: string; holders: number } | undefined;
    for (const [period, holders] of security.holdersByPeriod)
      if (period <= upTo && (latest === undefined || period > latest.period))
        latest = { period, holders };
    if (latest) return latest;
  }
  return { period: security.latestPeriod, holders: security.holders };
}

/**
 * The index of 13F rows carrying `companyname`, `periodofreport`, `status`, the security and
 * account fields, and of account history's "Name" changes (accountsOf).
 */
export function buildSearchIndex(
  rows: readonly Readonly<Record<string, unknown>>[],
  nameChanges: readonly ServiceRecord[] = [],
): SearchIndex {
  const filers = new Map<string, string>();
  const ciks = new Map<string, string>();
  const filerAccounts = new Map<string, { accountId: string; period: string }>();
  const securities = new Map<string, SecurityDraft>();
  const accounts = new Map<string, MatchedAccount>();
  for (const row of rows) {
    const filer = text(row.companyname);
    const period = text(row.periodofreport);
    if (filer === null || period === null) continue;
    const latest = filers.get(filer);
    if (latest === undefined || period > latest) filers.set(filer, period);
    const cik = text(row.cik);
    if (cik !== null) ciks.set(filer, cik);
    // A SOLD OUT row says the filer no longer holds it: not a holder, and no period of it.
    if (row.status !== SOLD_OUT) addSecurity(securities, row, filer, period);
    const account = matchedAccountOf(row);
    // The account of the filer's latest period: a filer matched anew later opens its new account.
    const matched = filerAccounts.get(filer);
    if (account && (matched === undefined || period >= matched.period)) {
      filerAccounts.set(filer, { accountId: account.accountId, period });
    }
    if (account && account.accountName !== null) accounts.set(account.accountId, account);
  }
  const filerEntries = [...filers].map(([name, latestPeriod]) => ({
    name,
    cik: ciks.get(name) ?? null,
    latestPeriod,
    accountId: filerAccounts.get(name)?.accountId ?? null,
  }));
  return {
    filers: filerEntries,
    people: peopleOf(filerEntries),
    securities: [...securities.values()].map(({ holders, ...security }) => ({
      ...security,
      holders: holders.get(security.latestPeriod)?.size ?? 0,
      holdersByPeriod: new Map([...holders].map(([period, filers]) => [period, filers.size])),
    })),
    accounts: accountsOf(accounts, nameChanges),
  };
}

/**
 * How well `candidate` answers `query` (both folded: lower case, no accents): 0 is exact, 1 a prefix, 2 a word's
 * prefix ("hath" in "berkshire hathaway"), 3 anywhere inside; undefined is no match.
 */
function rank(candidate: string, query: string): number | undefined {
  if (candidate === query) return 0;
  if (candidate.startsWith(query)) return 1;
  const at = candidate.indexOf(query);
  if (at < 0) return undefined;
  return /[\s.,&/-]/.test(candidate.charAt(at - 1)) ? 2 : 3;
}

function best(candidates: readonly (string | null)[], query: string): number | undefined {
  let found: number | undefined;
  for (const candidate of candidates) {
    if (candidate === null) continue;
    const r = rank(fold(candidate), query);
    if (r !== undefined && (found === undefined || r < found)) found = r;
  }
  return found;
}

/** The `limit` best entries: by rank, then by `order`, then by name. */
function top<T>(
  entries: readonly T[],
  score: (entry: T) => number | undefined,
  name: (entry: T) => string,
  limit: number,
  order: (entry: T) => number = () => 0,
): T[] {
  const scored: { entry: T; rank: number }[] = [];
  for (const entry of entries) {
    const r = score(entry);
    if (r !== undefined) scored.push({ entry, rank: r });
  }
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      order(b.entry) - order(a.entry) ||
      name(a.entry).localeCompare(name(b.entry)),
  );
  return scored.slice(0, limit).map(({ entry }) => entry);
}

/** How many of each kind the search box lists. */
const RESULT_LIMITS = { filers: 5, people: 5, securities: 6, accounts: 3 } as const;

/**
 * The entries `query` finds, whatever the case or accents: filers by name; people by name or
 * last name; securities by ticker, CUSIP or issuer (a ticker
 * typed whole comes first; among equals, the most held first); accounts by any name they had,
 * or by their ID typed whole.
 */
export function searchIndex(index: SearchIndex, query: string): SearchResults {
  const wanted = fold(query.trim());
  if (wanted === '') return { filers: [], people: [], securities: [], accounts: [] };
  const formerly = new Map<string, string | null>();
  return {
    filers: top(
      index.filers,
      (filer) => best([filer.name], wanted),
      (filer) => filer.name,
      RESULT_LIMITS.filers,
    ),
    people: top(
      index.people,
      (person) => best(person.searched, wanted),
      (person) => person.name,
      RESULT_LIMITS.people,
    ),
    securities: top(
      index.securities,
      (security) => best([security.ticker, security.cusip, security.issuer], wanted),
      (security) => security.issuer,
      RESULT_LIMITS.securities,
      (security) => security.holders,
    ),
    accounts: top(
      index.accounts,
      (account) => {
        const found = scoreAccount(account, wanted, rank);
        if (found) formerly.set(account.accountId, found.formerly);
        return found?.rank;
      },
      (account) => account.accountName ?? account.accountId,
      RESULT_LIMITS.accounts,
    ).map((account) => ({ ...account, formerly: formerly.get(account.accountId) ?? null })),
  };
}
