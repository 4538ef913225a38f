import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableTexts } from '../../../../testing/chart-dom.ts';
import {
  fakeFetch,
  filteringService,
  jsonResponse,
  modulesService,
  pagedService,
} from '../../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../../testing/fake-fetch.ts';
import { PULL_LIMIT_ROWS } from '../api/bounded-pull.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { session } from '../../../lib/api/services.ts';
import { follows } from '../../../lib/follows/use-follows.ts';
import { SecurityView } from './security-view.tsx';
import type { ViewSource } from '../api/aggregate-queries.ts';

const Q1 = '2025-03-31';
const Q4 = '2024-12-31';

function row(filer: string, period: string, value: number, shares: number, status: string | null) {
  return {
    companyname: filer,
    periodofreport: period,
    name: `${filer} ${period} AAPL`,
    cusip: '037833100',
    ticker: 'AAPL',
    nameofissuer: 'APPLE INC',
    value,
    shrsorprnamt: shares,
    portfolio_pct_weight: 10,
    status,
    pct_change_qoq: null,
  };
}

const records = [
  // $10 a share where Q4's row says $100: flagged as a price jump.
  row('BETA', Q1, 300, 30, 'ADDED'),
  row('ALPHA', Q1, 900, 9, 'NEW'),
  row('GAMMA', Q1, 0, 0, 'SOLD OUT'),
  row('BETA', Q4, 200, 2, null),
  row('GAMMA', Q4, 100, 1, null),
];

/** What the embedded service's aggregates say of `records` (worked out by hand). */
const aggregates = {
  '13f_holdings': records,
  '13f_security_quarters': [
    {
      periodofreport: Q4,
      filers: 2,
      holders: 2,
      shares: 3,
      value: 300,
      buyers: 0,
      sellers: 0,
      notfiled: 0,
      newtodata: 2,
      steadyholders: 0,
      steadyshares: 0,
      steadyvalue: 0,
    },
    {
      periodofreport: Q1,
      filers: 3,
      holders: 2,
      shares: 39,
      value: 1200,
      buyers: 2,
      sellers: 1,
      notfiled: 0,
      newtodata: 0,
      steadyholders: 2,
      steadyshares: 39,
      steadyvalue: 1200,
    },
  ].map((quarter) => ({
    cusip: '037833100',
    ticker: 'AAPL',
    nameofissuer: 'APPLE INC',
    ...quarter,
  })),
  '13f_filer_quarters': [
    ...['ALPHA', 'BETA', 'GAMMA'].map((filer) => ({
      companyname: filer,
      periodofreport: Q1,
      positions: 1,
      previousperiod: filer === 'ALPHA' ? null : Q4,
    })),
    ...['BETA', 'GAMMA'].map((filer) => ({ companyname: filer, periodofreport: Q4, positions: 1 })),
  ],
};

/** Each way the view reads: rows (the vendor), or the service's aggregates. */
const SOURCES: readonly { source: ViewSource; answer: () => FakeAnswer }[] = [
  { source: 'rows', answer: () => pagedService(records) },
  { source: 'aggregates', answer: () => modulesService(aggregates) },
];

