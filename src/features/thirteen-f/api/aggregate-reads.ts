/**
 * Reads of the embedded service's 13F aggregates (`13f_security_quarters`, `13f_filer_quarters`:
 * contract/aggregate-modules.ts, docs/thirteen-f.md "Aggregates"), for the views across managers
 * when the service offers them. Each read takes the query runner (`RunQuery`), so the real-data
 * tests run the very same reads against the demo server; the views wrap them in `queryOptions`
 * (aggregate-queries.ts). What the views make of the answers is the same as from rows: the
 * aggregates choose and count, rows name.
 */
import { isDataQualityDemo } from '#contract/demo-filers';
import { withPage } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { pageThrough } from '../../../lib/api/paging.ts';
import type { RunQuery } from '../../../lib/api/paging.ts';
import { toNumber } from '../analytics/positions.ts';
import type { SecurityQuarter } from '../analytics/security-quarters.ts';

export type { RunQuery };

/** The 13F fields the aggregate paths read of rows: one position each, put/call by its field. */
export const AGGREGATE_ROW_FIELDS = [
  'companyname',
  'periodofreport',
  'cusip',
  'ticker',
  'nameofissuer',
  'putcall',
  'value',
  'shrsorprnamt',
  'portfolio_pct_weight',
  'status',
  'pct_change_qoq',
];

/** Share rows only: an option row's `putcall` is PUT or CALL (`$not_equals` keeps nulls). */
export const SHARES_ONLY = [
  { putcall: { $not_equals: 'PUT' } },
  { putcall: { $not_equals: 'CALL' } },
] as const;

/** Every row of `body`, page by page (`pageSize` rows a page). */
export function readAll(
  run: RunQuery,
  body: QueryRequestBody,
  signal?: AbortSignal,
  pageSize = 5000,
): Promise<ServiceRecord[]> {
  return pageThrough(run, body, { pageSize, ...(signal ? { signal } : {}) });
}

/**
 * A page of filer-quarters: a quarter of SEC's whole universe (~8,000 filers) in one request,
 * where 5,000-row pages took two in turn (each sorting the quarter's filers again), the second
 * the last read of the quarter view at 8,000 filers. Within the embedded service's row cap
 * (`ROW_CAP`, 50,000 by default); only the embedded service serves the module.
 */
const FILER_PAGE = 10_000;

/** Not the planted data-quality filer, which no view across managers counts unless picked. */
export const isManager = (row: ServiceRecord) =>
  !isDataQualityDemo(typeof row.companyname === 'string' ? row.companyname : '');

/**
 * The first `limit` rows of `body` (in its order) that `keep` keeps, and every kept row after
 * them tied with the last (`tied`): so a list ranked in the browser by its own tie-breaks finds
 * every candidate for its last places. Read a few pages at most, `limit` and a margin at a time.
 */
export async function topWithTies(
  run: RunQuery,
  body: QueryRequestBody,
  options: {
    readonly limit: number;
    readonly tied: (a: ServiceRecord, b: ServiceRecord) => boolean;
    readonly keep?: (row: ServiceRecord) => boolean;
    readonly signal?: AbortSignal;
  },
): Promise<ServiceRecord[]> {
  const { limit, tied, keep = () => true } = options;
  const size = Math.min(Math.max(limit + 10, 20), 5000);
  const kept: ServiceRecord[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await run(withPage(body, offset, size), options.signal);
    if (page.kind !== 'rows') throw new Error('The service answered a page of rows with a count.');
    for (const row of page.rows) {
      if (!keep(row)) continue;
      const last = kept[limit - 1];
      if (last !== undefined && !tied(last, row)) return kept;
      kept.push(row);
    }
    if (page.rows.length < size || page.nextOffset === 'end') return kept;
  }
}

/** Two rows tied on `fields`, as the service compared them (the same numbers). */
export const tiedOn =
  (...fields: readonly string[]) =>
  (a: ServiceRecord, b: ServiceRecord) =>
    fields.every((field) => toNumber(a[field]) === toNumber(b[field]));

const number = (value: unknown) => toNumber(value) ?? 0;

/**
 * `cusip`'s shares quarter by quarter from `13f_security_quarters`, oldest first, as
 * `securityByQuarter` makes them of rows; the holders without a filing and those new to the data
 * are counted, not named. A quarter with options only has no figure of the shares, as from rows.
 */
export async function securityQuarters(
  run: RunQuery,
  cusip: string,
  signal?: AbortSignal,
): Promise<SecurityQuarter[]> {
  const rows = await readAll(
    run,
    {
      module: '13f_security_quarters',
      filters: {
        fields: [
          'periodofreport',
          'holders',
          'shares',
          'value',
          'buyers',
          'sellers',
          'notfiled',
          'newtodata',
          'steadyholders',
          'steadyshares',
          'steadyvalue',
        ],
        filter: [{ cusip: { $equals: cusip } }, { filers: { $gt: '0' } }],
        order_by: 'periodofreport:ASC',
      },
    },
    signal,
  );
  return rows.map((row) => ({
    period: String(row.periodofreport).slice(0, 10),
    holders: number(row.holders),
    shares: number(row.shares),
    value: number(row.value),
    buyers: number(row.buyers),
    sellers: number(row.sellers),
    notFiled: { count: number(row.notfiled), names: null },
    newToData: { count: number(row.newtodata), names: null },
    steady: {
      holders: number(row.steadyholders),
      shares: number(row.steadyshares),
      value: number(row.steadyvalue),
    },
  }));
}

/**
 * How the security view names `cusip`: "TICKER · ISSUER" of the first share row of a manager in
 * the order the view reads rows (latest quarter first), as it does from a security's every row.
 */
export async function securityName(
  run: RunQuery,
  cusip: string,
  signal?: AbortSignal,
): Promise<string> {
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: {
      fields: ['companyname', 'ticker', 'nameofissuer'],
      filter: [{ cusip: { $equals: cusip } }, ...SHARES_ONLY],
      order_by: 'periodofreport:DESC',
    },
  };
  // The planted filer files one row per quarter at most: the first few rows hold a manager's.
  const [first] = await topWithTies(run, body, {
    limit: 1,
    tied: () => false,
    keep: isManager,
    ...(signal ? { signal } : {}),
  });
  if (first === undefined) return cusip;
  const ticker = typeof first.ticker === 'string' && first.ticker !== '' ? first.ticker : null;
  const issuer = typeof first.nameofissuer === 'string' ? first.nameofissuer : '';
  return `${ticker ? `${ticker} · ` : ''}${issuer}`;
}

/** A filer's quarter as `13f_filer_quarters` has it: filed, and how many positions it holds. */
export interface FiledQuarter {
  readonly period: string;
  readonly positions: number;
}

/**
 * The quarters filers filed, from `13f_filer_quarters`: an empty filing is one (0 positions),
 * a quarter never filed is not. `filter` narrows them (one period, one filer).
 */
export async function filedQuarters(
  run: RunQuery,
  filter: readonly Record<string, unknown>[],
  signal?: AbortSignal,
): Promise<(FiledQuarter & { readonly filer: string })[]> {
  const rows = await readAll(
    run,
    {
      module: '13f_filer_quarters',
      filters: {
        fields: ['companyname', 'periodofreport', 'positions'],
        filter: [...filter],
        order_by: 'periodofreport:DESC,companyname:ASC',
      },
    },
    signal,
    FILER_PAGE,
  );
  return rows.map((row) => ({
    filer: typeof row.companyname === 'string' ? row.companyname : '',
    period: String(row.periodofreport).slice(0, 10),
    positions: number(row.positions),
  }));
}
