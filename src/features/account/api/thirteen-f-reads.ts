/**
 * The account page's 13F section: a matched filer's quarters (value, positions, what its
 * positions did) and the largest changes of its latest quarter. From the embedded service's
 * aggregate where it serves one, else from bounded 13F rows (the vendor's interface).
 */
import { SOLD_OUT } from '#contract/holding-status';
import type { ServiceRecord } from '#contract/response';
import { pageThrough } from '../../../lib/api/paging.ts';
import type { RunQuery } from '../../../lib/api/paging.ts';

export const CHANGE_KINDS = ['NEW', 'ADDED', 'REDUCED', SOLD_OUT] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One quarter of a filer: long value, positions and how many of them did what. */
export interface FilerQuarter {
  readonly period: string;
  readonly filedAt: string | null;
  readonly value: number;
  readonly positions: number;
  readonly changes: Readonly<Record<ChangeKind, number>>;
}

/** How many 13F rows of one filer the rows reading reads at most (13 quarters of ~45). */
const FILER_ROW_LIMIT = 20_000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A filer's quarters from the embedded service's `13f_filer_quarters`, latest first. */
export async function readQuartersFromAggregates(
  run: RunQuery,
  filer: string,
  signal?: AbortSignal,
): Promise<FilerQuarters> {
  const rows = await pageThrough(
    run,
    {
      module: '13f_filer_quarters',
      filters: {
        filter: [{ companyname: { $equals: filer } }],
        fields: [
          'periodofreport',
          'filedat',
          'longvalue',
          'positions',
          'new',
          'added',
          'reduced',
          'soldout',
        ],
        order_by: 'periodofreport:DESC',
      },
    },
    { signal },
  );
  const quarters = rows.flatMap((row) => {
    const period = text(row.periodofreport);
    if (period === null) return [];
    return [
      {
        period,
        filedAt: text(row.filedat),
        value: num(row.longvalue),
        positions: num(row.positions),
        changes: {
          NEW: num(row.new),
          ADDED: num(row.added),
          REDUCED: num(row.reduced),
          [SOLD_OUT]: num(row.soldout),
        },
      },
    ];
  });
  return { quarters, olderUnread: false };
}

interface QuarterDraft {
  filedAt: string | null;
  value: number;
  held: Set<string>;
  changes: Record<ChangeKind, number>;
}

const isChange = (status: string | null): status is ChangeKind =>
  (CHANGE_KINDS as readonly (string | null)[]).includes(status);

/**
 * The quarters of a filer's rows, latest first: value and positions of what it holds (a row
 * sold out holds nothing), counts by status. Without the embedded service's `putcall`, an
 * option row counts as held: the vendor's rows do not tell them apart.
 */
function quartersFromRows(rows: readonly ServiceRecord[]): FilerQuarter[] {
  const quarters = new Map<string, QuarterDraft>();
  for (const row of rows) {
    const period = text(row.periodofreport);
    if (period === null) continue;
    const draft = quarters.get(period) ?? {
      filedAt: null,
      value: 0,
      held: new Set<string>(),
      changes: { NEW: 0, ADDED: 0, REDUCED: 0, [SOLD_OUT]: 0 },
    };
    quarters.set(period, draft);
    draft.filedAt ??= text(row.filedat);
    const status = text(row.status);
    if (isChange(status)) draft.changes[status] += 1;
    if (status === SOLD_OUT || text(row.putcall) !== null) continue;
    draft.value += num(row.value);
    draft.held.add(text(row.cusip) ?? `row ${String(draft.held.size)}`);
  }
  return [...quarters]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([period, draft]) => ({
      period,
      filedAt: draft.filedAt,
      value: draft.value,
      positions: draft.held.size,
      changes: draft.changes,
    }));
}

/** A filer's quarters, latest first; `olderUnread` when the oldest were left unread. */
export interface FilerQuarters {
  readonly quarters: readonly FilerQuarter[];
  readonly olderUnread: boolean;
}

/**
 * A filer's quarters from its 13F rows (the vendor's interface), latest first. The rows are read
 * newest first up to `limit`; when there are more, the oldest quarter read may be partial, so it
 * is dropped and `olderUnread` says older quarters were not read.
 */
export async function readQuartersFromRows(
  run: RunQuery,
  filer: string,
  signal?: AbortSignal,
  limit = FILER_ROW_LIMIT,
): Promise<FilerQuarters> {
  const rows = await pageThrough(
    run,
    {
      module: '13f_holdings',
      filters: {
        filter: [{ companyname: { $equals: filer } }],
        fields: ['periodofreport', 'filedat', 'cusip', 'value', 'status'],
        order_by: 'periodofreport:DESC',
      },
    },
    { signal, limit: limit + 1 },
  );
  const quarters = quartersFromRows(rows.slice(0, limit));
  if (rows.length <= limit) return { quarters, olderUnread: false };
  return { quarters: quarters.slice(0, -1), olderUnread: true };
}

/** One changed position of a quarter. */
export interface PositionChange {
  readonly status: ChangeKind;
  readonly issuer: string;
  readonly ticker: string | null;
  readonly cusip: string | null;
  readonly value: number;
  /** The share change against the quarter before, in percent (null for a new position). */
  readonly change: number | null;
}

/** The changed positions of `filer` in `period`, largest value first within each status. */
export async function readQuarterChanges(
  run: RunQuery,
  filer: string,
  period: string,
  signal?: AbortSignal,
): Promise<PositionChange[]> {
  const rows = await pageThrough(
    run,
    {
      module: '13f_holdings',
      filters: {
        filter: [
          { companyname: { $equals: filer } },
          { periodofreport: { $equals: period } },
          { $or: CHANGE_KINDS.map((status) => ({ status: { $equals: status } })) },
        ],
        fields: ['nameofissuer', 'ticker', 'cusip', 'value', 'status', 'pct_change_qoq'],
        order_by: 'value:DESC',
      },
    },
    { signal, limit: FILER_ROW_LIMIT },
  );
  return rows.flatMap((row) => {
    const status = text(row.status);
    if (!isChange(status)) return [];
    const change = row.pct_change_qoq;
    return [
      {
        status,
        issuer: text(row.nameofissuer) ?? text(row.cusip) ?? 'Unnamed security',
        ticker: text(row.ticker),
        cusip: text(row.cusip),
        value: num(row.value),
        change: typeof change === 'number' && Number.isFinite(change) ? change : null,
      },
    ];
  });
}
