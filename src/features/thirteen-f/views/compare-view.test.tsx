import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableTexts } from '../../../../testing/chart-dom.ts';
import { fakeFetch, filteringService } from '../../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { session } from '../../../lib/api/services.ts';
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

function setup(state: CompareSearch) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': filteringService(records) });
  vi.stubGlobal('fetch', fake.fetch);
  const onChange = vi.fn();
  const view = renderInRouter(() => <CompareView state={state} onChange={onChange} />);
  return { ...view, fake, onChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('CompareView', () => {
  it('compares on the latest quarter both filed, with the three overlaps', async () => {
    setup({ a: 'ALPHA', b: 'BETA' });
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
  });

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

  it('says when a manager filed nothing for the quarter asked', async () => {
    setup({ a: 'ALPHA', b: 'BETA', period: Q1 });
    expect(
      await screen.findByText(
        'ALPHA filed no 13F holdings for Mar 31, 2025; pick another quarter.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Similarity: overlap of weights')).toBeNull();
  });

  it('asks for two managers before reading anything', async () => {
    const { fake } = setup({ a: 'ALPHA' });
    expect(await screen.findByText(/Pick two managers/)).toBeVisible();
    expect(fake.calls.some((call) => call.body.includes('"count_only":true'))).toBe(false);
  });
});
