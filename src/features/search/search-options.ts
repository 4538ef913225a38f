/**
 * The search's results as the list's groups of options: what each option reads, what it opens
 * and what its star follows.
 */
import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { relatedQueries } from '#contract/relations';
import type { FollowKind } from '../../lib/follows/follows-store.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { filerPortfolioBody } from '../../lib/url-state/thirteen-f-targets.ts';
import type { FoundAccount } from './account-index.ts';
import { securityAsOf } from './search-index.ts';
import type { SearchIndex, SearchResults } from './search-index.ts';

/** One choice in the list: what it reads and the query it opens. */
export interface SearchOption {
  readonly value: string;
  readonly label: string;
  readonly detail: string;
  /** A prepared query in a module's workspace, the security view of a CUSIP, or an account page. */
  readonly target:
    | { readonly module: ModuleId; readonly body: QueryBody }
    | { readonly cusip: string; readonly period: string }
    | { readonly account: string };
  /**
   * What the option's star follows: a filer (by name as filed), a security (CUSIP), an account
   * (ID); and the name the follow is kept with.
   */
  readonly follow?: {
    readonly kind: FollowKind;
    readonly key: string;
    readonly label: string;
    /** A filer's matched account, kept with its follow (follows-store.ts). */
    readonly accountId?: string | undefined;
  };
}

export interface SearchGroup {
  readonly label: string;
  readonly options: readonly SearchOption[];
}

/** An account's page as an option, starred for the account. */
function accountPageOption(value: string, label: string, detail: string, id: string, name: string) {
  return {
    value,
    label: `${label} → account page`,
    detail,
    target: { account: id },
    follow: { kind: 'account', key: id, label: name },
  } as const;
}

/** An account found: its page first ("formerly …" when found by an old name), then its queries. */
function accountOptions(account: FoundAccount): SearchOption[] {
  const name = account.accountName ?? account.accountId;
  const detail = `Account ${account.accountId}`;
  return [
    accountPageOption(
      `account:${account.accountId}`,
      name,
      account.formerly === null ? detail : `Formerly ${account.formerly} · ${detail}`,
      account.accountId,
      name,
    ),
    ...relatedQueries(account).map((query) => ({
      value: `account:${account.accountId}:${query.module}`,
      label: query.title,
      detail,
      target: { module: query.module, body: query.body },
    })),
  ];
}

/**
 * A filer's options: its latest portfolio, then its CRM account's page when the 13F rows match
 * it to one the list does not already show under Accounts.
 */
function filerOptions(
  filer: SearchResults['filers'][number],
  index: SearchIndex,
  listed: ReadonlySet<string>,
): SearchOption[] {
  const portfolio: SearchOption = {
    value: `filer:${filer.name}`,
    label: filer.name,
    detail: `Portfolio at ${formatDay(filer.latestPeriod)}`,
    target: { module: '13f_holdings', body: filerPortfolioBody(filer) },
    follow: {
      kind: 'filer',
      key: filer.name,
      label: filer.name,
      accountId: filer.accountId ?? undefined,
    },
  };
  const id = filer.accountId;
  if (id === null || listed.has(id)) return [portfolio];
  const account = index.accounts.find((entry) => entry.accountId === id);
  const name = account?.accountName ?? id;
  return [
    portfolio,
    accountPageOption(`filer-account:${id}`, filer.name, `Account ${name}`, id, name),
  ];
}

/**
 * The results as the list's groups: filers (and their accounts' pages), their people,
 * securities, then each account's page and related queries. A security is said at `upTo`, the
 * latest complete quarter when known: a later quarter still filling up would count a handful of
 * early filers as its holders.
 */
export function groupsOf(
  results: SearchResults,
  index: SearchIndex,
  upTo: string | null | undefined,
): SearchGroup[] {
  const listed = new Set(results.accounts.map((account) => account.accountId));
  const groups: SearchGroup[] = [
    {
      label: 'Filers',
      options: results.filers.flatMap((filer) => filerOptions(filer, index, listed)),
    },
    {
      // Named by the person, then the firm; opened as the filer is.
      label: 'People',
      options: results.people.map((person) => ({
        value: `person:${person.name}:${person.filer.name}`,
        label: `${person.name} → ${person.firm}`,
        detail: `${person.role} · ${person.filer.name} at ${formatDay(person.filer.latestPeriod)}`,
        target: { module: '13f_holdings', body: filerPortfolioBody(person.filer) },
      })),
    },
    {
      label: 'Securities',
      options: results.securities.map((security) => {
        const { period, holders } = securityAsOf(security, upTo);
        const label = security.ticker ? `${security.ticker} · ${security.issuer}` : security.issuer;
        return {
          value: `security:${security.cusip}`,
          label,
          detail:
            `CUSIP ${security.cusip} · ${String(holders)} ` +
            `${holders === 1 ? 'holder' : 'holders'} at ${formatDay(period)}`,
          target: { cusip: security.cusip, period },
          follow: { kind: 'security', key: security.cusip, label },
        } as const;
      }),
    },
    { label: 'Accounts', options: results.accounts.flatMap(accountOptions) },
  ];
  return groups.filter((group) => group.options.length > 0);
}
