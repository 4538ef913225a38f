import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tableTexts } from '../../../../testing/chart-dom.ts';
import { fakeFetch, filteringService, modulesService } from '../../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../../testing/fake-fetch.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { session } from '../../../lib/api/services.ts';
import { follows } from '../../../lib/follows/use-follows.ts';
import type { CompareSearch } from '../../../lib/url-state/analysis-links.ts';
import { CompareView } from './compare-view.tsx';

const Q1 = '2025-03-31';
const Q4 = '2024-12-31';
const CUSIPS: Record<string, string> = { AAPL: '037833100', KO: '191216100', MSFT: '594918104' };

function row(filer: string, period: string, ticker: string, value: number) {
  return {
    companyname: filer,
    periodofreport: period,
    name: `${filer} ${period} ${ticker}`,
    cusip: CUSIPS[ticker] ?? 'X',
    ticker,
    nameofissuer: `${ticker} INC`,
    value,
    shrsorprnamt: value,
    portfolio_pct_weight: null,
    status: null,
    pct_change_qoq: null,
  };
}

// At Q4, ALPHA: AAPL 60 %, KO 40 %; BETA: AAPL 30 %, MSFT 70 %. BETA has filed Q1 too.
const records = [
  row('ALPHA', Q4, 'AAPL', 600),
  row('ALPHA', Q4, 'KO', 400),
  row('BETA', Q4, 'AAPL', 300),
  row('BETA', Q4, 'MSFT', 700),
  row('BETA', Q1, 'MSFT', 1000),
];

/** The quarters each manager filed, as the service's filer aggregates list them. */
const filed = (...quarters: readonly [string, string, number][]) =>
  quarters.map(([companyname, periodofreport, positions]) => ({
    companyname,
    periodofreport,
    positions,
  }));
const FILED = filed(['ALPHA', Q4, 2], ['BETA', Q4, 2], ['BETA', Q1, 1]);

/** Each way the view reads: rows (the vendor), or the service's aggregates. */
const SOURCES: readonly { source: ViewSource; answer: () => FakeAnswer }[] = [
  { source: 'rows', answer: () => filteringService(records) },
  {
    source: 'aggregates',
    answer: () => modulesService({ '13f_holdings': records, '13f_filer_quarters': FILED }),
  },
];

