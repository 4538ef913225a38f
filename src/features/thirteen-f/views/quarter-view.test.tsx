import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableTexts } from '../../../../testing/chart-dom.ts';
import { fakeFetch, filteringService, jsonResponse } from '../../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { PULL_LIMIT_ROWS } from '../api/bounded-pull.ts';
import { session } from '../../../lib/api/services.ts';
import { QuarterView } from './quarter-view.tsx';
import type { QuarterState } from './quarter-view.tsx';

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

function setup(state: QuarterState = {}, answer: FakeAnswer = filteringService(records)) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onChange = vi.fn();
  const view = renderInRouter(() => <QuarterView state={state} onChange={onChange} />);
  return { ...view, fake, onChange };
}

/** The chart's data table, opened, as text. */
async function dataTable(user: ReturnType<typeof renderInRouter>['user'], title: string) {
  const chart = await screen.findByRole('region', { name: title });
  await user.click(within(chart).getByRole('button', { name: 'Show data table' }));
  return tableTexts(within(chart).getByRole('table', { name: `${title}: data` }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('QuarterView', () => {
  it('opens on the latest quarter and ranks what most managers bought, sold and hold', async () => {
    const view = setup();
    expect(
      await screen.findByRole('heading', { name: 'The quarter across managers — Mar 31, 2025' }),
    ).toBeVisible();
    expect(await screen.findByText(/7 rows read in 2 requests, 3 managers/)).toBeVisible();
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
  });

  it('narrows every list to the managers picked, and offers to compare two', async () => {
    const view = setup({ period: Q1, managers: ['ALPHA', 'GAMMA'] });
    expect(await dataTable(view.user, 'Most bought')).toEqual([
      ['Security', 'CUSIP', 'Managers', 'Combined value (USD)', 'Managers (names)'],
      ['KO', '191216100', '2', '$500', 'ALPHA; GAMMA'],
      ['AAPL', '037833100', '1', '$900', 'ALPHA'],
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Compare the two managers' }));
    expect(view.router.state.location.pathname).toBe('/compare');
    expect(view.router.state.location.search).toEqual({ v: 1, a: 'ALPHA', b: 'GAMMA', period: Q1 });
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
