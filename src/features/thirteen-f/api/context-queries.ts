import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { matchedAccountOf } from '#contract/relations';
import { CATALOG } from '#contract/catalog';
import { filtersOf, withFields } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import type { MatchedAccount } from '#contract/relations';
import type { ServiceRecord } from '#contract/response';
import { servesExtensionFields } from '../../../lib/api/app-config.ts';
import { fetchAllRows, fetchQueryResult } from '../../../lib/api/query-api.ts';

/**
 * What the 13F charts fetch beyond the result's rows: whole portfolios and histories. `name`
 * is how an option row is told apart from the shares of its CUSIP (its " PUT"/" CALL" suffix).
 */
const POSITION_FIELDS = [
  'name',
  'companyname',
  'periodofreport',
  'cusip',
  'ticker',
  'nameofissuer',
  'value',
  'shrsorprnamt',
  'portfolio_pct_weight',
  'status',
  'pct_change_qoq',
  'filedat',
];

/**
 * The embedded service's own 13F fields (`extension` in contract/catalog.ts) the views read when
 * it is the service: put/call, and the filing each row came from with what it declares (the CIK
 * they do not need). The vendor has none of them: there put/call comes from `name` and filing
 * flags are fewer.
 */
const FILING_FIELDS = CATALOG['13f_holdings'].fields
  .filter((field) => field.extension === true && field.name !== 'cik')
  .map((field) => field.name);

/** `fields` and, against the embedded service, FILING_FIELDS. */
function withFilingFields(fields: readonly string[]): string[] {
  return servesExtensionFields() ? [...fields, ...FILING_FIELDS] : [...fields];
}

/** POSITION_FIELDS, with FILING_FIELDS where the service has them. */
export function positionFields(): string[] {
  return withFilingFields(POSITION_FIELDS);
}

const FIVE_MINUTES = 5 * 60_000;

/** The filer and period a result is about when its filter pins them (`$equals` at the top level). */
export interface PinnedScope {
  readonly filer: string | null;
  readonly period: string | null;
}

