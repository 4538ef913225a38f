/**
 * Followed securities in the latest quarter: which tracked managers opened them (NEW) and which
 * sold out (SOLD OUT), from 13F rows, the vendor's own module. Nothing followed: the quarter's
 * largest new positions across managers instead.
 */
import { isDataQualityDemo } from '#contract/demo-filers';
import type { ServiceRecord } from '#contract/response';
import type { WireFilterNode } from '#contract/query';
import { anyOf, rowsOf, SHOWN } from './feed-query.ts';
import type { SectionQuery } from './feed-query.ts';

export interface SecurityMoves {
  /** The quarter read (the latest the followed securities are reported in); null: none. */
  readonly period: string | null;
  readonly rows: readonly ServiceRecord[];
  /** The moves read; `bounded` when the read reached its bound, so more may exist. */
  readonly count: number;
  readonly bounded: boolean;
}

/** The rows the section lists, for "open as a query" too. */
export function securityMovesQuery(securities: readonly string[], period: string): SectionQuery {
  const statuses: WireFilterNode =
    securities.length > 0 ? anyOf('status', ['NEW', 'SOLD OUT']) : { status: { $equals: 'NEW' } };
  return {
    module: '13f_holdings',
    filter: [
      { periodofreport: { $equals: period } },
      statuses,
      ...(securities.length > 0 ? [anyOf('cusip', securities)] : []),
    ],
    orderBy: 'value:DESC',
    fields: ['companyname', 'periodofreport', 'cusip', 'ticker', 'nameofissuer', 'status', 'value'],
  };
}

/** Rows read at most to count the moves (the planted filer's apart). */
const MOVES_BOUND = 500;

/**
 * The latest quarter of the followed securities (else of all) up to `upTo`, the latest complete
 * quarter (null: none known), then its moves.
 */
export async function fetchSecurityMoves(
  securities: readonly string[],
  upTo: string | null,
  signal?: AbortSignal,
): Promise<SecurityMoves> {
  const latest = await rowsOf(
    {
      module: '13f_holdings',
      filters: {
        filter: [
          ...(securities.length > 0 ? [anyOf('cusip', securities)] : []),
          ...(upTo === null ? [] : [{ periodofreport: { $lte: upTo } }]),
        ],
        order_by: 'periodofreport:DESC',
        fields: ['periodofreport'],
        max_num: '1',
      },
    },
    signal,
  );
  const period = latest[0]?.periodofreport;
  if (typeof period !== 'string') return { period: null, rows: [], count: 0, bounded: false };
  const query = securityMovesQuery(securities, period);
  const rows = await rowsOf(
    {
      module: query.module,
      filters: {
        filter: [...query.filter],
        order_by: query.orderBy,
        fields: [...query.fields],
        max_num: String(MOVES_BOUND),
      },
    },
    signal,
  );
  const real = rows.filter(
    (row) => !(typeof row.companyname === 'string' && isDataQualityDemo(row.companyname)),
  );
  // A count_only could not leave the planted filer out: the count is the rows read, "N+" when
  // the read was full.
  return {
    period,
    rows: real.slice(0, SHOWN),
    count: real.length,
    bounded: rows.length >= MOVES_BOUND,
  };
}
