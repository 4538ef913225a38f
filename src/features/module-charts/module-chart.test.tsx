import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import {
  accountHistoryRow,
  holdingRow,
  metroRow,
  presentationRow,
  updateRow,
} from '../../../testing/chart-rows.ts';
import {
  axisLabels,
  barsTopDown,
  chartData,
  clickBar,
  drawnBars,
  figureNamed,
} from '../../../testing/chart-dom.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { RowFilter } from '../../lib/url-state/row-filter.ts';
import { ModuleChart } from './module-chart.tsx';
import type { ModuleChartId } from './series.ts';

function setup(module: ModuleChartId, rows: readonly ServiceRecord[], fields?: string[]) {
  const onFilter = vi.fn<(filter: RowFilter) => void>();
  const body = { module, filters: fields ? { fields } : {} };
  const view = renderWithProviders(
    <ModuleChart module={module} rows={rows} body={body} onFilter={onFilter} />,
  );
  return { ...view, onFilter };
}

const ASSET_CLASSES = 'Fund balance by asset class';
const MONTHLY_CHANGES = 'Changes per field per month';

describe('ModuleChart: category bars', () => {
  const holdings = [
    holdingRow('Real estate', 300_000),
    holdingRow('Equity', 1_200_000),
    holdingRow('Cash', '50000'),
    holdingRow('Fixed income', 750_000),
    holdingRow('Equity', 800_000.4),
  ];

  it('draws one bar per asset class, largest first, and tabulates the exact sums', async () => {
    const { user } = setup('investment_holdings', holdings);
    const figure = figureNamed(ASSET_CLASSES);
    expect(axisLabels(figure, 'y')).toEqual(['Equity', 'Fixed income', 'Real estate', 'Cash']);
    const widths = barsTopDown(figure).map((bar) => bar.width);
    expect(widths).toHaveLength(4);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    // Lengths in proportion to the sums: Equity (2,000,000) is 40 × Cash (50,000).
    expect((widths[0] ?? 0) / (widths[3] ?? 1)).toBeCloseTo(40, 0);
    expect(await chartData(user, ASSET_CLASSES)).toEqual([
      ['Category', 'Fund balance (USD)', 'Rows'],
      ['Equity', '$2,000,000', '2'],
      ['Fixed income', '$750,000', '1'],
      ['Real estate', '$300,000', '1'],
      ['Cash', '$50,000', '1'],
    ]);
    expect(figure).toHaveAccessibleDescription(
      '4 bars; the largest is Equity with $2,000,000 (2 rows).',
    );
  });

  it('filters the table on the clicked asset class', async () => {
    const { user, onFilter } = setup('investment_holdings', holdings);
    await clickBar(user, figureNamed(ASSET_CLASSES), 2);
    expect(onFilter).toHaveBeenCalledExactlyOnceWith({
      label: 'Real estate',
      conditions: [{ field: 'asset_class__c', op: 'in', values: ['Real estate'] }],
    });
  });

  it('counts metro areas per country', async () => {
    const { user, onFilter } = setup('metro_area__c', [
      metroRow('Lyon', 'France'),
      metroRow('Boston', 'United States'),
      metroRow('Paris', 'France'),
      metroRow('Denver', 'United States'),
      metroRow('Austin', 'United States'),
      metroRow('Leeds', 'United Kingdom'),
    ]);
    const title = 'Metro areas per country';
    const figure = figureNamed(title);
    expect(axisLabels(figure, 'y')).toEqual(['United States', 'France', 'United Kingdom']);
    const [us, france, uk] = barsTopDown(figure).map((bar) => bar.width);
    expect(us).toBeGreaterThan(france ?? Infinity);
    expect(france).toBeGreaterThan(uk ?? Infinity);
    expect(await chartData(user, title)).toEqual([
      ['Category', 'Count', 'Rows'],
      ['United States', '3', '3'],
      ['France', '2', '2'],
      ['United Kingdom', '1', '1'],
    ]);
    await clickBar(user, figure, 1);
    expect(onFilter).toHaveBeenCalledWith({
      label: 'France',
      conditions: [{ field: 'country__c', op: 'in', values: ['France'] }],
    });
  });
});

