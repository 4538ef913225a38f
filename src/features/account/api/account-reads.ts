/**
 * What the account page reads, each section through the ordinary query interface (so the page
 * works against the vendor's service as against the embedded one). Pure over a `RunQuery`: the
 * TanStack options (account-queries.ts) hand it the client.
 */
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { HttpError } from '../../../lib/api/api-errors.ts';
import { pageThrough } from '../../../lib/api/paging.ts';
import type { RunQuery } from '../../../lib/api/paging.ts';

/** At most this many rows of a section are read: an account's CRM records are a few dozen. */
const SECTION_ROW_LIMIT = 500;

/** The section's rows, bounded; `capped` when there were more than were read. */
export interface SectionRows {
  readonly rows: readonly ServiceRecord[];
  readonly capped: boolean;
}

/** Every row of `body` up to SECTION_ROW_LIMIT. */
export async function readSection(
  run: RunQuery,
  body: QueryRequestBody,
  signal?: AbortSignal,
): Promise<SectionRows> {
  const rows = await pageThrough(run, body, { signal, limit: SECTION_ROW_LIMIT + 1 });
  return { rows: rows.slice(0, SECTION_ROW_LIMIT), capped: rows.length > SECTION_ROW_LIMIT };
}

/** The 13F filer an account is matched to, as the 13F rows name them. */
export interface FilerMatch {
  readonly filer: string;
  readonly accountName: string | null;
  readonly strategyName: string | null;
  readonly latestPeriod: string;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** At most this many filers are matched to one account: usually there is one. */
const MAX_FILERS = 10;

/** The filers matched to an account; `bounded` when there were more than MAX_FILERS. */
export interface FilerMatches {
  readonly filers: readonly FilerMatch[];
  readonly bounded: boolean;
}

/** The newest 13F row of `accountId` filed by none of `known`, if any. */
async function nextFilerRow(
  run: RunQuery,
  accountId: string,
  known: readonly string[],
  signal?: AbortSignal,
): Promise<ServiceRecord | undefined> {
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: {
      filter: [
        { service_account_id: { $equals: accountId } },
        ...known.map((filer) => ({ companyname: { $not_equals: filer } })),
      ],
      fields: [
        'companyname',
        'service_account_name',
        'service_investment_strategy_name',
        'periodofreport',
      ],
      order_by: 'periodofreport:DESC',
    },
  };
  const [row] = await pageThrough(run, body, { signal, limit: 1 });
  return row;
}

/**
 * The filers whose 13F rows carry `accountId` (usually one), latest filing first: one row per
 * filer, each read excluding the filers already found, so a second filer is not hidden behind
 * the first's many rows (no aggregate carries the account). A user without 13F (a 403) gets
 * none: the section then says the module is not subscribed.
 */
export async function readFilerMatches(
  run: RunQuery,
  accountId: string,
  signal?: AbortSignal,
): Promise<FilerMatches | 'forbidden'> {
  const filers: FilerMatch[] = [];
  try {
    for (let found = 0; found <= MAX_FILERS; found += 1) {
      const known = filers.map((match) => match.filer);
      const row = await nextFilerRow(run, accountId, known, signal);
      const filer = text(row?.companyname);
      const period = text(row?.periodofreport);
      if (row === undefined || filer === null || period === null) break;
      if (found === MAX_FILERS) return { filers, bounded: true };
      filers.push({
        filer,
        accountName: text(row.service_account_name),
        strategyName: text(row.service_investment_strategy_name),
        latestPeriod: period,
      });
    }
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return 'forbidden';
    throw error;
  }
  return { filers, bounded: false };
}
