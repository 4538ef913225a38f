import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { countBodyFor, filtersOf } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import { queryResultOptions } from '../../lib/api/query-api.ts';

/** Above this many matching rows the analyst is asked before everything is pulled. */
export const LARGE_RESULT_ROWS = 10_000;

/** Where a run stands: counting first, maybe asking, then the rows. */
export type RunPhase =
  | { readonly phase: 'idle' }
  | { readonly phase: 'counting'; readonly body: QueryRequestBody }
  | { readonly phase: 'count-failed'; readonly body: QueryRequestBody; readonly error: unknown }
  | { readonly phase: 'confirm'; readonly body: QueryRequestBody; readonly count: number }
  | { readonly phase: 'rows'; readonly body: QueryRequestBody; readonly count: number | undefined };

function isCountOnly(body: QueryRequestBody): boolean {
  return body.count_only === true || body.count_only === '1';
}

/** How many rows a body asks for at most: undefined for "all" (no `max_num`, or "-1"). */
function requestedRows(body: QueryRequestBody): number | undefined {
  const raw = filtersOf(body).max_num;
  const rows = Number(raw);
  return raw === undefined || rows === -1 || !Number.isFinite(rows) ? undefined : rows;
}

/**
 * Runs a query the way an analyst wants it run: the count first (one cheap request), then the
 * rows, and a question before pulling more than LARGE_RESULT_ROWS. A newer run supersedes an
 * older one still counting.
 */
export function useRunFlow() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunPhase>({ phase: 'idle' });
  const latest = useRef(0);

  const run = useCallback(
    /** `confirmed`: the analyst already chose to load this query's rows (Back to a past run). */
    async (body: QueryRequestBody, { confirmed = false }: { confirmed?: boolean } = {}) => {
      const id = ++latest.current;
      if (isCountOnly(body)) {
        setState({ phase: 'rows', body, count: undefined });
        return;
      }
      setState({ phase: 'counting', body });
      try {
        const answer = await queryClient.query(queryResultOptions(countBodyFor(body)));
        if (id !== latest.current) return;
        const count = answer.kind === 'count' ? answer.count : undefined;
        const rows = requestedRows(body);
        const large = count !== undefined && count > LARGE_RESULT_ROWS;
        setState(
          large && !confirmed && (rows ?? Infinity) > LARGE_RESULT_ROWS
            ? { phase: 'confirm', body, count }
            : { phase: 'rows', body, count },
        );
      } catch (error) {
        if (id === latest.current) setState({ phase: 'count-failed', body, error });
      }
    },
    [queryClient],
  );

  const proceed = useCallback((body: QueryRequestBody, count: number | undefined) => {
    latest.current += 1;
    setState({ phase: 'rows', body, count });
  }, []);

  const cancel = useCallback(() => {
    latest.current += 1;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, proceed, cancel };
}
