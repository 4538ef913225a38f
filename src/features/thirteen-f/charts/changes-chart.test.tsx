import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import {
  axisLabels,
  barsTopDown,
  chartData,
  clickBar,
  figureNamed,
  tableTexts,
} from '../../../../testing/chart-dom.ts';
import { cusipOf } from '../../../../testing/chart-rows.ts';
import {
  current,
  FILER,
  PREVIOUS_HOLDINGS,
  previous,
  QUARTER,
  renderThirteenFCharts,
} from '../../../../testing/thirteen-f-harness.tsx';
import { session } from '../../../lib/api/services.ts';
import { STATUS_COLORS } from './status-colors.ts';

const CHANGES = `Holdings changes — ${FILER} · Mar 31, 2025`;
const SPLIT = `Value change split — ${FILER} · Mar 31, 2025`;
const COLUMNS = [
  'Holding',
  'Status',
  'Shares before',
  'Shares after',
  'Share change',
  'Quantity effect',
  'Price effect',
  'Impact (pp)',
];

/** The charts of ACME's whole portfolio at QUARTER, on the Holdings changes tab. */
async function setup(
  table: readonly ServiceRecord[] = [...current(), ...previous()],
  filedat?: string,
) {
  const view = renderThirteenFCharts(current(filedat), table);
  await view.user.click(screen.getByRole('tab', { name: 'Holdings changes' }));
  const changes = () => figureNamed(CHANGES);
  return { ...view, changes };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('ChangesChart', () => {
  it('classifies NEW, ADDED and REDUCED from the two quarters, and draws what was sold', async () => {
    const { user, changes } = await setup();
    expect(
      await screen.findByText(
        `Classified here from Mar 31, 2025 against Dec 31, 2024 (both quarters fetched for this chart); sorted by portfolio impact within each status.`,
      ),
    ).toBeVisible();
    // ZZZ, sold out, is not in the result (it has no value left) and is drawn all the same.
    expect(changes()).toHaveAccessibleDescription(
      '1 NEW, 1 ADDED, 1 REDUCED, 1 SOLD OUT, 11 UNCHANGED (not drawn). The largest impact is ZZZ.',
    );
    // The colours are named on screen, in the order the groups are listed.
    const legend = within(screen.getByRole('region', { name: CHANGES })).getByRole('list', {
      name: 'Legend',
    });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NEW', 'ADDED', 'REDUCED', 'SOLD OUT', 'UNCHANGED']);
    expect(await chartData(user, CHANGES)).toEqual([
      COLUMNS,
      ['DDD', 'NEW', '0', '1,000,000', 'new', '$100,000,000', '$0', '10.00%'],
      ['AAA', 'ADDED', '1,500,000', '2,000,000', '+33.33%', '$40,000,000', '$40,000,000', '4.00%'],
      ['BBB', 'REDUCED', '2,000,000', '1,500,000', '-25.00%', '-$50,000,000', '$0', '5.00%'],
      ['ZZZ', 'SOLD OUT', '1,300,000', '0', '-100.00%', '-$130,000,000', '$0', '13.00%'],
    ]);
    // Diverging bars in status colours, as long as the share change; NEW reaches the axis' end.
    const bars = barsTopDown(changes());
    expect(bars.map((bar) => bar.fill)).toEqual([
      STATUS_COLORS.NEW,
      STATUS_COLORS.ADDED,
      STATUS_COLORS.REDUCED,
      STATUS_COLORS['SOLD OUT'],
    ]);
    const scale = (bars[0]?.width ?? 0) / 100;
    expect(bars.map((bar) => bar.width / scale)).toEqual([
      100,
      expect.closeTo(33.33, 2),
      expect.closeTo(-25, 5),
      expect.closeTo(-100, 5),
    ]);
  });

  it('keeps the sold-out positions with the whole portfolio, and adds the unchanged on request', async () => {
    const { user, changes } = await setup();
    await screen.findByText(/^Classified here/);
    await user.click(screen.getByRole('checkbox', { name: 'Whole portfolio' }));
    expect(changes()).toHaveAccessibleDescription(/The largest impact is ZZZ\.$/);
    const rows = await chartData(user, CHANGES);
    expect(rows.at(-1)).toEqual([
      'ZZZ',
      'SOLD OUT',
      '1,300,000',
      '0',
      '-100.00%',
      '-$130,000,000',
      '$0',
      '13.00%',
    ]);
    const bars = barsTopDown(changes());
    expect(bars.at(-1)?.width).toBeCloseTo(-(bars[0]?.width ?? 0), 5);
    await user.click(screen.getByRole('checkbox', { name: 'Unchanged' }));
    const all = tableTexts(screen.getByRole('table', { name: `${CHANGES}: data` }));
    expect(all.slice(1).map((row) => row[1])).toEqual([
      'NEW',
      'ADDED',
      'REDUCED',
      'SOLD OUT',
      ...Array<string>(11).fill('UNCHANGED'),
    ]);
  });

  it('counts what it draws: a top-N result leaves out buys beyond it until Whole portfolio', async () => {
    // The result is the two largest positions, AAA (ADDED) and BBB (REDUCED); DDD was bought new
    // outside it and ZZZ sold. The portfolio and the quarter before are fetched whole.
    const largest = current().filter((row) => row.ticker === 'AAA' || row.ticker === 'BBB');
    const view = renderThirteenFCharts(largest, [...current(), ...previous()]);
    await view.user.click(screen.getByRole('tab', { name: 'Holdings changes' }));
    await screen.findByText(/^Classified here/);
    const changes = () => figureNamed(CHANGES);
    // The chart's data table, opened once and then read as the chart changes.
    const drawn = async () => {
      const shown = screen.queryByRole('table', { name: `${CHANGES}: data` });
      const rows = shown ? tableTexts(shown) : await chartData(view.user, CHANGES);
      return rows.slice(1).map((row) => `${row[0] ?? ''} ${row[1] ?? ''}`);
    };
    // What was sold is drawn from outside the result; the NEW DDD is neither drawn nor counted.
    expect(await drawn()).toEqual(['AAA ADDED', 'BBB REDUCED', 'ZZZ SOLD OUT']);
    expect(changes()).toHaveAccessibleDescription(
      '0 NEW, 1 ADDED, 1 REDUCED, 1 SOLD OUT, 0 UNCHANGED. The largest impact is ZZZ.',
    );
    await view.user.click(screen.getByRole('checkbox', { name: 'Whole portfolio' }));
    expect(await drawn()).toEqual(['DDD NEW', 'AAA ADDED', 'BBB REDUCED', 'ZZZ SOLD OUT']);
    expect(changes()).toHaveAccessibleDescription(
      '1 NEW, 1 ADDED, 1 REDUCED, 1 SOLD OUT, 11 UNCHANGED (not drawn). The largest impact is ZZZ.',
    );
  });

  it('splits each change in value into what trading did and what the price did', async () => {
    const { user } = await setup();
    const split = await screen.findByRole('figure', { name: SPLIT });
    expect(split).toHaveAccessibleDescription(
      'Across these 4 positions, trading moved -$40,000,000 and prices $40,000,000.',
    );
    expect(within(split).getByText('Quantity effect')).toBeVisible();
    expect(within(split).getByText('Price effect')).toBeVisible();
    expect(await chartData(user, SPLIT)).toEqual([
      ['Holding', 'Quantity effect (USD)', 'Price effect (USD)', 'Value change (USD)'],
      ['DDD', '$100,000,000', '$0', '$100,000,000'],
      ['AAA', '$40,000,000', '$40,000,000', '$80,000,000'],
      ['BBB', '-$50,000,000', '$0', '-$50,000,000'],
      ['ZZZ', '-$130,000,000', '$0', '-$130,000,000'],
    ]);
    // One row of segments per holding; AAA's two effects are equal: two segments of one length.
    const bars = barsTopDown(split);
    const rows = [...new Set(bars.map((bar) => Math.round(bar.y)))];
    expect(rows).toHaveLength(4);
    const aaa = bars.filter((bar) => Math.round(bar.y) === rows[1]);
    expect(aaa).toHaveLength(2);
    expect(aaa[0]?.width).toBeCloseTo(aaa[1]?.width ?? 0, 5);
  });

  it('shows the statuses as served when the previous quarter is not in the data', async () => {
    const { user, changes } = await setup(current());
    expect(
      await screen.findByText(
        `No filing for Dec 31, 2024 in the data: statuses and changes as served, without the value split.`,
      ),
    ).toBeVisible();
    expect(changes()).toHaveAccessibleDescription(
      '1 NEW, 1 ADDED, 1 REDUCED, 0 SOLD OUT, 11 UNCHANGED (not drawn). The largest impact is DDD.',
    );
    expect(await chartData(user, CHANGES)).toEqual([
      COLUMNS,
      ['DDD', 'NEW', '0', '1,000,000', 'new', '—', '—', '10.00%'],
      ['AAA', 'ADDED', '—', '2,000,000', '+33.33%', '—', '—', '6.67%'],
      ['BBB', 'REDUCED', '—', '1,500,000', '-25.00%', '—', '—', '3.75%'],
    ]);
    expect(screen.queryByRole('figure', { name: SPLIT })).toBeNull();
  });

  it('marks ⚠ only the position whose implied price jumped, not every bar of a late filing', async () => {
    const split = PREVIOUS_HOLDINGS.map((holding) =>
      holding.ticker === 'BBB' ? { ...holding, price: 10 } : holding,
    );
    const { changes } = await setup([...current('2025-06-30'), ...previous(split)], '2025-06-30');
    await screen.findByText(/^Classified here/);
    expect(axisLabels(changes(), 'y')).toEqual(['DDD', 'AAA', '⚠ BBB', 'ZZZ']);
  });

  it('leaves a flagged position out of the largest impact and the split totals, and says so', async () => {
    // BBB's implied price goes from $10 to $100 (×10, a reverse split or a data error): its
    // 18.5-point impact would otherwise be the headline, above DDD's 10.
    const jump = PREVIOUS_HOLDINGS.map((holding) =>
      holding.ticker === 'BBB' ? { ...holding, price: 10 } : holding,
    );
    const { changes } = await setup([...current(), ...previous(jump)]);
    await screen.findByText(/^Classified here/);
    expect(changes()).toHaveAccessibleDescription(
      '1 NEW, 1 ADDED, 1 REDUCED, 1 SOLD OUT, 11 UNCHANGED (not drawn) (includes 1 flagged ⚠). Leaving out the flagged, the largest impact is ZZZ.',
    );
    expect(screen.getByRole('figure', { name: SPLIT })).toHaveAccessibleDescription(
      'Leaving out 1 flagged ⚠ position, across the other 3 trading moved $10,000,000 and prices $40,000,000.',
    );
  });

  it('filters the table on the clicked change', async () => {
    const { user, changes, onFilter } = await setup();
    await screen.findByText(/^Classified here/);
    await clickBar(user, changes(), 1);
    expect(onFilter).toHaveBeenCalledExactlyOnceWith({
      label: `AAA (ADDED) · ${FILER} · Mar 31, 2025`,
      conditions: [
        { field: 'companyname', op: 'in', values: [FILER] },
        { field: 'periodofreport', op: 'in', values: [QUARTER] },
        { field: 'cusip', op: 'in', values: [cusipOf('AAA')] },
      ],
    });
  });
});