function pinnedValue(filter: unknown, field: string): string | null {
  if (!Array.isArray(filter)) return null;
  for (const node of filter) {
    if (typeof node !== 'object' || node === null) continue;
    const condition = (node as Record<string, unknown>)[field];
    if (typeof condition !== 'object' || condition === null) continue;
    const value = (condition as Record<string, unknown>).$equals;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/**
 * A query's top-level filter is an AND of its conditions, so a `$equals` there fixes that field
 * for every row: the starter query pins Berkshire and one quarter without returning either field.
 */
export function pinnedScope(body: Readonly<Record<string, unknown>>): PinnedScope {
  const { filter } = filtersOf(body);
  return {
    filer: pinnedValue(filter, 'companyname'),
    period: pinnedValue(filter, 'periodofreport'),
  };
}

/**
 * Rows with the filer and period the query's filter pins filled in where the rows do not carry
 * them, so positions always know whose and when they are. The rows as given when there is
 * nothing to fill; a mutable array in gives a mutable one out, as a run's rows are.
 */
export function withPinnedScope(
  rows: ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
): ServiceRecord[];
export function withPinnedScope(
  rows: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
): readonly ServiceRecord[];
export function withPinnedScope(
  rows: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
): readonly ServiceRecord[] {
  const pinned = pinnedScope(body);
  const sample = rows[0];
  const fill: Record<string, string> = {};
  if (pinned.filer !== null && sample && !('companyname' in sample))
    fill.companyname = pinned.filer;
  if (pinned.period !== null && sample && !('periodofreport' in sample)) {
    fill.periodofreport = pinned.period;
  }
  return Object.keys(fill).length === 0 ? rows : rows.map((row) => ({ ...fill, ...row }));
}

function filerBody(filer: string, period: string | null, fields: readonly string[]) {
  return {
    module: '13f_holdings',
    filters: {
      fields: [...fields],
      filter: [
        { companyname: { $equals: filer } },
        ...(period === null ? [] : [{ periodofreport: { $equals: period } }]),
      ],
      // One key: several comma-separated keys are the embedded service's extension only.
      order_by: 'value:DESC',
    },
  };
}

/** Every position of one filer in one period: the whole portfolio, for totals and weights. */
export function portfolioOptions(filer: string | null, period: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'portfolio', filer, period],
    queryFn:
      filer !== null && period !== null
        ? ({ signal }): Promise<ServiceRecord[]> =>
            fetchAllRows(filerBody(filer, period, positionFields()), { signal })
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** Every position of one filer in every period: its history. */
export function filerHistoryOptions(filer: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'filer-history', filer],
    queryFn:
      filer !== null
        ? ({ signal }): Promise<ServiceRecord[]> =>
            fetchAllRows(filerBody(filer, null, positionFields()), { signal })
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/**
 * The filer's latest filing before `period`: one row with `companyname` and `periodofreport`,
 * or none. The service compares a period only with the quarter just before; when this is older,
 * the flags say that status and change were not computed across the gap.
 */
export function earlierFilingOptions(filer: string | null, period: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'earlier-filing', filer, period],
    queryFn:
      filer !== null && period !== null
        ? async ({ signal }): Promise<ServiceRecord[]> => {
            const answer = await fetchQueryResult(
              {
                module: '13f_holdings',
                filters: {
                  fields: ['companyname', 'periodofreport'],
                  filter: [
                    { companyname: { $equals: filer } },
                    { periodofreport: { $lt: period } },
                  ],
                  order_by: 'periodofreport:DESC',
                  max_num: '1',
                },
              },
              signal,
            );
            return answer.kind === 'rows' ? answer.rows : [];
          }
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** One security held by every filer in one period: who else holds it. */
export function holdersOptions(cusip: string | null, period: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'holders', cusip, period],
    queryFn:
      cusip !== null && period !== null
        ? ({ signal }): Promise<ServiceRecord[]> =>
            fetchAllRows(
              {
                module: '13f_holdings',
                filters: {
                  fields: positionFields(),
                  filter: [{ cusip: { $equals: cusip } }, { periodofreport: { $equals: period } }],
                  order_by: 'value:DESC',
                },
              },
              { signal },
            )
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/**
 * What says whose a row is and when (and when it was filed, for the late-filing flag): fetched
 * for rows that do not carry it; the CUSIP checks that the rows are the same.
 */
const SCOPE_FIELDS = ['companyname', 'periodofreport', 'filedat', 'cusip'];
const SCOPE_PAGE = 5000;

/**
 * The filer, period, filing time and CUSIP of a result's first `rowCount` rows, for a query that does not
 * return them: the same query (filter, order, offset) asking for those fields only, so its
 * rows are the result's rows in the same order.
 */
export function rowScopeOptions(body: QueryRequestBody, rowCount: number | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'row-scope', body, rowCount],
    queryFn:
      rowCount !== null
        ? ({ signal }): Promise<ServiceRecord[]> =>
            fetchAllRows(withFields(body, withFilingFields(SCOPE_FIELDS)), {
              signal,
              pageSize: SCOPE_PAGE,
              limit: rowCount,
              total: rowCount,
            })
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** The CRM account a filer is matched to (the rows may not carry it). */
function filerAccountOptions(filer: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'filer-account', filer],
    queryFn:
      filer !== null
        ? async ({ signal }): Promise<ServiceRecord | null> => {
            const answer = await fetchQueryResult(
              {
                module: '13f_holdings',
                filters: {
                  fields: [
                    'service_account_id',
                    'service_account_name',
                    'service_investment_strategy_name',
                  ],
                  filter: [{ companyname: { $equals: filer } }],
                  max_num: '1',
                },
              },
              signal,
            );
            return answer.kind === 'rows' ? (answer.rows[0] ?? null) : null;
          }
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}

/** The CRM account a filer is matched to, from its rows when they carry it, else fetched. */
export function useFilerAccount(filer: string | null, fromRows: MatchedAccount | null) {
  const fetched = useQuery(filerAccountOptions(fromRows ? null : filer));
  if (fromRows) return { account: fromRows, pending: false };
  if (filer === null) return { account: null, pending: false };
  return {
    account: fetched.data ? matchedAccountOf(fetched.data) : null,
    pending: fetched.isPending,
  };
}
