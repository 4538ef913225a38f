import { MantineContext, useMantineContext } from '@mantine/core';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { ThirteenFCharts } from '../src/features/thirteen-f/charts/thirteen-f-charts.tsx';
import type { RowFilter } from '../src/lib/url-state/row-filter.ts';
import type { ChartSettings } from '../src/lib/url-state/workspace-view.ts';
import { session } from '../src/lib/api/services.ts';
import { portfolioRows } from './chart-rows.ts';
import type { HoldingSpec } from './chart-rows.ts';
import { fakeFetch, jsonResponse } from './fake-fetch.ts';
import { renderWithProviders } from './render.tsx';

export const FILER = 'ACME CAPITAL LLC';
export const QUARTER = '2025-03-31';
export const PREVIOUS_QUARTER = '2024-12-31';

/**
 * ACME's portfolio at QUARTER: 14 holdings whose served weights add up to 100, the ten largest
 * to 90, with the statuses the service serves against PREVIOUS_HOLDINGS.
 */
export const HOLDINGS: readonly HoldingSpec[] = [
  { ticker: 'AAA', weight: 20, status: 'ADDED', pctChange: 33.33 },
  { ticker: 'BBB', weight: 15, status: 'REDUCED', pctChange: -25 },
  { ticker: 'CCC', weight: 12, status: 'UNCHANGED', pctChange: 0 },
  { ticker: 'DDD', weight: 10, status: 'NEW' },
  ...(
    [
      ['EEE', 8],
      ['FFF', 7],
      ['GGG', 6],
      ['HHH', 5],
      ['III', 4],
      ['JJJ', 3],
      ['KKK', 2.8],
      ['LLL', 2.7],
      ['MMM', 2.5],
      ['NNN', 2],
    ] as const
  ).map(([ticker, weight]) => ({ ticker, weight, status: 'UNCHANGED', pctChange: 0 })),
];

/**
 * ACME at PREVIOUS_QUARTER: AAA held fewer shares (1.5M at $80, so it was ADDED), BBB more (2M,
 * REDUCED), DDD none (NEW), ZZZ was sold since (SOLD OUT); the others held the same shares.
 */
export const PREVIOUS_HOLDINGS: readonly HoldingSpec[] = [
  { ticker: 'AAA', weight: 12, price: 80 },
  { ticker: 'BBB', weight: 20 },
  { ticker: 'ZZZ', weight: 13 },
  ...HOLDINGS.filter((holding) => !['AAA', 'BBB', 'DDD'].includes(holding.ticker)).map(
    ({ ticker, weight }) => ({ ticker, weight }),
  ),
];

export const current = (filedat?: string) => portfolioRows(FILER, QUARTER, HOLDINGS, filedat);
export const previous = (holdings = PREVIOUS_HOLDINGS) =>
  portfolioRows(FILER, PREVIOUS_QUARTER, holdings);

/** One request the charts made: the `$equals` conditions of its filter and the fields asked. */
interface SentQuery {
  readonly pinned: Readonly<Record<string, string>>;
  readonly fields: readonly string[];
}

interface QueryBody {
  readonly filters?: {
    readonly fields?: string[];
    readonly filter?: Record<string, Record<string, unknown>>[];
    readonly max_num?: string;
    readonly offset?: string;
    readonly order_by?: string;
  };
}

/**
 * The query service over a table of 13F rows: answers every query whose filter is top-level
 * `$equals` or `$lt` conditions on text (what the charts send for portfolios, histories, the
 * filer's latest earlier filing and its account), newest first when `periodofreport:DESC` is
 * asked (other orders keep the table's), page by page as `max_num` and `offset` ask.
 */
function fakeThirteenFService(table: readonly ServiceRecord[]) {
  const sent: SentQuery[] = [];
  const fake = fakeFetch({
    '/index.php/api/service': (call) => {
      const { filters = {} } = JSON.parse(call.body) as QueryBody;
      const pinned: Record<string, string> = {};
      const below: Record<string, string> = {};
      for (const node of filters.filter ?? []) {
        for (const [field, condition] of Object.entries(node)) {
          if (typeof condition.$equals === 'string') pinned[field] = condition.$equals;
          else if (typeof condition.$lt === 'string') below[field] = condition.$lt;
          else return jsonResponse(400, { error: 'unsupported', error_message: 'not in the fake' });
        }
      }
      sent.push({ pinned, fields: filters.fields ?? [] });
      const rows = table.filter(
        (row) =>
          Object.entries(pinned).every(([field, value]) => row[field] === value) &&
          Object.entries(below).every(([field, value]) => String(row[field]) < value),
      );
      if (filters.order_by === 'periodofreport:DESC') {
        rows.sort((a, b) => (String(a.periodofreport) < String(b.periodofreport) ? 1 : -1));
      }
      const offset = Number(filters.offset ?? 0);
      const page = rows.slice(offset, offset + Number(filters.max_num ?? rows.length));
      const next = offset + page.length < rows.length ? offset + page.length : -1;
      return jsonResponse(200, { records: page, next_offset: next });
    },
  });
  return { ...fake, sent };
}

/**
 * Mantine's documented test mode (no transitions or portals, and no floating-ui "reference
 * hidden" check, which jsdom's zero-size layout always trips), so the pickers' options open.
 */
function MantineTestEnv({ children }: { children: ReactNode }) {
  const context = useMantineContext();
  return <MantineContext value={{ ...context, env: 'test' }}>{children}</MantineContext>;
}

/**
 * Renders ThirteenFCharts for `rows` of a query `body`, signed in, with the service answering
 * from `table`; with `settings`, the chart settings are the caller's (as the workspace keeps
 * them in its link). Clean up with `vi.unstubAllGlobals()` and `session.signOut()`.
 */
export function renderThirteenFCharts(
  rows: readonly ServiceRecord[],
  table: readonly ServiceRecord[],
  body: Readonly<Record<string, unknown>> = { module: '13f_holdings', filters: {} },
  settings?: ChartSettings,
) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const service = fakeThirteenFService(table);
  vi.stubGlobal('fetch', service.fetch);
  const onFilter = vi.fn<(filter: RowFilter) => void>();
  const onSettingsChange = vi.fn<(next: ChartSettings) => void>();
  const view = renderWithProviders(
    <MantineTestEnv>
      <ThirteenFCharts
        rows={rows}
        body={body}
        onFilter={onFilter}
        {...(settings ? { settings, onSettingsChange } : {})}
      />
    </MantineTestEnv>,
  );
  /** The portfolio requests (one filer, one period) the charts sent, as [filer, period]. */
  const portfolioRequests = () =>
    service.sent
      .filter((query) => query.pinned.periodofreport !== undefined)
      .map((query) => [query.pinned.companyname, query.pinned.periodofreport]);
  return { ...view, onFilter, onSettingsChange, sent: service.sent, portfolioRequests };
}
