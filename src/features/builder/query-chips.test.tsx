import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, cond, or, setupBuilder } from '../../../testing/builder-harness.tsx';

const FILER = cond('companyname', '$equals', 'BERKSHIRE HATHAWAY INC');
const PERIOD = cond('periodofreport', '$equals', '2025-03-31');
const TICKERS = or(cond('ticker', '$equals', 'AAPL'), cond('ticker', '$equals', 'KO'));
const UNKNOWN = { sharesheld: { $gt: '10' } };
const QUERY = bodyOf('13f_holdings', [FILER, PERIOD, TICKERS, UNKNOWN], {
  order_by: 'value:DESC',
  max_num: '25',
});

function chips() {
  const list = screen.getByRole('list', { name: 'Query conditions and options' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent.replace('✕', '').trim());
}

describe('the query collapsed to chips', () => {
  it('shows each top-level condition, group and kept-as-written row, then the options', () => {
    setupBuilder(QUERY, { collapsed: true });
    expect(chips()).toEqual([
      'Filer is BERKSHIRE HATHAWAY INC',
      'Period of report is Mar 31, 2025',
      'Any of (Ticker is AAPL or Ticker is KO)',
      'a condition the builder keeps as written',
      'Sorted by Value (USD) descending',
      '25 rows',
    ]);
  });

  it('edits a condition in place from its chip', async () => {
    const view = setupBuilder(QUERY, { collapsed: true });
    await view.user.click(
      screen.getByRole('button', { name: 'Edit condition 1: Filer is BERKSHIRE HATHAWAY INC' }),
    );
    const row = screen.getByRole('group', { name: 'Condition 1' });
    const value = within(row).getByRole('combobox', { name: 'Filer value' });
    await view.user.clear(value);
    await view.user.type(value, 'APPALOOSA LP');
    await view.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(chips()[0]).toBe('Filer is APPALOOSA LP');
    expect(view.sentFilter()).toEqual([
      cond('companyname', '$equals', 'APPALOOSA LP'),
      PERIOD,
      TICKERS,
      UNKNOWN,
    ]);
  });

  it('removes a condition with its ×, keeping the others as they were', async () => {
    const view = setupBuilder(QUERY, { collapsed: true });
    await view.user.click(
      screen.getByRole('button', { name: 'Remove condition 2: Period of report is Mar 31, 2025' }),
    );
    expect(view.sentFilter()).toEqual([FILER, TICKERS, UNKNOWN]);
    expect(chips()).toHaveLength(5);
  });

  it('opens the full builder from a group’s chip, every condition still there', async () => {
    const view = setupBuilder(QUERY, { collapsed: true });
    await view.user.click(
      screen.getByRole('button', { name: 'Any of (Ticker is AAPL or Ticker is KO)' }),
    );
    expect(view.group(3)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Condition 4, kept as written' })).toBeVisible();
    expect(view.sent()).toEqual(QUERY);
  });

  it('loses nothing when collapsed and opened again, after edits in the builder', async () => {
    const view = setupBuilder(QUERY);
    await view.user.click(view.addButton('Add condition'));
    await view.user.click(screen.getByRole('button', { name: 'Hide query' }));
    expect(chips()).toContain('a condition the builder keeps as written');
    await view.user.click(screen.getByRole('button', { name: 'Edit query' }));
    const filter = view.sentFilter() as unknown[];
    expect(filter.slice(0, 4)).toEqual([FILER, PERIOD, TICKERS, UNKNOWN]);
    expect(filter).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Condition 5' })).toBeVisible();
  });
});
