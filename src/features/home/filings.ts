/**
 * New 13F filings for the feed: one line per filing (manager, quarter, filed date, what changed).
 * From the service's filer aggregates where it serves them, else from bounded 13F rows, the
 * vendor's own module. The planted data-quality filer is never news: it is left out.
 */
import { isDataQualityDemo } from '#contract/demo-filers';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import type { WireFilterNode } from '#contract/query';
import { formatUsdCompact } from '../../components/charts/chart-format.ts';
import { anyOf, rowsOf, SHOWN } from './feed-query.ts';

/** Rows read at most when the filings come from 13F rows (the vendor): one bounded page. */
const ROWS_BOUND = 2000;
/** Filings read at most from the aggregates, to count those in the window. */
const FILINGS_BOUND = 200;

export interface Filing {
  readonly filer: string;
  readonly period: string;
  /** The filing day, `YYYY-MM-DD`. */
  readonly filed: string;
  readonly new: number;
  readonly added: number;
  readonly reduced: number;
  readonly soldout: number;
  /** The largest position opened, when known. */
  readonly largestNew?: { readonly label: string; readonly value: number };
  /** Larger than the read: its rows were cut, so its changes are not counted. */
  readonly partial?: boolean;
}

export interface Filings {
  readonly filings: readonly Filing[];
  /** Filings in the window; `bounded` when more may exist than were read. */
  readonly count: number;
  readonly bounded: boolean;
  /** True when the window had none and these are the latest filings before it. */
  readonly beforeWindow: boolean;
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** "bought 3, added 5, sold out 2; largest new: META $1.76B" (nothing changed: "no changes"). */
export function describeChanges(filing: Filing): string {
  if (filing.partial) return 'changes not counted here (too many holdings): open the filing';
  const parts = [
    filing.new > 0 ? `bought ${String(filing.new)}` : '',
    filing.added > 0 ? `added ${String(filing.added)}` : '',
    filing.reduced > 0 ? `reduced ${String(filing.reduced)}` : '',
    filing.soldout > 0 ? `sold out ${String(filing.soldout)}` : '',
  ].filter(Boolean);
  const line = parts.length > 0 ? parts.join(', ') : 'no changes';
  const largest = filing.largestNew;
  return largest
    ? `${line}; largest new: ${largest.label} ${formatUsdCompact(largest.value)}`
    : line;
}

function filerFilter(filers: readonly string[]): WireFilterNode[] {
  return filers.length > 0 ? [anyOf('companyname', filers)] : [];
}

const keyOf = (filer: string, period: string) => `${filer}\u0000${period}`;

/** The filings `rows` (newest filed first) hold, with their changes counted from the statuses. */
function filingsFromRows(rows: readonly ServiceRecord[]): Filing[] {
  const byKey = new Map<string, Filing>();
  for (const row of rows) {
    const filer = text(row.companyname);
    const period = text(row.periodofreport);
    if (filer === '' || isDataQualityDemo(filer)) continue;
    const key = keyOf(filer, period);
    const filing = byKey.get(key) ?? {
      filer,
      period,
      filed: text(row.filedat).slice(0, 10),
      new: 0,
      added: 0,
      reduced: 0,
      soldout: 0,
    };
    const status = text(row.status);
    const value = num(row.value);
    const next = {
      ...filing,
      new: filing.new + (status === 'NEW' ? 1 : 0),
      added: filing.added + (status === 'ADDED' ? 1 : 0),
      reduced: filing.reduced + (status === 'REDUCED' ? 1 : 0),
      soldout: filing.soldout + (status === 'SOLD OUT' ? 1 : 0),
    };
    if (status === 'NEW' && value > (filing.largestNew?.value ?? 0)) {
      next.largestNew = { label: text(row.ticker) || text(row.nameofissuer), value };
    }
    byKey.set(key, next);
  }
  return [...byKey.values()];
}

const ROW_FIELDS = [
  'companyname',
  'periodofreport',
  'filedat',
  'status',
  'ticker',
  'nameofissuer',
  'value',
];

/** From 13F rows: one bounded page, newest filed first. */
async function filingsFromRowPages(
  filter: readonly WireFilterNode[],
  signal?: AbortSignal,
): Promise<{ filings: Filing[]; bounded: boolean }> {
  const rows = await rowsOf(
    {
      module: '13f_holdings',
      filters: {
        filter: [...filter],
        order_by: 'filedat:DESC',
        fields: ROW_FIELDS,
        max_num: String(ROWS_BOUND),
      },
    },
    signal,
  );
  const filings = filingsFromRows(rows);
  if (rows.length < ROWS_BOUND) return { filings, bounded: false };
  return { filings: withoutCutFiling(filings, rows.at(-1)), bounded: true };
}

/**
 * A read cut at its bound ends partway through its last filing (rows come newest filed first, a
 * filing's together): its counts would be short, so it is left out; when it is the only one, it
 * shows without counts rather than not at all.
 */
function withoutCutFiling(filings: Filing[], last: ServiceRecord | undefined): Filing[] {
  const cut = last ? keyOf(text(last.companyname), text(last.periodofreport)) : '';
  const complete = filings.filter((filing) => keyOf(filing.filer, filing.period) !== cut);
  if (complete.length > 0 || filings.length === 0) return complete;
  return filings.map((filing) => ({ ...filing, largestNew: undefined, partial: true }));
}

function filingFromAggregate(row: ServiceRecord): Filing {
  return {
    filer: text(row.companyname),
    period: text(row.periodofreport),
    filed: text(row.filedat).slice(0, 10),
    new: num(row.new),
    added: num(row.added),
    reduced: num(row.reduced),
    soldout: num(row.soldout),
  };
}

/**
 * The largest NEW position of each filing shown: one request for all of them, asked after the
 * filings show (it needs their NEW counts), so it never holds up the section's first paint.
 */
export async function withLargestNew(
  filings: readonly Filing[],
  signal?: AbortSignal,
): Promise<Filing[]> {
  const opened = filings.filter((filing) => filing.new > 0);
  if (opened.length === 0) return [...filings];
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: {
      filter: [
        { status: { $equals: 'NEW' } },
        {
          $or: opened.map((filing) => ({
            $and: [
              { companyname: { $equals: filing.filer } },
              { periodofreport: { $equals: filing.period } },
            ],
          })),
        },
      ],
      order_by: 'value:DESC',
      fields: ['companyname', 'periodofreport', 'ticker', 'nameofissuer', 'value'],
      // Every NEW row of these filings: their count is known, so the largest of each is in it.
      max_num: String(
        Math.min(
          1000,
          opened.reduce((sum, filing) => sum + filing.new, 0),
        ),
      ),
    },
  };
  const largest = new Map<string, Filing['largestNew']>();
  for (const row of await rowsOf(body, signal)) {
    const key = keyOf(text(row.companyname), text(row.periodofreport));
    if (!largest.has(key)) {
      largest.set(key, {
        label: text(row.ticker) || text(row.nameofissuer),
        value: num(row.value),
      });
    }
  }
  return filings.map((filing) => {
    const found = largest.get(keyOf(filing.filer, filing.period));
    return found ? { ...filing, largestNew: found } : filing;
  });
}

