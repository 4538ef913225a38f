import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { servesExtensionFields } from '../../../lib/api/app-config.ts';
import { exportNameParts, resultScope } from '../analytics/result-scope.ts';
import type { ResultScope } from '../analytics/result-scope.ts';
import { pinnedScope, rowScopeOptions, withPinnedScope } from './context-queries.ts';

/** Where a result's filer and period come from, as the charts tell the analyst. */
export type RowScopeSource =
  /** The rows carry them, or the query's filter pins them with `$equals`. */
  | 'rows'
  /** Fetched by the same query for those fields: under way, done, failed, or not the same rows. */
  | 'fetching'
  | 'fetched'
  | 'failed'
  | 'mismatch';

/** Whether 13F rows (from `body`) leave a filer or a period unknown. */
function lacksScope(rows: readonly ServiceRecord[], body: QueryRequestBody): boolean {
  const pinned = pinnedScope(body);
  const sample = rows[0];
  if (!sample) return false;
  const filerKnown = typeof sample.companyname === 'string' || pinned.filer !== null;
  const periodKnown = typeof sample.periodofreport === 'string' || pinned.period !== null;
  // The embedded service's filing fields tell options and short filings apart: fetched too.
  const filingKnown = !servesExtensionFields() || 'accession' in sample;
  return !filerKnown || !periodKnown || !filingKnown;
}

/**
 * The rows with each one's filer, period, filing time and filing fields from `scope` (the same
 * query's rows, asking for those fields). Undefined when the two are not the same rows: fewer of them, or a CUSIP that
 * differs where the rows show one. A row's own values always win.
 */
export function withRowScope(
  rows: readonly ServiceRecord[],
  scope: readonly ServiceRecord[],
): ServiceRecord[] | undefined {
  if (scope.length < rows.length) return undefined;
  const merged: ServiceRecord[] = [];
  for (const [index, row] of rows.entries()) {
    const known = scope[index];
    if (!known || ('cusip' in row && row.cusip !== known.cusip)) return undefined;
    // The row's own fields first, in their order; what was fetched beside them after.
    const added = Object.fromEntries(Object.entries(known).filter(([key]) => !(key in row)));
    merged.push({ ...row, ...added });
  }
  return merged;
}

/**
 * A 13F result's rows with the filer and period of each, so the table, the charts and the flags
 * can name them: as loaded when they carry them, with the filter's pins written in where it
 * pins them, else fetched by the query that made them (`pageBody`: its filter, order and offset).
 */
export function useThirteenFRowScope(
  module: string,
  rows: ServiceRecord[] | undefined,
  pageBody: QueryRequestBody,
): { rows: ServiceRecord[] | undefined; source: RowScopeSource } {
  const is13F = module === '13f_holdings';
  const needed = is13F && rows !== undefined && rows.length > 0 && lacksScope(rows, pageBody);
  const scope = useQuery(rowScopeOptions(pageBody, needed ? rows.length : null));
  return useMemo(() => {
    const pinned = is13F && rows ? withPinnedScope(rows, pageBody) : rows;
    if (!needed) return { rows: pinned, source: 'rows' };
    if (scope.data === undefined)
      return { rows: pinned, source: scope.isError ? 'failed' : 'fetching' };
    const merged = withRowScope(rows, scope.data);
    return merged ? { rows: merged, source: 'fetched' } : { rows: pinned, source: 'mismatch' };
  }, [is13F, needed, rows, pageBody, scope.data, scope.isError]);
}

/** The fields that say whose and when a 13F row is: every export of a result carries them. */
const SCOPE_COLUMNS = ['companyname', 'periodofreport'] as const;

/** Rows of an export with their filer and period, and what the file's name says they hold. */
interface ScopedRows {
  readonly rows: readonly ServiceRecord[];
  readonly nameParts: readonly string[] | undefined;
}

/**
 * `rows` of the query `body` with each one's filer and period, in the same order: as they carry
 * them, pinned by the filter, or fetched by `fetchScope` (the same query asking for those fields
 * only). A fetch that fails, or answers other rows, fails the export: a 13F file says whose and
 * when its rows are, or is not written.
 */
export async function rowsWithScope(
  rows: readonly ServiceRecord[],
  body: QueryRequestBody,
  fetchScope: (body: QueryRequestBody, rowCount: number) => Promise<readonly ServiceRecord[]>,
): Promise<ScopedRows> {
  let scoped = rows;
  if (rows.length > 0 && lacksScope(rows, body)) {
    const merged = withRowScope(rows, await fetchScope(body, rows.length));
    if (!merged) {
      throw new Error(
        'The filer and period of these rows could not be matched to them (the service answered other rows): export again.',
      );
    }
    scoped = merged;
  }
  const filled = withPinnedScope(scoped, body);
  return { rows: filled, nameParts: exportNameParts(filled) };
}

/**
 * Whose and when a 13F result's loaded `rows` are (as `useThirteenFRowScope` gives them): the
 * scope its count line tells, and the filer and period columns the results add. Both undefined
 * for other modules.
 *
 * Decision: the query runs as written, its `fields` the analyst's. Rather than adding filer and
 * period to the request, the table shows them from what the workspace already knows (the rows,
 * the filter's pins, or the fetch above) when the rows span more than one of either, and every
 * export carries them; a result of one filer and one period says so in its chips or count line.
 */
export function useThirteenFResultScope(
  module: string,
  rows: readonly ServiceRecord[] | undefined,
  body: QueryRequestBody,
  everyRowLoaded: boolean,
) {
  const queryClient = useQueryClient();
  const is13F = module === '13f_holdings';
  const scope: ResultScope | undefined = useMemo(
    () => (is13F && rows ? resultScope(rows, pinnedScope(body), everyRowLoaded) : undefined),
    [is13F, rows, body, everyRowLoaded],
  );
  const load = useCallback(
    (loaded: readonly ServiceRecord[], queryBody: QueryRequestBody) =>
      rowsWithScope(loaded, queryBody, (scopeBody, rowCount) =>
        queryClient.query(rowScopeOptions(scopeBody, rowCount)),
      ),
    [queryClient],
  );
  const spans = scope?.spans ?? false;
  const columns = useMemo(
    () => (is13F ? { fields: SCOPE_COLUMNS, inTable: spans, load } : undefined),
    [is13F, spans, load],
  );
  return { scope, columns };
}
