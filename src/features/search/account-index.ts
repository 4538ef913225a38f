/**
 * The CRM accounts in the search index, and how a typed text finds them. No module lists every
 * account's name: they come from account history's "Name" changes (every name an account had, so
 * a firm is found by its old name too) and from the 13F rows of the filers matched to an account.
 */
import type { MatchedAccount } from '#contract/relations';
import type { ServiceRecord } from '#contract/response';
import { fold } from './people-index.ts';

/** An account and every name it is known by: the current one first (`accountName`). */
export interface AccountEntry extends MatchedAccount {
  /** Folded, for the keystrokes: the current name, then the earlier ones. */
  readonly searched: readonly string[];
  /** The names as written, in the order of `searched`. */
  readonly names: readonly string[];
}

/** An account a search found, and the old name it was found by when not its current one. */
export interface FoundAccount extends AccountEntry {
  readonly formerly: string | null;
}

/** Names kept per account: a rename a year is plenty, and a runaway history costs no keystrokes. */
const NAMES_PER_ACCOUNT = 6;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Each account's current name: its latest rename's new value (by `createddate`; on the same day
 * the later row, as the rows come oldest first). The rows are all "Name" changes: the index asks
 * for no other (use-search-index.ts), so no `field` is read.
 */
function currentNames(history: readonly ServiceRecord[]): Map<string, string> {
  const latest = new Map<string, { day: string; name: string | null }>();
  for (const row of history) {
    const id = text(row.accountid);
    if (id === null) continue;
    const day = typeof row.createddate === 'string' ? row.createddate : '';
    const seen = latest.get(id);
    if (!seen || day >= seen.day) latest.set(id, { day, name: text(row.newvalue) });
  }
  const names = new Map<string, string>();
  for (const [id, { name }] of latest) if (name !== null) names.set(id, name);
  return names;
}

/**
 * The accounts named by the 13F rows' matches (`thirteenF`) and by account history's "Name"
 * changes (`history`, each row's `accountid`, `oldvalue`, `newvalue`, `createddate`): the
 * current name is history's latest, else the 13F one (as account-names.ts says it in results).
 */
export function accountsOf(
  thirteenF: ReadonlyMap<string, MatchedAccount>,
  history: readonly ServiceRecord[],
): AccountEntry[] {
  const current = currentNames(history);
  const earlier = new Map<string, Set<string>>();
  const add = (id: string, name: string | null) => {
    if (name === null) return;
    const names = earlier.get(id) ?? new Set<string>();
    if (names.size < NAMES_PER_ACCOUNT) names.add(name);
    earlier.set(id, names);
  };
  // Newest first, so the names kept are the latest when an account has more than the bound.
  for (let at = history.length - 1; at >= 0; at -= 1) {
    const row = history[at];
    const id = text(row?.accountid);
    if (row === undefined || id === null) continue;
    add(id, text(row.newvalue));
    add(id, text(row.oldvalue));
  }
  const ids = new Set([...thirteenF.keys(), ...earlier.keys()]);
  return [...ids].flatMap((accountId) => {
    const matched = thirteenF.get(accountId);
    const name = current.get(accountId) ?? matched?.accountName ?? null;
    if (name === null) return [];
    const names = [name, ...[...(earlier.get(accountId) ?? [])].filter((n) => n !== name)];
    if (matched?.accountName && !names.includes(matched.accountName))
      names.push(matched.accountName);
    return [
      {
        accountId,
        accountName: name,
        strategyName: matched?.strategyName ?? null,
        names,
        searched: names.map(fold),
      },
    ];
  });
}

/**
 * How well `account` answers `wanted` (folded): by rank (as `rank` says it of one name) over
 * its names, or exactly by its ID; with the old name it matched by, when not its current one.
 */
export function scoreAccount(
  account: AccountEntry,
  wanted: string,
  rank: (candidate: string, query: string) => number | undefined,
): { rank: number; formerly: string | null } | undefined {
  if (fold(account.accountId) === wanted) return { rank: 0, formerly: null };
  let found: { rank: number; formerly: string | null } | undefined;
  account.searched.forEach((candidate, at) => {
    const r = rank(candidate, wanted);
    if (r !== undefined && (found === undefined || r < found.rank))
      found = { rank: r, formerly: at === 0 ? null : (account.names[at] ?? null) };
  });
  return found;
}
