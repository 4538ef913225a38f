import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResultRows } from '../results/use-result-rows.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PartialChartsNotice } from './partial-charts-notice.tsx';

/** The few parts of a run's rows the notice reads; the rest is never touched. */
function resultRows(overrides: Partial<ResultRows>): ResultRows {
  return {
    rows: Array.from({ length: 1000 }, (_, i) => ({ name: `row ${String(i)}` })),
    count: 2870,
    more: true,
    allLoaded: false,
    loading: undefined,
    loadAll: vi.fn(() => Promise.resolve()),
    ...overrides,
  } as unknown as ResultRows;
}

function setup(overrides: Partial<ResultRows> = {}) {
  const results = resultRows(overrides);
  renderWithProviders(<PartialChartsNotice results={results} />);
  return { results, user: userEvent.setup() };
}

describe('PartialChartsNotice', () => {
  it('says the charts show the loaded rows of the matching ones, and charts all at a click', async () => {
    const { results, user } = setup();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The charts show 1,000 of 2,870 matching rows (the rows loaded).',
    );
    await user.click(screen.getByRole('button', { name: 'Chart all matching rows' }));
    expect(results.loadAll).toHaveBeenCalledOnce();
  });

  it('asks first past 10,000 rows, and "Not now" loads nothing', async () => {
    const { results, user } = setup({ count: 25_000 });
    await user.click(screen.getByRole('button', { name: 'Chart all matching rows' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'That is 25,000 rows: loading them may take a while.',
    );
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(results.loadAll).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Chart all matching rows' }));
    await user.click(screen.getByRole('button', { name: 'Load all 25,000' }));
    expect(results.loadAll).toHaveBeenCalledOnce();
  });

  it('shows the loading with a cancel', async () => {
    const controller = new AbortController();
    const { user } = setup({ loading: { loaded: 1500, controller } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading… 1,500 rows');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(controller.signal.aborted).toBe(true);
  });

  it('says nothing when the result is whole', () => {
    setup({ more: false });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
