import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { choose } from '../../../../testing/builder-harness.tsx';
import {
  axisLabels,
  barsTopDown,
  chartData,
  clickBar,
  figureNamed,
} from '../../../../testing/chart-dom.ts';
import { cusipOf, portfolioRows, withoutFields } from '../../../../testing/chart-rows.ts';
import {
  current,
  FILER,
  HOLDINGS,
  PREVIOUS_HOLDINGS,
  PREVIOUS_QUARTER,
  previous,
  QUARTER,
  renderThirteenFCharts,
} from '../../../../testing/thirteen-f-harness.tsx';
import { session } from '../../../lib/api/services.ts';
import { follows } from '../../../lib/follows/use-follows.ts';
import type { ChartSettings } from '../../../lib/url-state/workspace-view.ts';
import { PRIMARY } from '../../../components/charts/colors.ts';

const WEIGHTS = `Portfolio weights — ${FILER} · Mar 31, 2025`;
const LIGHTER = '#74a9e0';
const TICKERS = HOLDINGS.map((holding) => holding.ticker);

function setup(
  rows: readonly ServiceRecord[],
  table: readonly ServiceRecord[] = [...current(), ...previous()],
  body?: Readonly<Record<string, unknown>>,
  settings?: ChartSettings,
) {
  const view = renderThirteenFCharts(rows, table, body, settings);
  const weights = () => figureNamed(/^Portfolio weights/);
  const concentration = () => screen.getByText(/^Concentration: top 10 =/).textContent;
  return { ...view, weights, concentration };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

describe('ThirteenFCharts: portfolio weights', () => {
  it('charts a whole portfolio as served, without fetching it again', async () => {
    const { weights, concentration, portfolioRequests } = setup(current());
    expect(screen.getByText('The result holds the whole portfolio (14 positions).')).toBeVisible();
    expect(concentration()).toBe('Concentration: top 10 = 90.00%');
    expect(axisLabels(weights(), 'y')).toEqual(TICKERS);
    const bars = barsTopDown(weights());
    expect(bars.map((bar) => bar.fill)).toEqual(TICKERS.map(() => PRIMARY));
    const widths = bars.map((bar) => bar.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    // Only the previous quarter is fetched (for changes and flags), never this one.
    await waitFor(() => {
      expect(portfolioRequests()).toEqual([[FILER, PREVIOUS_QUARTER]]);
    });
  });

  it('says which rows the position count leaves out: the SOLD OUT ones', () => {
    const sold = portfolioRows(FILER, QUARTER, [
      { ticker: 'ZZZ', weight: 0, status: 'SOLD OUT', pctChange: -100 },
    ]);
    setup([...current(), ...sold]);
    expect(screen.getByText('The result holds the whole portfolio (14 positions).')).toBeVisible();
    expect(
      screen.getByText(
        'Not counted: 1 SOLD OUT row, a position sold since the previous quarter (0 shares, 0 value).',
      ),
    ).toBeVisible();
  });

  it('keeps a flagged position in the weights, as filed, and says it is included', async () => {
    const jump = PREVIOUS_HOLDINGS.map((holding) =>
      holding.ticker === 'BBB' ? { ...holding, price: 10 } : holding,
    );
    const { weights } = setup(current(), [...current(), ...previous(jump)]);
    await waitFor(() => {
      expect(weights()).toHaveAccessibleDescription(
        'The largest holding is AAA at 20.00%; the top 10 make up 90.00% of the long value, $1,000,000,000. These figures are as filed and include 1 flagged ⚠ position.',
      );
    });
  });

  it('lists the top holdings and the rest as "Other (n)" in the chart and its data table', async () => {
    const { user, weights } = setup(current());
    await user.click(screen.getByRole('radio', { name: 'Top 10' }));
    expect(axisLabels(weights(), 'y')).toEqual([...TICKERS.slice(0, 10), 'Other (4)']);
    const bars = barsTopDown(weights());
    // Other (10 %) is as long as DDD (10 %), half as long as AAA (20 %).
    expect(bars.at(-1)?.width).toBeCloseTo(bars[3]?.width ?? 0, 5);
    expect(bars.at(-1)?.width).toBeCloseTo((bars[0]?.width ?? 0) / 2, 5);
    const table = await chartData(user, WEIGHTS);
    expect(table[0]).toEqual(['Holding', 'Issuer', 'CUSIP', 'Weight', 'Value (USD)']);
    expect(table.slice(1, 3)).toEqual([
      ['AAA', 'AAA HOLDINGS INC', cusipOf('AAA'), '20.00%', '$200,000,000'],
      ['BBB', 'BBB HOLDINGS INC', cusipOf('BBB'), '15.00%', '$150,000,000'],
    ]);
    expect(table.slice(1, -1).map((row) => row[3])).toEqual(
      HOLDINGS.slice(0, 10).map((holding) => `${holding.weight.toFixed(2)}%`),
    );
    expect(table.at(-1)).toEqual(['Other', '4 holdings', '', '10.00%', '']);
  });

  it('fetches the whole portfolio when the rows are part of it, and draws the rest lighter', async () => {
    const part = current().filter((row) => ['AAA', 'CCC', 'NNN'].includes(row.ticker));
    const { weights, concentration, portfolioRequests } = setup(part);
    expect(
      await screen.findByText(
        'The whole portfolio (14 positions) was fetched for this chart: the result holds 3 of them. Lighter bars are not in the result.',
      ),
    ).toBeVisible();
    expect(portfolioRequests()).toContainEqual([FILER, QUARTER]);
    // Concentration of the whole portfolio, not of the three rows.
    expect(concentration()).toBe('Concentration: top 10 = 90.00%');
    expect(axisLabels(weights(), 'y')).toEqual(TICKERS);
    expect(barsTopDown(weights()).map((bar) => bar.fill)).toEqual(
      TICKERS.map((ticker) => (['AAA', 'CCC', 'NNN'].includes(ticker) ? PRIMARY : LIGHTER)),
    );
  });

  it('filters the table on the clicked holding, for this filer and period', async () => {
    const { user, weights, onFilter } = setup(current());
    await clickBar(user, weights(), 1);
    expect(onFilter).toHaveBeenCalledExactlyOnceWith({
      label: `BBB · ${FILER} · Mar 31, 2025`,
      conditions: [
        { field: 'companyname', op: 'in', values: [FILER] },
        { field: 'periodofreport', op: 'in', values: [QUARTER] },
        { field: 'cusip', op: 'in', values: [cusipOf('BBB')] },
      ],
    });
  });
});

describe('ThirteenFCharts: filer and period', () => {
  it('offers no picker for one filer and one period, but the filer’s star', async () => {
    const { user } = setup(current());
    expect(screen.queryByRole('combobox', { name: 'Filer' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
    const star = screen.getByRole('button', { name: `Follow ${FILER}` });
    await user.click(star);
    expect(follows.isFollowed('filer', FILER)).toBe(true);
  });

  it('picks among the periods of the rows, the latest first, and retitles the chart', async () => {
    const view = setup([...current(), ...previous()]);
    expect(screen.queryByRole('combobox', { name: 'Filer' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('Mar 31, 2025');
    expect(view.weights()).toHaveAccessibleName(WEIGHTS);
    await choose(view, document.body, 'Period', 'Dec 31, 2024');
    expect(view.weights()).toHaveAccessibleName(`Portfolio weights — ${FILER} · Dec 31, 2024`);
    expect(axisLabels(view.weights(), 'y')[0]).toBe('BBB');
  });

  it('picks among the filers of the rows', async () => {
    const beta = portfolioRows('BETA PARTNERS LP', QUARTER, [
      { ticker: 'QQQ', weight: 60 },
      { ticker: 'RRR', weight: 40 },
    ]);
    const view = setup([...current(), ...beta], [...current(), ...beta]);
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
    expect(screen.getByRole('button', { name: `Follow ${FILER}` })).toBeVisible();
    await choose(view, document.body, 'Filer', 'BETA PARTNERS LP');
    // The picker's star follows the filer picked.
    expect(screen.getByRole('button', { name: 'Follow BETA PARTNERS LP' })).toBeVisible();
    expect(view.weights()).toHaveAccessibleName(
      `Portfolio weights — BETA PARTNERS LP · Mar 31, 2025`,
    );
    expect(axisLabels(view.weights(), 'y')).toEqual(['QQQ', 'RRR']);
  });

  it('takes the filer and period the query pins when the rows do not carry them', async () => {
    const rows = withoutFields(current(), 'companyname', 'periodofreport');
    const body = {
      module: '13f_holdings',
      filters: {
        fields: ['cusip', 'ticker', 'value', 'portfolio_pct_weight'],
        filter: [{ companyname: { $equals: FILER } }, { periodofreport: { $equals: QUARTER } }],
      },
    };
    const view = setup(rows, undefined, body);
    expect(view.weights()).toHaveAccessibleName(WEIGHTS);
    await waitFor(() => {
      expect(view.portfolioRequests()).toEqual([[FILER, PREVIOUS_QUARTER]]);
    });
    // The rows have no filer or period to filter on: the cusip alone selects them.
    await clickBar(view.user, view.weights(), 0);
    expect(view.onFilter.mock.calls[0]?.[0].conditions).toEqual([
      { field: 'cusip', op: 'in', values: [cusipOf('AAA')] },
    ]);
  });
});

describe('ThirteenFCharts: settings kept by the caller (a link)', () => {
  it('opens on the settings given and reports each change with the others kept', async () => {
    const settings = { tab: 'changes', unchanged: true, period: PREVIOUS_QUARTER };
    const view = setup([...current(), ...previous()], undefined, undefined, settings);
    expect(screen.getByRole('tab', { name: 'Holdings changes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Unchanged' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('Dec 31, 2024');
    await view.user.click(screen.getByRole('tab', { name: 'Portfolio weights' }));
    expect(view.onSettingsChange).toHaveBeenLastCalledWith({ ...settings, tab: 'weights' });
    await choose(view, document.body, 'Period', 'Mar 31, 2025');
    // A new period drops the holding picked in History (another period holds others).
    expect(view.onSettingsChange).toHaveBeenLastCalledWith({
      ...settings,
      filer: FILER,
      period: QUARTER,
      holding: '',
    });
  });

  it('falls back to the defaults for settings it does not know (an edited link)', () => {
    const view = setup(current(), undefined, undefined, {
      tab: 'pie',
      topN: 1000,
      filer: 'NOBODY',
      period: '1999-12-31',
    });
    expect(screen.getByRole('tab', { name: 'Portfolio weights' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(view.weights()).toHaveAccessibleName(WEIGHTS);
    expect(screen.getByRole('radio', { name: 'Top 15' })).toBeChecked();
  });
});

describe('ThirteenFCharts: data-quality flags', () => {
  it('states a late filing once and marks a price jump on its bar', async () => {
    // BBB cost $10 a share last quarter and $100 now: ×10.
    const split = PREVIOUS_HOLDINGS.map((holding) =>
      holding.ticker === 'BBB' ? { ...holding, price: 10 } : holding,
    );
    const late = current('2025-06-30');
    const { weights } = setup(late, [...late, ...previous(split)]);
    const alert = await screen.findByRole('alert', { name: 'Data-quality flags' });
    await within(alert).findByText(/The implied price/);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Filed 91 days after the quarter, after its deadline of May 15, 2025: an amendment or a late filing (quarter ended Mar 31, 2025, filed Jun 30, 2025; 13F reports are due 45 days after the quarter, or the next business day).',
      'BBB: The implied price per share went from $10.00 to $100.00 (×10) since Dec 31, 2024: a split or a data error.',
    ]);
    expect(axisLabels(weights(), 'y').filter((label) => label.includes('⚠'))).toEqual(['⚠ BBB']);
  });

  it('says why there is no change when the quarter before has no filing, only an older one', async () => {
    const older = portfolioRows(FILER, '2024-09-30', PREVIOUS_HOLDINGS);
    const unchanged = current().map((row) => ({ ...row, status: null, pct_change_qoq: null }));
    setup(unchanged, [...unchanged, ...older]);
    const alert = await screen.findByRole('alert', { name: 'Data-quality flags' });
    expect(within(alert).getByRole('listitem').textContent).toBe(
      `No filing for the quarter before (Dec 31, 2024) in the data, a 13F-NT or none: status and change are not computed (the latest earlier filing is for Sep 30, 2024).`,
    );
  });
});

describe('ThirteenFCharts: missing fields', () => {
  const fields = ['nameofissuer', 'cusip', 'value', 'portfolio_pct_weight'];

  it('says the service left out a field the query asked for, and never to add it', () => {
    const rows = withoutFields(current(), 'cusip');
    setup(rows, undefined, { module: '13f_holdings', filters: { fields } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The service did not return cusip although the query asked for it.',
    );
    expect(alert).not.toHaveTextContent(/add/i);
  });

  it('names what to add when the query left it out', () => {
    const rows = withoutFields(current(), 'cusip');
    setup(rows, undefined, { module: '13f_holdings', filters: { fields: ['value'] } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The charts need cusip: add it to the query’s fields',
    );
  });
});
