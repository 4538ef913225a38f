import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { servesExtensionFields } from '../../../lib/api/app-config.ts';
import { pinnedScope, rowScopeOptions } from './context-queries.ts';

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
    merged.push({ ...known, ...row });
  }
  return merged;
}

/**
 * A 13F result's rows with the filer and period of each, so the charts can name them and the
 * flags find their context: as loaded when they carry them (or the filter pins them), else
 * fetched by the query that made them (`pageBody`: its filter, order and offset).
 */
export function useThirteenFRowScope(
  module: string,
  rows: ServiceRecord[] | undefined,
  pageBody: QueryRequestBody,
): { rows: ServiceRecord[] | undefined; source: RowScopeSource } {
  const needed =
    module === '13f_holdings' &&
    rows !== undefined &&
    rows.length > 0 &&
    lacksScope(rows, pageBody);
  const scope = useQuery(rowScopeOptions(pageBody, needed ? rows.length : null));
  return useMemo(() => {
    if (!needed) return { rows, source: 'rows' };
    if (scope.data === undefined) return { rows, source: scope.isError ? 'failed' : 'fetching' };
    const merged = withRowScope(rows, scope.data);
    return merged ? { rows: merged, source: 'fetched' } : { rows, source: 'mismatch' };
  }, [needed, rows, scope.data, scope.isError]);
}
