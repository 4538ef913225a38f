/**
 * Account names for the CRM modules, whose rows carry only an account's ID. No module lists every
 * account's name, so they come from the two that hold some: account history's "Name" changes (the
 * latest change's new value is the current name) and, for a user with 13F, 13F holdings'
 * `service_account_name`. Both through the ordinary query interface, so the lookup works against
 * the vendor's service as against the embedded one.
 */
import { findField } from '#contract/catalog';
import type { FieldDefinition, ModuleId } from '#contract/catalog';
import { QUERY_LIMITS } from '#contract/limits';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { HttpError } from './api-errors.ts';
import { pageThrough } from './paging.ts';
import type { RunQuery } from './paging.ts';

/** The field that holds the account's ID in each CRM module that has one. */
const ACCOUNT_ID_FIELDS: Readonly<Partial<Record<ModuleId, string>>> = {
  investment_holdings: 'account__c',
  accounthistory: 'accountid',
  updates: 'account__c',
};

/** The module's account ID field, when its rows name an account. */
export function accountIdField(module: ModuleId): string | undefined {
  return ACCOUNT_ID_FIELDS[module];
}

// The catalog's own definitions, so a column is known by the definition it carries (a table
// cell knows its column's field, not its module).
const ACCOUNT_ID_DEFINITIONS: ReadonlySet<FieldDefinition | undefined> = new Set(
  Object.entries(ACCOUNT_ID_FIELDS).map(([module, field]) => findField(module as ModuleId, field)),
);

/** The account IDs `rows` name in `field`, as they come (repeats included). */
export function accountIdsOf(rows: readonly ServiceRecord[], field: string): string[] {
  return rows.flatMap((row) => {
    const id = row[field];
    return typeof id === 'string' && id !== '' ? [id] : [];
  });
}

/** True when `field` is a CRM module's account ID field. */
export function isAccountIdField(field: FieldDefinition | undefined): boolean {
  return field !== undefined && ACCOUNT_ID_DEFINITIONS.has(field);
}

// 13F's account cells: a filer's matched CRM account, its ID and its name (account-names.tsx).
const MATCHED_ACCOUNT_DEFINITIONS: ReadonlySet<FieldDefinition | undefined> = new Set([
  findField('13f_holdings', 'service_account_id'),
  findField('13f_holdings', 'service_account_name'),
]);

/**
 * The account a 13F row's account cell in `field` is about (the row's `service_account_id`, for
 * the name's cell too), or undefined for any other cell or a row matched to no account.
 */
export function matchedAccountIdOf(
  field: FieldDefinition | undefined,
  row: ServiceRecord,
): string | undefined {
  if (field === undefined || !MATCHED_ACCOUNT_DEFINITIONS.has(field)) return undefined;
  return text(row.service_account_id);
}

/** Account names by account ID; an ID not in the map has no name on record. */
export type AccountNames = ReadonlyMap<string, string>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The current name of each account: the new value of its latest "Name" change (by `createddate`;
 * on the same day the later row, as the service sorts oldest first), then the 13F name of the
 * accounts history does not name. An account with neither is absent.
 */
export function resolveAccountNames(
  history: readonly ServiceRecord[],
  thirteenF: readonly ServiceRecord[] = [],
): Map<string, string> {
  const latest = new Map<string, { day: string; name: string | undefined }>();
  for (const row of history) {
    const id = text(row.accountid);
    if (id === undefined || row.field !== 'Name') continue;
    const day = typeof row.createddate === 'string' ? row.createddate : '';
    const seen = latest.get(id);
    if (!seen || day >= seen.day) latest.set(id, { day, name: text(row.newvalue) });
  }
  const names = new Map<string, string>();
  for (const [id, { name }] of latest) if (name !== undefined) names.set(id, name);
  for (const row of thirteenF) {
    const id = text(row.service_account_id);
    const name = text(row.service_account_name);
    if (id !== undefined && name !== undefined && !names.has(id)) names.set(id, name);
  }
  return names;
}

/**
 * IDs per request: each is one `$equals` in an `$or` (`$in` is the embedded service's extension,
 * the vendor refuses it), and a body holds at most `maxConditions`, one kept for the field test.
 */
const IDS_PER_REQUEST = QUERY_LIMITS.maxConditions - 10;

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_REQUEST)
    out.push(ids.slice(at, at + IDS_PER_REQUEST));
  return out;
}

/** The "Name" changes of `ids`, oldest first. */
function historyNamesBody(ids: readonly string[]): QueryRequestBody {
  return {
    module: 'accounthistory',
    filters: {
      filter: [
        { field: { $equals: 'Name' } },
        { $or: ids.map((id) => ({ accountid: { $equals: id } })) },
      ],
      fields: ['accountid', 'field', 'newvalue', 'createddate'],
      order_by: 'createddate:ASC',
    },
  };
}

/** The 13F rows of `ids`, their account's ID and name only. */
function thirteenFNamesBody(ids: readonly string[]): QueryRequestBody {
  return {
    module: '13f_holdings',
    filters: {
      filter: [{ $or: ids.map((id) => ({ service_account_id: { $equals: id } })) }],
      fields: ['service_account_id', 'service_account_name'],
    },
  };
}

async function rowsOf(
  query: RunQuery,
  makeBody: (ids: readonly string[]) => QueryRequestBody,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  const pages = await Promise.all(
    chunks(ids).map((part) => pageThrough(query, makeBody(part), { signal })),
  );
  return pages.flat();
}

/**
 * The names of `ids`: history first; 13F (when `with13F`) only for the IDs history leaves
 * unnamed. A 403 on 13F (a user without it, not yet known to be) means no 13F names: the client
 * has recorded the refusal, so the next lookup does not ask.
 */
export async function fetchAccountNames(
  query: RunQuery,
  ids: readonly string[],
  with13F: boolean,
  signal?: AbortSignal,
): Promise<AccountNames> {
  const history = await rowsOf(query, historyNamesBody, ids, signal);
  const named = resolveAccountNames(history);
  const rest = ids.filter((id) => !named.has(id));
  if (!with13F || rest.length === 0) return named;
  try {
    return resolveAccountNames(history, await rowsOf(query, thirteenFNamesBody, rest, signal));
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return named;
    throw error;
  }
}
