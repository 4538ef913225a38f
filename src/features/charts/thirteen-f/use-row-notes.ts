import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ServiceRecord } from '#contract/response';
import { portfolioOptions } from '../../../lib/thirteen-f-queries.ts';
import { filersAndPeriods, previousQuarterEnd, toPositions } from './analytics.ts';
import { flagsByRow } from './flags.ts';
import { withPinnedScope } from './use-thirteen-f-scope.ts';

/** Beyond this many filer-periods in a result, no previous quarters are fetched for the table. */
const MAX_CONTEXT_PAIRS = 4;

/**
 * Data-quality notes per row of a 13F result, for the table's flag column: unit change,
 * implied-price jumps against the previous quarter (fetched, shared with the charts' cache, for
 * a result about a few filer-periods; else from the rows' own earlier periods) and late or
 * amended filings. Undefined for other modules.
 */
export function useThirteenFRowNotes(
  module: string,
  rows: readonly ServiceRecord[] | undefined,
  body: Readonly<Record<string, unknown>>,
): ReadonlyMap<ServiceRecord, readonly string[]> | undefined {
  const is13F = module === '13f_holdings' && rows !== undefined;
  const scoped = useMemo(() => (is13F ? withPinnedScope(rows, body) : []), [is13F, rows, body]);
  const pairs = useMemo(() => {
    const found = filersAndPeriods(toPositions(scoped)).pairs;
    return found.length <= MAX_CONTEXT_PAIRS ? found : [];
  }, [scoped]);
  const context = useQueries({
    queries: pairs.map((pair) =>
      portfolioOptions(pair.filer, pair.period === '' ? null : previousQuarterEnd(pair.period)),
    ),
    // Combined results are kept stable until a query's data changes.
    combine: (results) => results.flatMap((query) => query.data ?? []),
  });
  return useMemo(() => {
    if (!is13F) return undefined;
    const flags = flagsByRow(scoped, context);
    const notes = new Map<ServiceRecord, readonly string[]>();
    scoped.forEach((row, index) => {
      const found = flags.get(row);
      const original = rows[index];
      if (found && original)
        notes.set(
          original,
          found.map((flag) => flag.message),
        );
    });
    return notes;
  }, [is13F, scoped, rows, context]);
}
