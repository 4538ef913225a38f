import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  choose,
  cond,
  listboxOf,
  setupBuilder,
} from '../../../testing/builder-harness.tsx';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { session } from '../../lib/api/services.ts';

const PERIODS = ['2025-06-30', '2025-09-30', '2025-12-31'];

/** The service answering the period pick-list, as for the single-value editor. */
function withPeriods(start: Record<string, unknown>, options: { upstream?: boolean } = {}) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const records = PERIODS.map((periodofreport) => ({ periodofreport }));
  const service = fakeFetch({
    '/index.php/api/service': () => jsonResponse(200, { records, next_offset: -1 }),
  });
  vi.stubGlobal('fetch', service.fetch);
  return setupBuilder(start, options);
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

const periodsIn = (values: unknown[]) =>
  bodyOf('13f_holdings', [cond('periodofreport', '$in', values)]);

describe('"is one of" ($in)', () => {
  it('is offered as the dashboard extension it is, and starts with no values', async () => {
    const view = withPeriods(bodyOf('13f_holdings', [cond('periodofreport', '$equals', '')]));
    const row = view.row(1);
    await view.user.click(within(row).getByRole('combobox', { name: 'Operator' }));
    const listbox = await listboxOf(row, 'Operator');
    expect(
      within(listbox).getByRole('option', { name: 'is one of (dashboard extension)' }),
    ).toBeVisible();
    await choose(view, row, 'Operator', 'is one of (dashboard extension)');
    expect(within(row).getByRole('combobox', { name: 'Operator' })).toHaveValue('is one of');
    expect(within(row).getByText('Dashboard extension')).toBeVisible();
    expect(view.sentFilter()).toEqual([cond('periodofreport', '$in', [])]);
    expect(view.blockingItems()).toEqual(['Condition 1: Enter one or more values']);
    // The row asks only once the analyst has moved on without entering any.
    const input = within(row).getByRole('combobox', { name: 'Period of report value' });
    expect(input).not.toHaveAccessibleDescription(/Enter one or more values/);
    await view.user.click(input);
    await view.user.tab();
    expect(input).toHaveAccessibleDescription('Enter one or more values');
  });

  it('offers the known periods, the latest first, and sends those picked and typed', async () => {
    const view = withPeriods(periodsIn([]));
    const input = within(view.row(1)).getByRole('combobox', { name: 'Period of report value' });
    await view.user.click(input);
    await waitFor(() => {
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '2025-12-31',
        '2025-09-30',
        '2025-06-30',
      ]);
    });
    await view.user.click(screen.getByRole('option', { name: '2025-09-30' }));
    // A picked value leaves the options; a value the list does not hold may still be typed.
    expect(screen.queryByRole('option', { name: '2025-09-30' })).toBeNull();
    await view.user.type(input, '2024-12-31{Enter}');
    expect(view.sentFilter()).toEqual([
      cond('periodofreport', '$in', ['2025-09-30', '2024-12-31']),
    ]);
    expect(view.summary()).toBe(
      '13F holdings where Period of report is one of Sep 30, 2025, Dec 31, 2024',
    );
  });

  it('splits days typed with commas, but not a filer name that holds one', async () => {
    const view = setupBuilder(
      bodyOf('13f_holdings', [cond('periodofreport', '$in', []), cond('companyname', '$in', [])]),
    );
    const periods = within(view.row(1)).getByRole('combobox', { name: 'Period of report value' });
    await view.user.type(periods, '2025-09-30,2025-12-31,');
    const filers = within(view.row(2)).getByRole('combobox', { name: 'Filer value' });
    await view.user.type(filers, 'BRIDGEWATER ASSOCIATES, LP{Enter}');
    expect(view.sentFilter()).toEqual([
      cond('periodofreport', '$in', ['2025-09-30', '2025-12-31']),
      cond('companyname', '$in', ['BRIDGEWATER ASSOCIATES, LP']),
    ]);
  });

  it('removes a value by its named button, keeping the others as they arrived', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('value', '$in', [1000, '2500'])]));
    const row = view.row(1);
    await view.user.click(within(row).getByRole('button', { name: 'Remove 1000' }));
    expect(view.sentFilter()).toEqual([cond('value', '$in', ['2500'])]);
    await view.user.type(
      within(row).getByRole('combobox', { name: 'Value (USD) value' }),
      '7{Enter}',
    );
    expect(view.sentFilter()).toEqual([cond('value', '$in', ['2500', '7'])]);
  });

  it('names a value the field cannot read, by its place in the list', () => {
    const view = setupBuilder(periodsIn(['2025-09-30', '2025-09-31']));
    expect(view.blockingItems()).toEqual([
      'Condition 1: Value 2: "2025-09-31" is not a date (use YYYY-MM-DD, YYYY-MM-DD hh:mm:ss or ISO 8601 with an offset)',
    ]);
    expect(
      within(view.row(1)).getByRole('combobox', { name: 'Period of report value' }),
    ).toHaveAccessibleDescription(/Value 2: "2025-09-31" is not a date/);
  });

  it('against the vendor is not offered, and a pasted $in is kept but marked', async () => {
    const view = withPeriods(
      bodyOf('13f_holdings', [
        cond('periodofreport', '$equals', '2025-09-30'),
        cond('periodofreport', '$in', ['2025-09-30']),
      ]),
      { upstream: true },
    );
    await view.user.click(within(view.row(1)).getByRole('combobox', { name: 'Operator' }));
    const offered = within(await listboxOf(view.row(1), 'Operator')).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).not.toContain(
      'is one of (dashboard extension)',
    );
    expect(offered.map((option) => option.textContent)).toContain('equals');
    const marked = within(view.row(2)).getByRole('combobox', { name: 'Operator' });
    expect(marked).toHaveValue('is one of');
    expect(marked).toHaveAccessibleDescription("The vendor's service does not offer it");
    expect(view.sentFilter()).toEqual([
      cond('periodofreport', '$equals', '2025-09-30'),
      cond('periodofreport', '$in', ['2025-09-30']),
    ]);
  });
});