function setup(
  period?: string,
  answer: FakeAnswer = pagedService(records),
  source: ViewSource = 'rows',
) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onPeriodChange = vi.fn();
  const view = renderInRouter(() => (
    <SecurityView
      cusip="037833100"
      period={period}
      onPeriodChange={onPeriodChange}
      source={source}
    />
  ));
  return { ...view, fake, onPeriodChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

describe('SecurityView', () => {
  it('follows the security from its heading and a holder from its row', async () => {
    const { user } = setup();
    const heading = await screen.findByRole('heading', { name: 'AAPL · APPLE INC' });
    const star = screen.getByRole('button', { name: 'Follow AAPL · APPLE INC' });
    expect(heading.parentElement).toContainElement(star);
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(follows.isFollowed('security', '037833100')).toBe(true);
    const holders = screen.getByRole('table', { name: /^Holders at/ });
    await user.click(within(holders).getByRole('button', { name: 'Follow ALPHA' }));
    expect(follows.isFollowed('filer', 'ALPHA')).toBe(true);
    expect(follows.isFollowed('filer', 'BETA')).toBe(false);
  });

  it.each(SOURCES)(
    'lists the latest quarter’s holders by value, links them, and the managers that sold out, from $source',
    async ({ source, answer }) => {
      const { fake } = setup(undefined, answer(), source);
      expect(await screen.findByRole('heading', { name: 'AAPL · APPLE INC' })).toBeVisible();
      // Every row of the CUSIP, counted then read through the ordinary interface (beside the
      // queries that find the latest complete quarter); from the aggregates, its quarters, then
      // the rows of the quarter shown and the one before only.
      const ofCusip = fake.calls
        .map((call) => JSON.parse(call.body) as Record<string, unknown>)
        .filter((body) => JSON.stringify(body).includes('"cusip":{"$equals":"037833100"}'));
      const everyRow = { filter: [{ cusip: { $equals: '037833100' } }] };
      if (source === 'rows') {
        expect(ofCusip[0]).toMatchObject({
          module: '13f_holdings',
          count_only: true,
          filters: everyRow,
        });
        expect(ofCusip[1]).toMatchObject({ module: '13f_holdings', filters: everyRow });
      } else {
        expect(ofCusip[0]).toMatchObject({ module: '13f_security_quarters' });
        const inQuarters = {
          $or: [Q1, Q4].map((period) => ({ periodofreport: { $equals: period } })),
        };
        expect(ofCusip.at(-1)).toMatchObject({
          module: '13f_holdings',
          filters: { filter: [{ cusip: { $equals: '037833100' } }, inQuarters] },
        });
        // Never every row of the CUSIP.
        const filterOf = (body: Record<string, unknown>) =>
          JSON.stringify((body.filters as { filter?: unknown }).filter);
        expect(
          ofCusip.filter((body) => filterOf(body) === JSON.stringify(everyRow.filter)),
        ).toEqual([]);
      }
      expect(
        screen.getByText(/2 managers hold it at Mar 31, 2025; 1 sold out that quarter\./),
      ).toBeVisible();
      const holders = screen.getByRole('table', { name: 'Holders at Mar 31, 2025, largest first' });
      const managers = within(holders)
        .getAllByRole('row')
        .slice(1)
        .map((tableRow) => within(tableRow).getAllByRole('cell')[0]?.textContent);
      expect(managers).toEqual(['ALPHA', 'BETA']);
      expect(within(holders).getByRole('link', { name: 'ALPHA' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/q\/13f_holdings#s=/) as string,
      );
      const flagged = within(holders).getByRole('row', { name: /^BETA/ });
      expect(within(flagged).getAllByRole('cell').at(-1)).toHaveTextContent(
        /^⚠ The implied price per share went from \$100\.00 to \$10\.00 \(÷10\)/,
      );
      const soldOut = screen.getByRole('table', { name: 'Sold out at Mar 31, 2025' });
      expect(within(soldOut).getByText('GAMMA')).toBeVisible();
    },
  );

  it('shows the quarter the link names, says it in the chart, and offers the others', async () => {
    const { user, onPeriodChange } = setup(Q4);
    expect(await screen.findByText(/2 managers hold it at Dec 31, 2024\./)).toBeVisible();
    const title = 'Holders, buyers and sellers by quarter — AAPL · APPLE INC';
    expect(screen.getByRole('figure', { name: title })).toHaveAccessibleDescription(
      /^AAPL · APPLE INC: 2 holders at Dec 31, 2024, with 0 buyers and 0 sellers;/,
    );
    await user.click(screen.getByRole('combobox', { name: 'Quarter' }));
    await user.click(await screen.findByRole('option', { name: 'Mar 31, 2025' }));
    expect(onPeriodChange).toHaveBeenCalledWith(Q1);
  });

  it.each(SOURCES)(
    'charts holders, buyers and sellers per quarter, with its data table, from $source',
    async ({ source, answer }) => {
      const { user } = setup(undefined, answer(), source);
      const title = 'Holders, buyers and sellers by quarter — AAPL · APPLE INC';
      const chart = await screen.findByRole('region', { name: title });
      expect(within(chart).getByRole('figure', { name: title })).toHaveAccessibleDescription(
        'AAPL · APPLE INC: 2 holders at Mar 31, 2025, with 2 buyers and 1 seller; the most holders, 2, at Dec 31, 2024.',
      );
      expect(
        within(chart).getByText(
          source === 'rows'
            ? /in the data, fetched for this view;/
            : /in the data, aggregated by the service;/,
        ),
      ).toBeVisible();
      await user.click(within(chart).getByRole('button', { name: 'Show data table' }));
      const table = within(chart).getByRole('table', { name: /: data$/ });
      expect(tableTexts(table)).toEqual([
        [
          'Quarter',
          'Holders',
          'Buyers',
          'Sellers',
          'Shares held',
          'Value held (USD)',
          'No filing (held the quarter before)',
          'New to the data',
        ],
        // From the aggregates the holders new to the data are counted, not named.
        [
          'Dec 31, 2024',
          '2',
          '0',
          '0',
          '3',
          '$300',
          '',
          source === 'rows' ? 'BETA, GAMMA' : '2 holders',
        ],
        ['Mar 31, 2025', '2', '2', '1', '39', '$1,200', '', ''],
      ]);
      const valueTitle = 'Value and shares held by quarter — AAPL · APPLE INC';
      const value = screen.getByRole('region', { name: valueTitle });
      expect(within(value).getByRole('figure', { name: valueTitle })).toHaveAccessibleDescription(
        'AAPL · APPLE INC: $1,200 held (39 shares) at Mar 31, 2025; the most, $1,200, at Mar 31, 2025.',
      );
      await user.click(within(value).getByRole('button', { name: 'Show data table' }));
      expect(tableTexts(within(value).getByRole('table', { name: /: data$/ }))).toEqual([
        ['Quarter', 'Value held (USD)', 'Shares held', 'Holders'],
        ['Dec 31, 2024', '$300', '3', '2'],
        ['Mar 31, 2025', '$1,200', '39', '2'],
      ]);
    },
  );

  it('tells a holder with no filing from a seller, and counts like for like on request', async () => {
    // DELTA held at Dec 31 and has no row at Mar 31 (not filed yet): no sale.
    const { user } = setup(undefined, pagedService([...records, row('DELTA', Q4, 5000, 50, null)]));
    const title = 'Holders, buyers and sellers by quarter — AAPL · APPLE INC';
    const chart = await screen.findByRole('region', { name: title });
    expect(
      within(chart).getByText(
        /^Mar 31, 2025: 1 holder of the quarter before has no filing for it in the data/,
      ),
    ).toBeVisible();
    const valueTitle = 'Value and shares held by quarter — AAPL · APPLE INC';
    const value = screen.getByRole('region', { name: valueTitle });
    expect(within(value).getByRole('figure', { name: valueTitle })).toHaveAccessibleDescription(
      'AAPL · APPLE INC: $1,200 held (39 shares) at Mar 31, 2025; the most, $5,300, at Dec 31, 2024.',
    );
    await user.click(screen.getByRole('radio', { name: 'Same managers as the quarter before' }));
    // Dec 31 is everyone's first quarter in the data: like for like, nobody counts there.
    expect(within(value).getByRole('figure', { name: valueTitle })).toHaveAccessibleDescription(
      'AAPL · APPLE INC: $1,200 held (39 shares) at Mar 31, 2025; the most, $1,200, at Mar 31, 2025.',
    );
    expect(within(value).getByText(/^Like for like: each quarter counts only/)).toBeVisible();
  });

  it('reads one quarter and the one before when every quarter is too many rows', async () => {
    const service = filteringService(records);
    const answer: FakeAnswer = (call) => {
      const body = JSON.parse(call.body) as { count_only?: boolean };
      if (body.count_only && !call.body.includes('$or'))
        return jsonResponse(200, { record_count: PULL_LIMIT_ROWS + 1 });
      return service(call);
    };
    const first = setup(undefined, answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many rows to read here/);
    await first.user.click(screen.getByRole('combobox', { name: 'Read one quarter' }));
    await first.user.click(await screen.findByRole('option', { name: 'Mar 31, 2025' }));
    expect(first.onPeriodChange).toHaveBeenCalledWith(Q1);
    first.unmount();
    setup(Q1, answer);
    expect(await screen.findByText(/2 managers hold it at Mar 31, 2025/)).toBeVisible();
    expect(screen.getByText(/its filings of one quarter and the one before/)).toBeVisible();
  });
});
