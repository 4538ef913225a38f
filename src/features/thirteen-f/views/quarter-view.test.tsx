import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableTexts } from '../../../../testing/chart-dom.ts';
import {
  fakeFetch,
  filteringService,
  jsonResponse,
  modulesService,
} from '../../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { PULL_LIMIT_ROWS } from '../api/bounded-pull.ts';
import { NAMES_LIMIT_ROWS } from '../api/quarter-aggregates.ts';
import { session } from '../../../lib/api/services.ts';
import { follows } from '../../../lib/follows/use-follows.ts';
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import { QuarterView } from './quarter-view.tsx';
import type { QuarterState } from './quarter-view.tsx';
import type { ViewSource } from '../api/aggregate-queries.ts';

const Q1 = '2025-03-31';
const Q4 = '2024-12-31';

function row(filer: string, period: string, ticker: string, value: number, status: string | null) {
  const cusip = { AAPL: '037833100', KO: '191216100', MSFT: '594918104' }[ticker] ?? 'X';
  return {
    companyname: filer,
    periodofreport: period,
    name: `${filer} ${period} ${ticker}`,
    cusip,
    ticker,
    nameofissuer: `${ticker} INC`,
    value,
    shrsorprnamt: value,
    portfolio_pct_weight: null,
    status,
    pct_change_qoq: null,
  };
}

const records = [
  row('ALPHA', Q1, 'AAPL', 900, 'NEW'),
  row('ALPHA', Q1, 'KO', 300, 'ADDED'),
  row('ALPHA', Q1, 'MSFT', 0, 'SOLD OUT'),
  row('BETA', Q1, 'AAPL', 500, 'ADDED'),
  row('BETA', Q1, 'MSFT', 100, 'REDUCED'),
  row('GAMMA', Q1, 'AAPL', 50, 'UNCHANGED'),
  row('GAMMA', Q1, 'KO', 200, 'NEW'),
  row('ALPHA', Q4, 'MSFT', 400, null),
  row('BETA', Q4, 'MSFT', 300, null),
];

/**
 * What the embedded service's aggregates say of `records` (worked out by hand): per security and
 * quarter, and per filer and quarter filed.
 */
function security(cusip: string, ticker: string, period: string, figures: Record<string, number>) {
  return { cusip, ticker, nameofissuer: `${ticker} INC`, periodofreport: period, ...figures };
}
const aggregates = {
  '13f_holdings': records,
  '13f_security_quarters': [
    security('037833100', 'AAPL', Q1, {
      filers: 3,
      holders: 3,
      value: 1450,
      buyers: 2,
      buyersvalue: 1400,
      sellers: 0,
      sellersvalue: 0,
    }),
    security('191216100', 'KO', Q1, {
      filers: 2,
      holders: 2,
      value: 500,
      buyers: 2,
      buyersvalue: 500,
      sellers: 0,
      sellersvalue: 0,
    }),
    security('594918104', 'MSFT', Q1, {
      filers: 2,
      holders: 1,
      value: 100,
      buyers: 0,
      buyersvalue: 0,
      sellers: 2,
      sellersvalue: 100,
    }),
    security('594918104', 'MSFT', Q4, {
      filers: 2,
      holders: 2,
      value: 700,
      buyers: 0,
      buyersvalue: 0,
      sellers: 0,
      sellersvalue: 0,
    }),
  ],
  '13f_filer_quarters': [
    ...['ALPHA', 'BETA', 'GAMMA'].map((filer) => ({
      companyname: filer,
      periodofreport: Q1,
      positions: 2,
      previousperiod: filer === 'GAMMA' ? null : Q4,
    })),
    ...['ALPHA', 'BETA'].map((filer) => ({ companyname: filer, periodofreport: Q4, positions: 1 })),
  ],
};

/**
 * The data with two old quarters before a gap: Sep 30, 2022 filed by the planted data-quality
 * filer alone, Dec 31, 2022 by ALPHA; eleven quarters in all, the old ones beyond the latest six
 * whose coverage the view reads.
 */
const PLANTED = `ALDER CREEK CAPITAL ${DATA_QUALITY_DEMO_LABEL}`;
const withOldQuarters = {
  rows: [
    ...records,
    row(PLANTED, '2022-09-30', 'KO', 100, 'NEW'),
    row('ALPHA', '2022-12-31', 'KO', 100, 'NEW'),
  ],
  aggregates: {
    ...aggregates,
    '13f_filer_quarters': [
      ...aggregates['13f_filer_quarters'],
      { companyname: PLANTED, periodofreport: '2022-09-30', positions: 1 },
      { companyname: 'ALPHA', periodofreport: '2022-12-31', positions: 1 },
    ],
  },
};

/** Each way the view reads: rows (the vendor), or the service's aggregates. */
const SOURCES: readonly { source: ViewSource; answer: () => FakeAnswer }[] = [
  { source: 'rows', answer: () => filteringService(records) },
  { source: 'aggregates', answer: () => modulesService(aggregates) },
];

