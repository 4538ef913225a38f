/**
 * What the 13F views across managers (#20) read through the ordinary query interface: a
 * security's rows, a quarter's rows (optionally of some managers only), the span of periods in
 * the data and a filer's latest period. The rows themselves go through `useBoundedPull`.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { QueryRequestBody } from '#contract/request-body';
import { fetchQueryResult } from './query-api.ts';
import { POSITION_FIELDS } from './thirteen-f-queries.ts';

const FIVE_MINUTES = 5 * 60_000;

/**
 * Every row of one CUSIP (shares and options, every filer), in every quarter or, when its whole
 * history is too large to read, in one quarter and the one before (for the flags).
 */
export function securityBody(cusip: string, quarter?: string): QueryRequestBody {
  const before = quarter === undefined ? [] : quarterEnds('0000-01-01', quarter).slice(0, 2);
  return {
    module: '13f_holdings',
    filters: {
      fields: POSITION_FIELDS,
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
      fields: POSITION_FIELDS,
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
): Promise<string | null> {
  const answer = await fetchQueryResult(
    {
      module: '13f_holdings',
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

/** The first and last period of report in the 13F data: two one-row queries. */
export function periodSpanOptions() {
  return queryOptions({
    queryKey: ['thirteen-f', 'period-span'],
    queryFn: async ({ signal }) => {
      const [first, last] = await Promise.all([
        firstPeriod([], 'ASC', signal),
        firstPeriod([], 'DESC', signal),
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

/**
 * The calendar quarter ends from `first` to `last`, latest first: a 13F period of report is
 * always one, so these are every period a quarter can be asked for.
 */
export function quarterEnds(first: string, last: string): string[] {
  const ends: string[] = [];
  const [lastYear = 0, lastMonth = 0] = last.split('-').map(Number);
  let year = lastYear;
  let quarter = Math.ceil(lastMonth / 3);
  for (let guard = 0; guard < 400; guard += 1) {
    const month = quarter * 3;
    const day = month === 3 || month === 12 ? 31 : 30;
    const end = `${String(year)}-${String(month).padStart(2, '0')}-${String(day)}`;
    if (end < first.slice(0, 10) && ends.length > 0) break;
    ends.push(end);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return ends;
}
