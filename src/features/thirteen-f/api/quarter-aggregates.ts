/**
 * The quarter across managers (every manager) from the embedded service's aggregates: the same
 * answer `quarterAcrossManagers` makes of every row of the quarter, without reading them. Each
 * ranked list's candidates come from `13f_security_quarters` (the top by count and combined
 * value, with every security tied with the last), and the rows of those securities alone name
 * their managers; the largest new positions are the top rows of the quarter's NEW positions.
 */
import { QUERY_LIMITS } from '#contract/limits';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { byRank, quarterAcrossManagers } from '../analytics/across-managers.ts';
import type { QuarterAcrossManagers, RankedSecurity } from '../analytics/across-managers.ts';
import { toNumber, toPositions } from '../analytics/positions.ts';
import {
  AGGREGATE_ROW_FIELDS,
  SHARES_ONLY,
  isManager,
  readAll,
  tiedOn,
  topWithTies,
} from './aggregate-reads.ts';
import type { RunQuery } from './aggregate-reads.ts';

/**
 * The most rows a ranked list reads to name its managers. At SEC scale the most held securities
 * have thousands of holders each: naming them would cost seconds of reading, so past this the
 * list gives counts and values and says its managers are not listed. Measured on 1M synthetic
 * rows (1,900 filers), reading ~7,000 rows to name a list's managers took 180–300 ms of the
 * quarter's 1.4 s; the demo's lists read a few hundred.
 */
export const NAMES_LIMIT_ROWS = 5000;

/** A ranked list: its count and combined value in the aggregates, and the rows that count. */
interface Ranked {
  readonly list: 'mostBought' | 'mostSold' | 'consensus';
  readonly count: string;
  readonly value: string;
  /** The statuses counted, or every held position. */
  readonly rows: readonly string[] | 'held';
}

const BOUGHT: Ranked = {
  list: 'mostBought',
  count: 'buyers',
  value: 'buyersvalue',
  rows: ['NEW', 'ADDED'],
};
const SOLD: Ranked = {
  list: 'mostSold',
  count: 'sellers',
  value: 'sellersvalue',
  rows: ['REDUCED', 'SOLD OUT'],
};
const HELD: Ranked = { list: 'consensus', count: 'holders', value: 'value', rows: 'held' };

interface Options {
  readonly limit: number;
  readonly signal?: AbortSignal | undefined;
}

const inPeriod = (period: string) => ({ periodofreport: { $equals: period } });

/** The candidates of one ranked list: its top securities by count and value, ties included. */
function candidates(run: RunQuery, period: string, ranked: Ranked, options: Options) {
  const body: QueryRequestBody = {
    module: '13f_security_quarters',
    filters: {
      fields: ['cusip', 'ticker', 'nameofissuer', ranked.count, ranked.value],
      filter: [inPeriod(period), { [ranked.count]: { $gt: '0' } }],
      order_by: `${ranked.count}:DESC,${ranked.value}:DESC`,
    },
  };
  return topWithTies(run, body, {
    limit: options.limit,
    tied: tiedOn(ranked.count, ranked.value),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The rows that count in `ranked` for some securities, read `$in` list by `$in` list. */
async function countedRows(
  run: RunQuery,
  period: string,
  ranked: Ranked,
  cusips: readonly string[],
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  const which =
    ranked.rows === 'held' ? { shrsorprnamt: { $gt: '0' } } : { status: { $in: [...ranked.rows] } };
  const lists: string[][] = [];
  for (let at = 0; at < cusips.length; at += QUERY_LIMITS.maxInValues)
    lists.push(cusips.slice(at, at + QUERY_LIMITS.maxInValues));
  const pages = await Promise.all(
    lists.map((list) =>
      readAll(
        run,
        {
          module: '13f_holdings',
          filters: {
            fields: AGGREGATE_ROW_FIELDS,
            filter: [inPeriod(period), { cusip: { $in: list } }, which, ...SHARES_ONLY],
            order_by: 'value:DESC',
          },
        },
        signal,
      ),
    ),
  );
  return pages.flat();
}

/** A candidate as the list shows it without names: its count and value from the aggregates. */
function unnamed(row: ServiceRecord, ranked: Ranked): RankedSecurity {
  const cusip = String(row.cusip);
  const ticker = typeof row.ticker === 'string' && row.ticker !== '' ? row.ticker : null;
  const issuer = typeof row.nameofissuer === 'string' ? row.nameofissuer : '';
  return {
    security: cusip,
    cusip,
    label: ticker ?? (issuer || cusip),
    count: toNumber(row[ranked.count]) ?? 0,
    managers: [],
    value: toNumber(row[ranked.value]) ?? 0,
  };
}

/** One ranked list: named from its candidates' rows when they are few enough, else counted. */
async function rankedList(
  run: RunQuery,
  period: string,
  ranked: Ranked,
  options: Options,
): Promise<RankedSecurity[]> {
  const top = await candidates(run, period, ranked, options);
  const rows = top.reduce((total, row) => total + (toNumber(row[ranked.count]) ?? 0), 0);
  if (rows > NAMES_LIMIT_ROWS)
    return top
      .map((row) => unnamed(row, ranked))
      .sort(byRank)
      .slice(0, options.limit);
  const cusips = top.map((row) => String(row.cusip));
  const counted = await countedRows(run, period, ranked, cusips, options.signal);
  // The candidates' rows hold every manager counted for them, so ranking them as the rows path
  // ranks a whole quarter gives its top: every security outside them ranks lower.
  const lists = quarterAcrossManagers(toPositions(counted.filter(isManager)), period, {
    limit: options.limit,
  });
  return lists[ranked.list];
}

/** The quarter's NEW share positions of managers, the top `limit` by `field` (ties kept). */
function newPositions(run: RunQuery, period: string, field: string, options: Options) {
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: {
      fields: AGGREGATE_ROW_FIELDS,
      filter: [inPeriod(period), { status: { $equals: 'NEW' } }, ...SHARES_ONLY],
      order_by: `${field}:DESC`,
    },
  };
  return topWithTies(run, body, {
    limit: options.limit,
    tied: tiedOn(field),
    keep: isManager,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/**
 * The quarter `period` across every manager (the planted data-quality filer left out), as
 * `quarterAcrossManagers` makes it of the whole quarter's rows, read from the aggregates and the
 * few rows that name what they rank.
 */
export async function quarterFromAggregates(
  run: RunQuery,
  period: string,
  options: Options,
): Promise<QuarterAcrossManagers> {
  const [mostBought, mostSold, consensus, byValue, byWeight] = await Promise.all([
    rankedList(run, period, BOUGHT, options),
    rankedList(run, period, SOLD, options),
    rankedList(run, period, HELD, options),
    newPositions(run, period, 'value', options),
    newPositions(run, period, 'portfolio_pct_weight', options),
  ]);
  const largest = (rows: readonly ServiceRecord[]) =>
    quarterAcrossManagers(toPositions(rows), period, { limit: options.limit });
  return {
    mostBought,
    mostSold,
    consensus,
    largestNewByValue: largest(byValue).largestNewByValue,
    largestNewByWeight: largest(byWeight).largestNewByWeight,
  };
}