function setup(
  state: CompareSearch,
  answer: FakeAnswer = filteringService(records),
  source: ViewSource = 'rows',
) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onChange = vi.fn();
  const view = renderInRouter(() => (
    <CompareView state={state} onChange={onChange} source={source} />
  ));
  return { ...view, fake, onChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

describe('CompareView', () => {
  it('stars each picked manager in its picker, without changing the pick', async () => {
    const { user, onChange } = setup({ a: 'ALPHA', b: 'BETA', period: Q4 });
    await screen.findByRole('table', { name: 'Positions both hold' });
    await user.click(screen.getByRole('button', { name: 'Follow BETA' }));
    expect(follows.isFollowed('filer', 'BETA')).toBe(true);
    expect(screen.getByRole('button', { name: 'Follow ALPHA' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each(SOURCES)(
    'compares on the latest quarter both filed, with the three overlaps, from $source',
    async ({ source, answer }) => {
      setup({ a: 'ALPHA', b: 'BETA' }, answer(), source);
      expect(
        await screen.findByRole('heading', { name: 'Two managers side by side — Dec 31, 2024' }),
      ).toBeVisible();
      const figure = (label: string) =>
        screen.getByText(label).parentElement?.querySelectorAll('p')[1]?.textContent;
      await screen.findByText('Similarity: overlap of weights');
      expect(figure('Similarity: overlap of weights')).toBe('30.0%');
      expect(figure('Overlap by value')).toBe('60.0% · 30.0%');
      expect(figure('Overlap by count')).toBe('33.3%');
      expect(screen.getByText('1 position shared of 3 either holds (Jaccard).')).toBeVisible();
    },
  );

  it('lists the shared positions and each one’s own, every security a link to its view', async () => {
    const { user } = setup({ a: 'ALPHA', b: 'BETA', period: Q4 });
    const shared = await screen.findByRole('table', { name: 'Positions both hold' });
    expect(tableTexts(shared)).toEqual([
      ['Security', 'CUSIP', 'Weight — ALPHA', 'Weight — BETA', 'Value — ALPHA', 'Value — BETA'],
      ['AAPL', '037833100', '60.00%', '30.00%', '$600', '$300'],
    ]);
    expect(within(shared).getByRole('link', { name: 'AAPL' })).toHaveAttribute(
      'href',
      `/security?v=1&cusip=037833100&period=${Q4}`,
    );
    await user.click(screen.getByRole('tab', { name: 'Only BETA (1)' }));
    const onlyB = screen.getByRole('table', { name: 'Positions only BETA holds' });
    expect(tableTexts(onlyB)[1]?.slice(0, 4)).toEqual(['MSFT', '594918104', '—', '70.00%']);
    expect(
      screen.getByRole('figure', { name: 'Shared positions — ALPHA and BETA' }),
    ).toHaveAccessibleDescription(
      '1 position shared; the largest, AAPL, weighs 60.00% for ALPHA and 30.00% for BETA.',
    );
  });

  it('lists the managers in the chart’s legend in the order of their bars, not by name', async () => {
    // A laid-out page's width, so the chart draws (jsdom lays nothing out).
    const layout = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ width: 900, height: 400 }));
    onTestFinished(() => {
      layout.mockRestore();
    });
    // BETA is manager A, its bar the first of each row (recharts stacks a vertical layout's
    // series top down in their order). A legend sorted by name would list ALPHA first.
    setup({ a: 'BETA', b: 'ALPHA', period: Q4 });
    const figure = await screen.findByRole('figure', { name: 'Shared positions — BETA and ALPHA' });
    await waitFor(() => {
      expect(figure.querySelectorAll('.recharts-legend-item')).toHaveLength(2);
    });
    const legend = [...figure.querySelectorAll('.recharts-legend-item')].map((item) => [
      item.textContent,
      item.querySelector('.recharts-legend-icon')?.getAttribute('fill'),
    ]);
    // Okabe–Ito bluish green for A, reddish purple for B, as the bars are filled.
    expect(legend).toEqual([
      ['BETA', '#009e73'],
      ['ALPHA', '#cc79a7'],
    ]);
  });

  it.each(SOURCES)(
    'says when a manager filed nothing for the quarter asked, from $source',
    async ({ source, answer }) => {
      setup({ a: 'ALPHA', b: 'BETA', period: Q1 }, answer(), source);
      expect(
        await screen.findByText(
          source === 'rows'
            ? 'ALPHA filed no 13F holdings for Mar 31, 2025; pick another quarter.'
            : 'ALPHA has no 13F filing for Mar 31, 2025 in the data; pick another quarter.',
        ),
      ).toBeVisible();
      expect(screen.queryByText('Similarity: overlap of weights')).toBeNull();
    },
  );

  it('tells a quarter filed empty from one not filed, and compares on the latest with holdings', async () => {
    // ALPHA filed Mar 31 with an empty information table: filed, but nothing to compare.
    const answer = modulesService({
      '13f_holdings': records,
      '13f_filer_quarters': [...FILED, ...filed(['ALPHA', Q1, 0])],
    });
    const asked = setup({ a: 'ALPHA', b: 'BETA', period: Q1 }, answer, 'aggregates');
    expect(
      await screen.findByText(
        'ALPHA filed an empty 13F information table for Mar 31, 2025 (no holdings); pick another quarter.',
      ),
    ).toBeVisible();
    asked.unmount();
    setup({ a: 'ALPHA', b: 'BETA' }, answer, 'aggregates');
    expect(
      await screen.findByRole('heading', { name: 'Two managers side by side — Dec 31, 2024' }),
    ).toBeVisible();
  });

  it('asks for two managers before reading anything', async () => {
    const { fake } = setup({ a: 'ALPHA' });
    expect(await screen.findByText(/Pick two managers/)).toBeVisible();
    expect(fake.calls.some((call) => call.body.includes('"count_only":true'))).toBe(false);
  });
});

describe('CompareView with no picks', () => {
  const BERKSHIRE = 'BERKSHIRE HATHAWAY INC';
  const PERSHING = 'PERSHING SQUARE CAPITAL MANAGEMENT, L.P.';
  const listed = [...records, row(BERKSHIRE, Q4, 'AAPL', 900), row(PERSHING, Q4, 'KO', 100)];

  it('says what it does, leads to the pickers and offers the pairs the service lists', async () => {
    const { user, onChange } = setup({}, filteringService(listed));
    expect(await screen.findByRole('heading', { name: 'Two managers side by side' })).toBeVisible();
    expect(screen.getByText(/^Put two managers’ 13F portfolios side by side/)).toBeVisible();
    const pickers = screen.getByRole('region', { name: 'Pick two managers' });
    expect(within(pickers).getByRole('combobox', { name: 'Manager A' })).toBeVisible();
    const pair = await screen.findByRole('button', {
      name: 'Compare Berkshire Hathaway with Pershing Square',
    });
    // Tiger Global and Lone Pine, Akre and Fundsmith: not filers this service lists.
    const suggestions = screen.getByRole('region', { name: 'Or start from a well-known pair' });
    expect(within(suggestions).getAllByRole('button')).toHaveLength(1);
    await user.click(pair);
    expect(onChange).toHaveBeenCalledWith({ a: BERKSHIRE, b: PERSHING });
  });

  it('offers no suggestion once both managers are picked', async () => {
    setup({ a: BERKSHIRE, b: PERSHING }, filteringService(listed));
    await screen.findByText('Similarity: overlap of weights');
    expect(screen.queryByRole('region', { name: 'Or start from a well-known pair' })).toBeNull();
  });
});
