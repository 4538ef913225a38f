import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { parseRfc4180 } from '../../../testing/rfc4180.ts';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { PORTFOLIO_FIELDS } from '../../lib/url-state/thirteen-f-targets.ts';
import { RunResults } from './run-results.tsx';

const BERKSHIRE = 'BERKSHIRE HATHAWAY INC';
const QUARTER = '2025-03-31';

function holding(filer: string, ticker: string, value: number, status = 'UNCHANGED') {
  return {
    companyname: filer,
    periodofreport: QUARTER,
    nameofissuer: `${ticker} INC`,
    ticker,
    cusip: `${ticker.padEnd(6, '0')}100`,
    value,
    shrsorprnamt: value / 100,
    portfolio_pct_weight: value / 10,
    status,
    pct_change_qoq: status === 'SOLD OUT' ? -100 : 0,
    filedat: '2025-05-15 16:05:09',
  };
}

/** The service over `table`: each query answered with the fields it asks for, page by page. */
function fakeService(table: readonly ServiceRecord[]) {
  return fakeFetch({
    '/index.php/api/service': (call) => {
      const { filters = {} } = JSON.parse(call.body) as {
        filters?: { fields?: string[]; filter?: object[]; offset?: string; max_num?: string };
      };
      // The flags' context (the previous quarter, the filer's earlier filing): none here.
      const context =
        JSON.stringify(filters.filter ?? []).includes('$lt') ||
        (filters.fields ?? []).includes('name');
      const rows = context ? [] : table;
      const offset = Number(filters.offset ?? 0);
      const page = rows.slice(offset, offset + Number(filters.max_num ?? rows.length));
      const fields = filters.fields ?? [];
      const records = page.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([field]) => fields.includes(field))),
      );
      const next = offset + page.length < rows.length ? offset + page.length : -1;
      return jsonResponse(200, { records, next_offset: next });
    },
  });
}

/** The file names and texts of the downloads the page makes. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
    blobs.push(object as Blob);
    return 'blob:http://localhost/export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return async () => {
    await waitFor(() => {
      expect(blobs).toHaveLength(1);
    });
    const text = await (blobs[0] as Blob).text();
    return { name: names[0], records: parseRfc4180(text.replace(/^\uFEFF/, '')) };
  };
}

function setup(table: readonly ServiceRecord[], filter: object[]) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  vi.stubGlobal('fetch', fakeService(table).fetch);
  const body: QueryRequestBody = {
    module: '13f_holdings',
    filters: { fields: [...PORTFOLIO_FIELDS], filter, order_by: 'value:DESC' },
  };
  const onViewChange = vi.fn();
  // In a router: the table's CUSIPs link to the security view.
  return renderInRouter(() => (
    <RunResults
      module="13f_holdings"
      run={{ phase: 'rows', body, count: table.length }}
      view={{ mode: 'table' }}
      onViewChange={onViewChange}
    />
  ));
}

async function headers() {
  const table = await screen.findByRole('grid', { name: 'Results' });
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
}

async function exportRows(user: ReturnType<typeof setup>['user'], item: RegExp) {
  await screen.findByRole('grid', { name: 'Results' });
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

withTableLayout();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('a 13F result of one filer and one period, as the starter asks', () => {
  const portfolio = [
    holding(BERKSHIRE, 'AAPL', 3000),
    holding(BERKSHIRE, 'KO', 2000),
    holding(BERKSHIRE, 'AXP', 1000),
    holding(BERKSHIRE, 'NU', 0, 'SOLD OUT'),
  ];
  const pinned = [
    { companyname: { $equals: BERKSHIRE } },
    { periodofreport: { $equals: QUARTER } },
  ];

  it('says what the SOLD OUT rows are in the count line, the filter naming whose and when', async () => {
    setup(portfolio, pinned);
    expect(
      await screen.findByText(
        '4 records match: 3 positions held, 1 sold out since the previous quarter.',
      ),
    ).toBeVisible();
    expect(await headers()).not.toContain('Filer');
    expect(await headers()).not.toContain('Period of report');
  });

  it('says what changed in one line over the table, with the charts off', async () => {
    setup(portfolio, pinned);
    // No quarter before to compare with here: the served statuses of the rows loaded are counted.
    expect(
      await screen.findByText(
        'BERKSHIRE HATHAWAY INC, Q1 2025: no new positions, sold out of 1, 3 unchanged ' +
          '(among the 4 rows loaded).',
        { exact: false },
      ),
    ).toBeVisible();
  });

  it('exports the filer and period all the same, in a file named after them', async () => {
    const { user } = setup(portfolio, pinned);
    const downloaded = captureDownloads();
    await exportRows(user, /rows loaded/);
    const { name, records } = await downloaded();
    expect(name).toBe('berkshire-hathaway-inc-2025-03-31-13f.csv');
    // No row has a flag: no flags column leads the file.
    expect(records[0]?.slice(0, 3)).toEqual(['Filer', 'Period of report', 'Issuer']);
    expect(records.slice(1).map((record) => record.slice(0, 2))).toEqual(
      portfolio.map(() => [BERKSHIRE, QUARTER]),
    );
  });
});

describe('a 13F result of several filers, its query returning neither filer nor period', () => {
  const holders = [
    holding(BERKSHIRE, 'AAPL', 3000),
    holding('ALDER CREEK CAPITAL', 'AAPL', 2000),
    holding('TCI FUND MANAGEMENT LTD', 'AAPL', 1000),
  ];
  const byCusip = [
    { cusip: { $equals: holders[0]?.cusip } },
    { periodofreport: { $gte: QUARTER } },
  ];

  it('shows each row’s filer and period in the table, fetched for them', async () => {
    setup(holders, byCusip);
    await waitFor(async () => {
      expect((await headers()).slice(1, 4)).toEqual(['Filer', 'Period of report', 'Issuer']);
    });
    const table = screen.getByRole('grid', { name: 'Results' });
    expect(within(table).getByText('TCI FUND MANAGEMENT LTD')).toBeVisible();
    expect(screen.getByText('3 records match.')).toBeVisible();
  });

  it('exports every matching row with its filer and period, named for the filers and quarter', async () => {
    const { user } = setup(holders, byCusip);
    const downloaded = captureDownloads();
    await exportRows(user, /^All 3 matching rows/);
    const { name, records } = await downloaded();
    expect(name).toBe('13f-3-filers-2025-03-31.csv');
    expect(records[0]?.[0]).toBe('Filer');
    expect(records.slice(1).map((record) => record[0])).toEqual(
      holders.map((row) => row.companyname),
    );
  });
});
