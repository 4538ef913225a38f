import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ServiceRecord } from '#contract/response';
import {
  earlierFilingOptions,
  pinnedScope,
  portfolioOptions,
  withPinnedScope,
} from '../api/context-queries.ts';
import { HEAVY_ROWS, useBackgroundValue } from '../../../components/charts/use-background-value.ts';
import { previousQuarterEnd } from '../analytics/analytics.ts';
import { flagsByRow } from '../analytics/flags.ts';

/** Beyond this many filer-periods in a result, no previous quarters are fetched for the table. */
const MAX_CONTEXT_PAIRS = 4;

type RowNotes = ReadonlyMap<ServiceRecord, readonly string[]>;

/**
 * Data-quality notes per row of a 13F result, for the table's flag column: unit change,
 * implied-price jumps against the previous quarter and no filing for the quarter before (both
 * fetched, shared with the charts' cache, for a result about a few filer-periods; else from the
 * rows' own earlier periods), and late or amended filings. Undefined for other modules.
 */
export function useThirteenFRowNotes(
  module: string,
  rows: readonly ServiceRecord[] | undefined,
  body: Readonly<Record<string, unknown>>,
): ReadonlyMap<ServiceRecord, readonly string[]> | undefined {
  const is13F = module === '13f_holdings' && rows !== undefined;
  const pairs = useMemo(() => (is13F ? filerPeriodsOf(rows, body) : []), [is13F, rows, body]);
  // Per filer-period: the previous quarter's portfolio, and the filer's latest earlier filing
  // (a row naming only its period), which tells a gap in between from a first filing.
  const context = useQueries({
    queries: pairs.flatMap((pair) => [
      portfolioOptions(pair.filer, previousQuarterEnd(pair.period)),
      earlierFilingOptions(pair.filer, pair.period),
    ]),
    // Combined results are kept stable until a query's data changes.
    combine: (results) => results.flatMap((query) => query.data ?? []),
  });
  const input = useMemo(() => ({ rows: rows ?? [], body, context }), [rows, body, context]);
  const notes = useBackgroundValue(input, notesOf, (rows?.length ?? 0) > HEAVY_ROWS);
  return is13F ? notes : undefined;
}

/**
 * The filer-periods a result is about (the query's pinned ones where rows lack the fields), or
 * none when there are more than a few: a scan of two fields, not an aggregation.
 */
function filerPeriodsOf(
  rows: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
): { filer: string; period: string }[] {
  const pinned = pinnedScope(body);
  const found = new Map<string, { filer: string; period: string }>();
  for (const row of rows) {
    const filer = typeof row.companyname === 'string' ? row.companyname : pinned.filer;
    const day = typeof row.periodofreport === 'string' ? row.periodofreport : pinned.period;
    if (!filer || !day) continue;
    const period = day.slice(0, 10);
    found.set(`${filer}\u0000${period}`, { filer, period });
    if (found.size > MAX_CONTEXT_PAIRS) return [];
  }
  return [...found.values()];
}

/** Each row's flag messages (flags are computed on the rows with the pinned scope filled in). */
function notesOf({
  rows,
  body,
  context,
}: {
  readonly rows: readonly ServiceRecord[];
  readonly body: Readonly<Record<string, unknown>>;
  readonly context: readonly ServiceRecord[];
}): ReadonlyMap<ServiceRecord, readonly string[]> {
  const notes = new Map<ServiceRecord, readonly string[]>();
  if (rows.length === 0) return notes;
  const scoped = withPinnedScope(rows, body);
  const flags = flagsByRow(scoped, context);
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
}

/**
 * The notes of `rows` as the table's column gives them once its previous quarters have loaded:
 * the same filer-periods' previous quarters are fetched (by `fetchPortfolio`); one that fails is
 * left out, as the table goes without it, so the rows still get the flags they show themselves.
 */
export async function thirteenFRowNotes(
  rows: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>>,
  fetchPortfolio: (filer: string, period: string) => Promise<readonly ServiceRecord[]>,
): Promise<RowNotes> {
  const previous = await Promise.all(
    filerPeriodsOf(rows, body).map((pair) =>
      fetchPortfolio(pair.filer, previousQuarterEnd(pair.period)).catch(() => []),
    ),
  );
  return notesOf({ rows, body, context: previous.flat() });
}

/**
 * For the CSV export of a 13F result: loads the notes of any rows of it (the page or every
 * matching row), the previous quarters read through the charts' query cache. Undefined for other
 * modules, which have no flags.
 */
export function useThirteenFNotesLoader(
  module: string,
  body: Readonly<Record<string, unknown>>,
): ((rows: readonly ServiceRecord[]) => Promise<RowNotes>) | undefined {
  const queryClient = useQueryClient();
  const load = useCallback(
    (rows: readonly ServiceRecord[]) =>
      thirteenFRowNotes(rows, body, (filer, period) =>
        queryClient.query(portfolioOptions(filer, period)),
      ),
    [queryClient, body],
  );
  return module === '13f_holdings' ? load : undefined;
}
