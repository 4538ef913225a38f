/**
 * What the 13F views across managers read through the ordinary query interface: a
 * security's rows, a quarter's rows (optionally of some managers only), the span of periods in
 * the data and a filer's latest period. The rows themselves go through `useBoundedPull`.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { QueryRequestBody } from '#contract/request-body';
import { fetchQueryResult } from '../../../lib/api/query-api.ts';
import { previousQuarterEnd } from '../analytics/quarters.ts';
import type { ViewSource } from './aggregate-queries.ts';
import { positionFields } from './context-queries.ts';

const FIVE_MINUTES = 5 * 60_000;

/**
 * Every row of one CUSIP (shares and options, every filer), in every quarter or, when its whole
 * history is too large to read, in one quarter and the one before (for the flags).
 */
export function securityBody(cusip: string, quarter?: string): QueryRequestBody {
  const before = quarter === undefined ? [] : [quarter, previousQuarterEnd(quarter)];
  return {
    module: '13f_holdings',
    filters: {
      fields: positionFields(),
      filter: [
        { cusip: { $equals: cusip } },
        ...(before.length > 0
          ? [{ $or: before.map((period) => ({ periodofreport: { $equals: period } })) }]
          : []),
      ],
      order_by: 'periodofreport:DESC',
    },
  };
}

/**
 * Every row of one quarter; of some managers only when `managers` names them (how an analyst
 * narrows a quarter too large to read whole).
 */
export function quarterBody(period: string, managers: readonly string[] = []): QueryRequestBody {
  return {
    module: '13f_holdings',
    filters: {
      fields: positionFields(),
      filter: [
        { periodofreport: { $equals: period } },
        ...(managers.length > 0
          ? [{ $or: managers.map((manager) => ({ companyname: { $equals: manager } })) }]
          : []),
      ],
      order_by: 'value:DESC',
    },
  };
}

async function firstPeriod(
  filter: readonly Record<string, unknown>[],
  order: 'ASC' | 'DESC',
  signal: AbortSignal,
  module: '13f_holdings' | '13f_filer_quarters' = '13f_holdings',
): Promise<string | null> {
  const answer = await fetchQueryResult(
    {
      module,
      filters: {
        fields: ['periodofreport'],
        filter: [...filter],
        order_by: `periodofreport:${order}`,
        max_num: '1',
      },
    },
    signal,
  );
  const period = answer.kind === 'rows' ? answer.rows[0]?.periodofreport : undefined;
  return typeof period === 'string' ? period.slice(0, 10) : null;
}

/**
 * The first and last period of report in the 13F data: two one-row queries, of the filers'
 * quarters where the service serves them (one row per filer and quarter: at SEC's size the
 * holdings' 6M rows took 170 ms a query, on a quiet machine, to find one).
 */
export function periodSpanOptions(source: ViewSource = 'rows') {
  const module = source === 'aggregates' ? '13f_filer_quarters' : '13f_holdings';
  return queryOptions({
    queryKey: ['thirteen-f', 'period-span', module],
    queryFn: async ({ signal }) => {
      const [first, last] = await Promise.all([
        firstPeriod([], 'ASC', signal, module),
        firstPeriod([], 'DESC', signal, module),
      ]);
      return first !== null && last !== null ? { first, last } : null;
    },
    staleTime: FIVE_MINUTES,
  });
}

/** A filer's latest period of report (null when it filed nothing). */
export function latestPeriodOptions(filer: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'latest-period', filer],
    queryFn:
      filer !== null
        ? ({ signal }) => firstPeriod([{ companyname: { $equals: filer } }], 'DESC', signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });
}
