/** How the feed words what it shows: its narrowing, and account history's values. */
import { formatUsdCompact } from '../../components/charts/chart-format.ts';
import type { FeedScope } from './feed-query.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What a CRM section is narrowed to. `lookupFailed`: the followed managers' accounts could not
 * be read, so it narrows to the accounts known without them (followed, or kept with a follow).
 */
export function accountScope(
  scope: FeedScope,
  followedAnything: boolean,
  lookupFailed = false,
): string {
  const accounts = scope.accounts.length;
  const failure = 'the followed managers’ accounts could not be read';
  if (accounts > 0) {
    const narrowed = `${String(accounts)} account${accounts === 1 ? '' : 's'} followed`;
    return lookupFailed ? `${narrowed}; ${failure}` : narrowed;
  }
  if (lookupFailed) return `Every account: ${failure}`;
  return followedAnything
    ? 'Every account: the managers followed have no account on record'
    : 'Every account: star managers or accounts to narrow this to them';
}

/** The header's word on what follows narrow: only the sections they do narrow. */
export function feedNarrowing(narrowed: {
  readonly filings: boolean;
  readonly accounts: boolean;
  readonly securities: boolean;
}): string {
  const parts = [
    ...(narrowed.filings ? ['filings'] : []),
    ...(narrowed.accounts ? ['contact moves', 'account changes'] : []),
    ...(narrowed.securities ? ['securities'] : []),
  ];
  if (parts.length === 0)
    return 'Everything: star managers, accounts and securities to narrow the feed to them.';
  const listed =
    parts.length === 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)} narrowed to what you follow; the rest covers everything.`;
}

const NUMERIC_TYPES = new Set(['Currency', 'Double', 'Int', 'Number', 'Percent']);

/** A history value as the analyst reads it: money compact, numbers grouped, empty as "—". */
export function historyValue(value: unknown, datatype: unknown): string {
  const written = text(value);
  if (written === '') return '—';
  const number = Number(written);
  if (!NUMERIC_TYPES.has(text(datatype)) || !Number.isFinite(number)) return written;
  return datatype === 'Currency' ? formatUsdCompact(number) : number.toLocaleString();
}