describe('ModuleChart: stacked monthly bars', () => {
  const history = [
    accountHistoryRow('Name', '2025-01-03T10:00:00Z'),
    accountHistoryRow('Phone', '2025-01-09T23:30:00-05:00'),
    accountHistoryRow('Name', '2025-01-31T23:59:00Z'),
    accountHistoryRow('Name', '2025-03-09'),
    accountHistoryRow('Name', ''),
  ];

  it('tabulates one row per month, empty months included, with the count per series', async () => {
    const { user } = setup('accounthistory', history);
    expect(await chartData(user, MONTHLY_CHANGES)).toEqual([
      ['Month', 'Name', 'Phone', 'Total'],
      ['Jan 2025', '2', '1', '3'],
      ['Feb 2025', '0', '0', '0'],
      ['Mar 2025', '1', '0', '1'],
    ]);
    expect(screen.getByText('1 rows have no createddate and are not counted.')).toBeVisible();
    const figure = figureNamed(MONTHLY_CHANGES);
    // Short month labels on the axis ("Jan ’25"), the full month in the table and tooltip.
    expect(axisLabels(figure, 'x')).toEqual(['Jan ’25', 'Feb ’25', 'Mar ’25']);
    // The legend names the series; empty segments are not drawn.
    expect(within(figure).getByText('Phone')).toBeVisible();
    const bars = drawnBars(figure);
    expect(bars).toHaveLength(3);
    const height = (x: number) =>
      bars.filter((bar) => bar.x === x).reduce((total, bar) => total + bar.height, 0);
    const [january, march] = [...new Set(bars.map((bar) => bar.x))].sort((a, b) => a - b);
    // January's stack (3) is three times March's (1).
    expect(height(january ?? 0) / height(march ?? 0)).toBeCloseTo(3, 5);
  });

  it('filters on the clicked segment’s month and series', async () => {
    const { user, onFilter } = setup('accounthistory', history);
    const figure = figureNamed(MONTHLY_CHANGES);
    // Series are drawn one after the other: Name (Jan, Mar), then Phone (Jan).
    expect(drawnBars(figure).map((bar) => bar.fill)).toEqual(['#0072b2', '#0072b2', '#e69f00']);
    await clickBar(user, figure, 2, 'document');
    expect(onFilter).toHaveBeenCalledExactlyOnceWith({
      label: 'Phone · Jan 2025',
      conditions: [
        { field: 'createddate', op: 'month', values: ['2025-01'] },
        { field: 'field', op: 'in', values: ['Phone'] },
      ],
    });
  });

  it('stacks presentations by type per month', async () => {
    const { user } = setup('manager_presentation__c', [
      presentationRow('Pitch book', '2024-11-04T09:00:00Z'),
      presentationRow('Quarterly letter', '2024-12-01T09:00:00Z'),
      presentationRow('Pitch book', '2024-12-15T09:00:00Z'),
      presentationRow('Pitch book', '2024-12-20T09:00:00Z'),
    ]);
    expect(await chartData(user, 'Documents per type per month')).toEqual([
      ['Month', 'Pitch book', 'Quarterly letter', 'Total'],
      ['Nov 2024', '1', '0', '1'],
      ['Dec 2024', '2', '1', '3'],
    ]);
  });

  it('names the bucket it draws: per quarter when months would not fit', () => {
    // Three years of presentations in the narrowest chart: 36 month bars do not fit in 320 px.
    setup(
      'manager_presentation__c',
      Array.from({ length: 36 }, (_, month) =>
        presentationRow(
          'Pitch book',
          `${String(2023 + Math.floor(month / 12))}-${String((month % 12) + 1).padStart(2, '0')}-15T09:00:00Z`,
        ),
      ),
    );
    expect(figureNamed('Documents per type per quarter')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: /per month/ })).not.toBeInTheDocument();
  });

  it('labels every few months, at least 64 px apart on the plot, in short labels', () => {
    // A year of presentations in the narrowest chart (320 px; jsdom lays nothing out): its plot,
    // 240 px once the margins and the count axis are taken, has 20 px a month, so every fourth
    // month is labelled. Spaced by the chart's whole width, every third was, 60 px apart.
    setup(
      'manager_presentation__c',
      Array.from({ length: 12 }, (_, month) =>
        presentationRow('Pitch book', `2025-${String(month + 1).padStart(2, '0')}-15T09:00:00Z`),
      ),
    );
    const figure = figureNamed('Documents per type per month');
    expect(axisLabels(figure, 'x')).toEqual(['Jan ’25', 'May ’25', 'Sep ’25']);
    const xs = [
      ...figure.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ].map((label) => Number(label.getAttribute('x')));
    for (const [index, x] of xs.slice(1).entries()) {
      expect(x - (xs[index] ?? 0)).toBeGreaterThanOrEqual(64);
    }
  });

  it('counts updates by last_updated_date__c, one series per kind of change', async () => {
    const { user, onFilter } = setup('updates', [
      updateRow({
        job_change__c: true,
        role_change__c: false,
        field_name__c: 'AccountId',
        last_updated_date__c: '2025-02-10',
        createddate: '2025-01-01T00:00:00Z',
      }),
      updateRow({
        job_change__c: false,
        role_change__c: true,
        field_name__c: 'Title',
        last_updated_date__c: '2025-02-11',
        createddate: '2025-01-01T00:00:00Z',
      }),
      updateRow({
        job_change__c: false,
        role_change__c: false,
        field_name__c: 'Email',
        last_updated_date__c: '2025-03-01',
        createddate: '2025-01-01T00:00:00Z',
      }),
    ]);
    const title = 'Job changes, role changes and field changes per month';
    expect(await chartData(user, title)).toEqual([
      ['Month', 'Field change', 'Job change', 'Role change', 'Total'],
      ['Feb 2025', '0', '1', '1', '2'],
      ['Mar 2025', '1', '0', '0', '1'],
    ]);
    await clickBar(user, figureNamed(title), 0, 'document');
    expect(onFilter).toHaveBeenCalledExactlyOnceWith({
      label: 'Field change · Mar 2025',
      conditions: [
        { field: 'last_updated_date__c', op: 'month', values: ['2025-03'] },
        { field: 'job_change__c', op: 'notIn', values: ['true'] },
        { field: 'role_change__c', op: 'notIn', values: ['true'] },
        { field: 'field_name__c', op: 'notIn', values: [''] },
      ],
    });
  });

  it('counts updates by createddate when last_updated_date__c is not returned', async () => {
    const { user } = setup('updates', [
      updateRow({
        job_change__c: true,
        role_change__c: false,
        field_name__c: 'AccountId',
        createddate: '2025-04-02T08:00:00Z',
      }),
      updateRow({
        job_change__c: false,
        role_change__c: false,
        field_name__c: 'Phone',
        createddate: '2025-05-02T08:00:00Z',
      }),
    ]);
    const title = 'Job changes, role changes and field changes per month';
    expect(screen.getByText(/Counted by createddate, per month\./)).toBeVisible();
    expect(await chartData(user, title)).toEqual([
      ['Month', 'Field change', 'Job change', 'Total'],
      ['Apr 2025', '0', '1', '1'],
      ['May 2025', '1', '0', '1'],
    ]);
  });
});

