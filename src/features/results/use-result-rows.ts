import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { offsetOf, withOffset } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '#contract/request-body';
import { nextPageOffset } from '../../lib/api/paging.ts';
import { fetchAllRows, queryResultOptions } from '../../lib/api/query-api.ts';

interface Loading {
  readonly loaded: number;
  readonly controller: AbortController;
}

/**
 * The rows of one run, owned in one place so the table and the charts read the same rows: the
 * current page (offset paging, the previous page kept while the next loads) or, after "Load
 * all", every matching row.
 */
export function useResultRows(body: QueryRequestBody, count: number | undefined) {
  const [pageBody, setPageBody] = useState(body);
  const result = useQuery({ ...queryResultOptions(pageBody), placeholderData: keepPreviousData });
  const [everything, setEverything] = useState<ServiceRecord[]>();
  const [loading, setLoading] = useState<Loading>();
  const [failure, setFailure] = useState<unknown>();

  const answer = result.data;
  const pageRows = answer?.kind === 'rows' ? answer.rows : undefined;
  const rows = everything ?? pageRows;
  const offset = offsetOf(pageBody);
  // The service's next_offset, or the count when it gives none (the vendor's bare arrays).
  const next =
    everything === undefined && answer?.kind === 'rows'
      ? nextPageOffset(answer, offset, count)
      : undefined;
  const more = next !== undefined;

  /** Pages through every matching row; `then` receives them instead of the table. */
  const loadAll = async (then?: (all: ServiceRecord[]) => void) => {
    const controller = new AbortController();
    setLoading({ loaded: 0, controller });
    setFailure(undefined);
    try {
      const all = await fetchAllRows(body, {
        signal: controller.signal,
        total: count,
        onProgress: ({ loaded }) => {
          setLoading({ loaded, controller });
        },
      });
      if (then) then(all);
      else setEverything(all);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(error);
    } finally {
      setLoading(undefined);
    }
  };

  const pageSize = pageRows?.length ?? 0;
  return {
    body,
    pageBody,
    count,
    result,
    /** The loaded rows (a page or all), undefined until rows arrive or for a count. */
    rows,
    allLoaded: everything !== undefined,
    offset,
    more,
    loading,
    failure,
    loadAll,
    previousPage: () => {
      setPageBody(withOffset(pageBody, Math.max(0, offset - pageSize)));
    },
    nextPage: () => {
      setPageBody(withOffset(pageBody, next ?? offset + pageSize));
    },
  };
}

/** One run's rows and their controls, as `useResultRows` returns them. */
export type ResultRows = ReturnType<typeof useResultRows>;
