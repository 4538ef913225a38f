import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, cond, setupBuilder } from '../../../testing/builder-harness.tsx';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { session } from '../../lib/api/services.ts';

const FILERS = ['APPALOOSA LP', 'BERKSHIRE HATHAWAY INC', 'BRIDGEWATER ASSOCIATES, LP'];

/** The service answering the filer list: each filer on several rows, as 13F rows are. */
function setup(
  start: Record<string, unknown>,
  records: readonly Record<string, unknown>[] = FILERS.flatMap((companyname) => [
    { companyname },
    { companyname },
  ]),
) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const service = fakeFetch({
    '/index.php/api/service': () => jsonResponse(200, { records, next_offset: -1 }),
  });
  vi.stubGlobal('fetch', service.fetch);
  return { ...setupBuilder(start), service };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('pick-lists', () => {
  it('offers the filers the service holds, narrows as one types, and sends the one chosen', async () => {
    const view = setup(bodyOf('13f_holdings', [cond('companyname', '$equals', '')]));
    const filer = within(view.row(1)).getByRole('combobox', { name: 'Filer value' });
    await waitFor(() => {
      expect(filer).toHaveAttribute('placeholder', '3 values: type to narrow');
    });
    // Asked once, for the field alone and sorted by it: no filter, so every filer is seen.
    const asked = JSON.parse(view.service.calls[0]?.body ?? '{}') as Record<string, unknown>;
    expect(asked).toMatchObject({
      module: '13f_holdings',
      filters: { fields: ['companyname'], order_by: 'companyname:ASC' },
    });
    await view.user.click(filer);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(FILERS);
    await view.user.type(filer, 'bri');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'BRIDGEWATER ASSOCIATES, LP',
    ]);
    await view.user.click(screen.getByRole('option', { name: 'BRIDGEWATER ASSOCIATES, LP' }));
    expect(view.sentFilter()).toEqual([
      cond('companyname', '$equals', 'BRIDGEWATER ASSOCIATES, LP'),
    ]);
  });

  it('still takes a value that is not in the list', async () => {
    const view = setup(bodyOf('13f_holdings', [cond('companyname', '$equals', '')]));
    const filer = within(view.row(1)).getByRole('combobox', { name: 'Filer value' });
    await view.user.type(filer, 'NOT A FILER YET');
    expect(view.sentFilter()).toEqual([cond('companyname', '$equals', 'NOT A FILER YET')]);
  });

  it('offers the five statuses from the catalog, asking the service nothing', async () => {
    const view = setup(bodyOf('13f_holdings', [cond('status', '$equals', '')]));
    await view.user.click(within(view.row(1)).getByRole('combobox', { name: 'Status value' }));
    await waitFor(() => {
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'NEW',
        'ADDED',
        'REDUCED',
        'UNCHANGED',
        'SOLD OUT',
      ]);
    });
    expect(view.service.calls).toHaveLength(0);
  });

  it('offers the periods the service holds, the latest first, and sends the day picked', async () => {
    // Three periods, out of order, as the service's rows may hold them.
    const periods = ['2024-12-31', '2025-03-31', '2024-09-30'];
    const view = setup(
      bodyOf('13f_holdings', [cond('periodofreport', '$equals', '')]),
      periods.map((periodofreport) => ({ periodofreport })),
    );
    const period = within(view.row(1)).getByRole('combobox', { name: 'Period of report value' });
    await waitFor(() => {
      expect(period).toHaveAttribute('placeholder', '3 days (YYYY-MM-DD): type to narrow');
    });
    await view.user.click(period);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '2025-03-31',
      '2024-12-31',
      '2024-09-30',
    ]);
    await view.user.click(screen.getByRole('option', { name: '2024-12-31' }));
    expect(view.sentFilter()).toEqual([cond('periodofreport', '$equals', '2024-12-31')]);
  });
});