/** From the filer aggregates: the filings themselves, their counts as imported. */
async function filingsFromAggregates(
  filter: readonly WireFilterNode[],
  signal?: AbortSignal,
): Promise<{ filings: Filing[]; bounded: boolean }> {
  const rows = await rowsOf(
    {
      module: '13f_filer_quarters',
      filters: {
        filter: [...filter],
        order_by: 'filedat:DESC',
        fields: ['companyname', 'periodofreport', 'filedat', 'new', 'added', 'reduced', 'soldout'],
        max_num: String(FILINGS_BOUND),
      },
    },
    signal,
  );
  const filings = rows
    .map(filingFromAggregate)
    .filter((filing) => filing.filer !== '' && !isDataQualityDemo(filing.filer));
  return { filings, bounded: rows.length >= FILINGS_BOUND };
}

/**
 * The filings filed from `start` by `filers` (none: every manager), newest first; when the
 * window has none, the latest before it, so the section shows where the data stands. One read:
 * the latest filings newest filed first, whose head is the window's, so the window's count and
 * the latest before it come from the same request (two in a row cost the feed a round trip).
 */
export async function fetchFilings(
  scope: { readonly start: string; readonly filers: readonly string[] },
  aggregates: boolean,
  signal?: AbortSignal,
): Promise<Filings> {
  const read = aggregates ? filingsFromAggregates : filingsFromRowPages;
  const latest = await read(filerFilter(scope.filers), signal);
  const inWindow = latest.filings.filter((filing) => filing.filed >= scope.start);
  const beforeWindow = inWindow.length === 0;
  return {
    filings: (beforeWindow ? latest.filings : inWindow).slice(0, SHOWN),
    count: inWindow.length,
    // Every filing read is in the window: more may be, beyond the bound.
    bounded: latest.bounded && !beforeWindow && inWindow.length === latest.filings.length,
    beforeWindow,
  };
}

/** The accounts of followed filers: one row each (13F rows carry the filer's account). */
export async function fetchFilerAccounts(
  filers: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const found = await Promise.all(
    filers.map((filer) =>
      rowsOf(
        {
          module: '13f_holdings',
          filters: {
            filter: [
              { companyname: { $equals: filer } },
              { service_account_id: { $not_null: '' } },
            ],
            fields: ['service_account_id'],
            max_num: '1',
          },
        },
        signal,
      ),
    ),
  );
  return [
    ...new Set(
      found
        .flat()
        .map((row) => text(row.service_account_id))
        .filter(Boolean),
    ),
  ];
}
