/**
 * The queries behind the account page's CRM sections: the same prepared queries the 13F views'
 * "Open in other modules" offers (contract/relations.ts), so "open as a query" opens exactly
 * what the section shows.
 */
import { relatedQueries } from '#contract/relations';
import type { MatchedAccount, RelatedQuery } from '#contract/relations';
import type { QueryBody } from '#contract/query';

export type CrmSection = RelatedQuery['module'];

/** Each CRM section's query for the account (presentations only when a name is known). */
export function sectionBodies(account: MatchedAccount): Partial<Record<CrmSection, QueryBody>> {
  return Object.fromEntries(relatedQueries(account).map((query) => [query.module, query.body]));
}

/**
 * The names a presentation about the account starts with: the account's and its 13F strategy's
 * (a presentation is about a firm or one of its strategies, and says so first in its name).
 */
export function presentationSubjects(account: MatchedAccount): string[] {
  return [account.accountName, account.strategyName].filter(
    (name): name is string => name !== null,
  );
}

/** True when `name` is about one of `subjects`: it starts with it, then a space or a dash. */
export function isAbout(name: unknown, subjects: readonly string[]): boolean {
  if (typeof name !== 'string') return false;
  return subjects.some(
    (subject) => name.startsWith(subject) && /^[\s–-]/.test(name.slice(subject.length)),
  );
}
