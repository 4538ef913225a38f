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

/** Rows read to find the filers: the latest quarters of any filer matched. */
const MATCH_ROWS = 200;

/**
 * The filers whose 13F rows carry `accountId` (usually one), latest filing first. A user without
 * 13F (a 403) gets none: the section then says the module is not subscribed.
 */
export async function readFilerMatches(
  run: RunQuery,
  accountId: string,
  signal?: AbortSignal,
): Promise<FilerMatch[] | 'forbidden'> {
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: {
      filter: [{ service_account_id: { $equals: accountId } }],
      fields: [
        'companyname',
        'service_account_name',
        'service_investment_strategy_name',
        'periodofreport',
      ],
      order_by: 'periodofreport:DESC',
    },
  };
  let rows: ServiceRecord[];
  try {
    rows = await pageThrough(run, body, { signal, limit: MATCH_ROWS });
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return 'forbidden';
    throw error;
  }
  const filers = new Map<string, FilerMatch>();
  for (const row of rows) {
    const filer = text(row.companyname);
    const period = text(row.periodofreport);
    if (filer === null || period === null || filers.has(filer)) continue;
    filers.set(filer, {
      filer,
      accountName: text(row.service_account_name),
      strategyName: text(row.service_investment_strategy_name),
      latestPeriod: period,
    });
  }
  return [...filers.values()];
}
