/** How the feed words what it shows: its narrowing, and account history's values. */
import { formatUsdCompact } from '../../components/charts/chart-format.ts';
import type { FeedScope } from './feed-query.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a CRM section is narrowed to. */
export function accountScope(scope: FeedScope, followedAnything: boolean): string {
  const accounts = scope.accounts.length;
  if (accounts > 0) return `${String(accounts)} account${accounts === 1 ? '' : 's'} followed`;
  return followedAnything
    ? 'Every account: the managers followed have no account on record'
    : 'Every account: star managers or accounts to narrow this to them';
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