describe('ModuleChart: missing fields', () => {
  it.each<[ModuleChartId, ServiceRecord[], string]>([
    ['accounthistory', [{ field: 'Name' }], 'This chart needs createddate: add it'],
    ['manager_presentation__c', [{ name: 'Deck' }], 'needs type__c and createddate: add them'],
    ['investment_holdings', [{ asset_class__c: 'Equity' }], 'needs fund_balance__c: add it'],
    ['metro_area__c', [{ name: 'Lyon' }], 'needs country__c: add it'],
    [
      'updates',
      [{ createddate: '2025-01-01' }],
      'needs job_change__c, role_change__c, field_name__c and last_updated_date__c: add them',
    ],
  ])('%s: names the fields to add instead of a chart', (module, rows, message) => {
    setup(module, rows, Object.keys(rows[0] ?? {}));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('says the service left out a field the query asked for, and never to add it', () => {
    setup('metro_area__c', [{ name: 'Lyon' }], ['name', 'country__c']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The service did not return country__c although the query asked for it.',
    );
    expect(alert).not.toHaveTextContent(/add/i);
  });

  it('counts a default field as asked for when the query names no fields', () => {
    setup('manager_presentation__c', [{ name: 'Deck' }]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The service did not return type__c and createddate although the query asked for them (the module’s default fields).',
    );
  });
});