function setup(
  state: QuarterState = {},
  answer: FakeAnswer = filteringService(records),
  source: ViewSource = 'rows',
) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onChange = vi.fn();
  const view = renderInRouter(() => (
    <QuarterView state={state} onChange={onChange} source={source} />
  ));
  return { ...view, fake, onChange };
}

/** The bodies sent, parsed. */
const bodies = (fake: ReturnType<typeof setup>['fake']) =>
  fake.calls.map((call) => JSON.parse(call.body) as Record<string, unknown>);

/** The chart's data table, opened, as text. */
async function dataTable(user: ReturnType<typeof renderInRouter>['user'], title: string) {
  const chart = await screen.findByRole('region', { name: title });
  await user.click(within(chart).getByRole('button', { name: 'Show data table' }));
  return tableTexts(within(chart).getByRole('table', { name: `${title}: data` }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

describe('QuarterView', () => {
  it.each(SOURCES)(
    'opens on the latest quarter and ranks what most managers bought, sold and hold, from $source',
    async ({ source, answer }) => {
      const view = setup({}, answer(), source);
      expect(
        await screen.findByRole('heading', { name: 'The quarter across managers — Mar 31, 2025' }),
      ).toBeVisible();
      expect(
        await screen.findByText(
          source === 'rows'
            ? /7 rows read in 2 requests, 3 managers/
            : /aggregated by the service, 3 managers/,
        ),
      ).toBeVisible();
      // Two managers bought AAPL and KO each; AAPL's larger combined value puts it first.
      expect(await dataTable(view.user, 'Most bought')).toEqual([
        ['Security', 'CUSIP', 'Managers', 'Combined value (USD)', 'Managers (names)'],
        ['AAPL', '037833100', '2', '$1,400', 'ALPHA; BETA'],
        ['KO', '191216100', '2', '$500', 'ALPHA; GAMMA'],
      ]);
      expect((await dataTable(view.user, 'Most sold'))[1]).toEqual([
        'MSFT',
        '594918104',
        '2',
        '$100',
        'ALPHA; BETA',
      ]);
      expect(
        (await dataTable(view.user, 'Consensus: held by the most managers'))[1]?.slice(0, 4),
      ).toEqual(['AAPL', '037833100', '3', '$1,450']);
      expect(
        screen.getByRole('figure', { name: 'Largest new positions by value' }),
      ).toHaveAccessibleDescription('The largest: ALPHA opened AAPL at $900.');
      // From the aggregates, no body reads (or counts) the whole quarter's rows.
      const whole = bodies(view.fake).filter(
        (body) =>
          body.module === '13f_holdings' &&
          JSON.stringify((body.filters as { filter?: unknown }).filter) ===
            JSON.stringify([{ periodofreport: { $equals: Q1 } }]) &&
          JSON.stringify(body).includes('"shrsorprnamt"'),
      );
      expect(whole.length > 0).toBe(source === 'rows');
    },
  );

  it.each(SOURCES)(
    'narrows every list to the managers picked, and offers to compare two, from $source',
    async ({ source, answer }) => {
      const view = setup({ period: Q1, managers: ['ALPHA', 'GAMMA'] }, answer(), source);
      expect(await dataTable(view.user, 'Most bought')).toEqual([
        ['Security', 'CUSIP', 'Managers', 'Combined value (USD)', 'Managers (names)'],
        ['KO', '191216100', '2', '$500', 'ALPHA; GAMMA'],
        ['AAPL', '037833100', '1', '$900', 'ALPHA'],
      ]);
      await view.user.click(screen.getByRole('button', { name: 'Compare the two managers' }));
      expect(view.router.state.location.pathname).toBe('/compare');
      expect(view.router.state.location.search).toEqual({
        v: 1,
        a: 'ALPHA',
        b: 'GAMMA',
        period: Q1,
      });
    },
  );

  it.each(SOURCES)(
    'says a quarter no manager filed in a sentence, linking the nearest with data, from $source',
    async ({ source, answer }) => {
      const view = setup({ period: '1999-12-31' }, answer(), source);
      expect(
        await screen.findByText(/No manager filed for Dec 31, 1999: there is nothing to chart\./),
      ).toBeVisible();
      expect(screen.queryAllByRole('figure')).toEqual([]);
      const nearest = await screen.findByRole('link', { name: 'Dec 31, 2024' });
      await view.user.click(nearest);
      expect(view.router.state.location.search).toEqual({ v: 1, period: Q4 });
    },
  );

  it.each([
    { source: 'rows' as const, answer: () => filteringService(withOldQuarters.rows) },
    { source: 'aggregates' as const, answer: () => modulesService(withOldQuarters.aggregates) },
  ])(
    'links the nearest quarter a manager filed, not one only the planted filer did, from $source',
    async ({ source, answer }) => {
      // The data starts with a quarter only the planted data-quality filer filed, far older than
      // the latest quarters whose coverage the view reads: the link skips it.
      const view = setup({ period: '1999-12-31' }, answer(), source);
      expect(await screen.findByRole('link', { name: 'Dec 31, 2022' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Sep 30, 2022' })).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(
        'No manager filed for Dec 31, 1999: there is nothing to chart. The nearest quarter with data: Dec 31, 2022.',
      );
      await view.user.click(screen.getByRole('link', { name: 'Dec 31, 2022' }));
      expect(view.router.state.location.search).toEqual({ v: 1, period: '2022-12-31' });
    },
  );

  it('gives counts without names where naming them would mean reading too many rows', async () => {
    const many = NAMES_LIMIT_ROWS + 1;
    const crowded = {
      ...aggregates,
      '13f_security_quarters': aggregates['13f_security_quarters'].map((row) =>
        row.ticker === 'AAPL' ? { ...row, holders: many } : row,
      ),
    };
    const view = setup({}, modulesService(crowded), 'aggregates');
    const table = await dataTable(view.user, 'Consensus: held by the most managers');
    expect(table[1]).toEqual([
      'AAPL',
      '037833100',
      String(many),
      '$1,450',
      'not listed: too many to read their rows here',
    ]);
    // The holders' rows were never asked for (the other lists name theirs).
    const heldRows = bodies(view.fake).filter((body) =>
      JSON.stringify(body).includes('{"shrsorprnamt":{"$gt":"0"}}'),
    );
    expect(heldRows).toEqual([]);
    expect((await dataTable(view.user, 'Most bought'))[1]?.at(-1)).toBe('ALPHA; BETA');
  });

  it("finds the quarters from the filers' aggregates, not from every row, where served", async () => {
    const view = setup({}, modulesService(aggregates), 'aggregates');
    await dataTable(view.user, 'Most bought');
    const spans = bodies(view.fake).filter((body) =>
      JSON.stringify(body).includes('"fields":["periodofreport"]'),
    );
    expect(spans.map((body) => body.module)).toEqual(['13f_filer_quarters', '13f_filer_quarters']);
  });

  it('picks the managers followed in one click, once any is followed', async () => {
    const { user, onChange } = setup({ period: Q1 });
    await screen.findByText(/7 rows read/);
    expect(screen.queryByRole('button', { name: /Managers you follow/ })).toBeNull();
    follows.toggle({ kind: 'filer', key: 'GAMMA', label: 'GAMMA' });
    follows.toggle({ kind: 'filer', key: 'ALPHA', label: 'ALPHA' });
    await user.click(await screen.findByRole('button', { name: 'Managers you follow (2)' }));
    expect(onChange).toHaveBeenCalledWith({ period: Q1, managers: ['GAMMA', 'ALPHA'] });
  });

  it('picks at most the 50 managers a link holds, and says so', async () => {
    const { user, onChange } = setup({ period: Q1 });
    await screen.findByText(/7 rows read/);
    const names = Array.from({ length: 60 }, (_, at) => `FILER ${String(at)}`);
    follows.merge(
      names.map((key) => ({ kind: 'filer', key, label: key, since: '2026-01-01T00:00:00.000Z' })),
    );
    await user.click(
      await screen.findByRole('button', { name: 'First 50 of the 60 managers you follow' }),
    );
    expect(onChange).toHaveBeenCalledWith({ period: Q1, managers: names.slice(0, 50) });
  });

  it('reports the managers picked in the Managers box', async () => {
    const { user, onChange } = setup({ period: Q1 });
    await screen.findByText(/7 rows read/);
    await user.click(screen.getByLabelText('Managers', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'BETA' }));
    expect(onChange).toHaveBeenCalledWith({ period: Q1, managers: ['BETA'] });
  });

  it('asks for managers when the quarter is too large, then reads only theirs', async () => {
    const service = filteringService(records);
    const answer: FakeAnswer = (call) => {
      const body = JSON.parse(call.body) as { count_only?: boolean };
      const narrowed = call.body.includes('$or');
      if (body.count_only && !narrowed && call.body.includes(Q1))
        return jsonResponse(200, { record_count: PULL_LIMIT_ROWS + 1 });
      return service(call);
    };
    const first = setup({ period: Q1 }, answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many rows to read here/);
    expect(
      within(screen.getByRole('alert')).getByLabelText('Managers', { selector: 'input' }),
    ).toBeVisible();
    first.unmount();
    const view = setup({ period: Q1, managers: ['BETA'] }, answer);
    expect(await screen.findByText(/2 rows read in 2 requests, 1 manager\b/)).toBeVisible();
    const read = view.fake.calls.map((call) => call.body).filter((body) => body.includes('$or'));
    expect(read.at(-1)).toContain('{"$or":[{"companyname":{"$equals":"BETA"}}]}');
  });
});
