/**
 * The feed's reads: every section one TanStack query over the ordinary query interface, so the
 * feed works against the vendor's service as against the embedded one. A section shows its
 * newest few and its count: two requests, the rows and `count_only`, asked together.
 */
import { CATALOG } from '#contract/catalog';
import { withMaxNum } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import type { WireFilterNode } from '#contract/query';
import { fetchQueryResult } from '../../lib/api/query-api.ts';

/** Items a section lists; the count says how many there are in all. */
export const SHOWN = 8;

/** What the feed is narrowed to: the window's first day, and what is followed. */
export interface FeedScope {
  readonly start: string;
  readonly filers: readonly string[];
  readonly securities: readonly string[];
  /** Followed accounts and the accounts of followed filers; empty: every account. */
  readonly accounts: readonly string[];
}

/** A section's newest items and its count. */
export interface SectionRows {
  readonly rows: readonly ServiceRecord[];
  readonly count: number;
}

/** `{ field: { $equals: value } }` for each value, as one `$or` (the vendor has no `$in`). */
export function anyOf(field: string, values: readonly string[]): WireFilterNode {
  return { $or: values.map((value) => ({ [field]: { $equals: value } })) };
}

/** The rows a body matches (at most its `max_num`). */
export async function rowsOf(body: QueryRequestBody, signal?: AbortSignal) {
  const result = await fetchQueryResult(body, signal);
  if (result.kind !== 'rows') throw new Error('The service answered rows with a count.');
  return result.rows;
}

async function countOf(body: QueryRequestBody, signal?: AbortSignal): Promise<number> {
  const result = await fetchQueryResult({ ...body, count_only: true }, signal);
  if (result.kind !== 'count') throw new Error('The service answered a count with rows.');
  return result.count;
}

/** A section's query: its filters (for the rows, the count and "open as a query"). */
export interface SectionQuery {
  readonly module: string;
  readonly filter: readonly WireFilterNode[];
  readonly orderBy: string;
  readonly fields: readonly string[];
}

/** The body "open as a query" opens: the section's rows, newest first, every one. */
export function sectionBody(query: SectionQuery): QueryRequestBody {
  return {
    module: query.module,
    filters: { filter: [...query.filter], order_by: query.orderBy, fields: [...query.fields] },
  };
}

/** The newest SHOWN rows and the count, asked together. */
export async function fetchSection(
  query: SectionQuery,
  signal?: AbortSignal,
): Promise<SectionRows> {
  const body = sectionBody(query);
  const [rows, count] = await Promise.all([
    rowsOf(withMaxNum(body, SHOWN), signal),
    countOf({ module: query.module, filters: { filter: [...query.filter] } }, signal),
  ]);
  return { rows, count };
}

/** Contact moves: job and role changes from contact updates, at the narrowed accounts. */
export function contactMovesQuery(scope: FeedScope): SectionQuery {
  return {
    module: 'updates',
    filter: [
      { createddate: { $gte: scope.start } },
      { $or: [{ job_change__c: { $equals: true } }, { role_change__c: { $equals: true } }] },
      ...(scope.accounts.length > 0 ? [anyOf('account__c', scope.accounts)] : []),
    ],
    orderBy: 'createddate:DESC',
    fields: [
      'sfid',
      'name',
      'type__c',
      'contact_name__c',
      'contact__c',
      'account__c',
      'job_change__c',
      'role_change__c',
      'createddate',
    ],
  };
}

/** Account field changes from account history ("created" is no change of a field). */
export function fieldChangesQuery(scope: FeedScope): SectionQuery {
  return {
    module: 'accounthistory',
    filter: [
      { createddate: { $gte: scope.start } },
      { field: { $not_equals: 'created' } },
      ...(scope.accounts.length > 0 ? [anyOf('accountid', scope.accounts)] : []),
    ],
    orderBy: 'createddate:DESC',
    fields: ['accountid', 'field', 'datatype', 'oldvalue', 'newvalue', 'createddate'],
  };
}

/** New manager presentations, newest first (they name no account: never narrowed). */
export function presentationsQuery(scope: FeedScope): SectionQuery {
  return {
    module: 'manager_presentation__c',
    filter: [{ createddate: { $gte: scope.start } }],
    orderBy: 'createddate:DESC',
    fields: CATALOG.manager_presentation__c.defaultFields,
  };
}
