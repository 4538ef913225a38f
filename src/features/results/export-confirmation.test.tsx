import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';

const QUERY = '/index.php/api/service';
const records = [
  { name: 'Beta deck', createddate: '2025-01-02T10:00:00Z' },
  { name: 'Alpha letter', createddate: '2025-03-04T10:00:00Z' },
];

/** A two-row result, its downloads caught (no file is written), the analyst at the keyboard. */
function setup() {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: () => jsonResponse(200, { records, next_offset: -1 }) });
  vi.stubGlobal('fetch', fake.fetch);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/csv');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
    // The download is the browser's; the test only sees that it was asked for.
  });
  const body = {
    module: 'manager_presentation__c',
    filters: { fields: ['name', 'createddate'], max_num: '2' },
  };
  const rendered = renderWithProviders(
    <ResultsPanel module="manager_presentation__c" body={body} count={2} />,
  );
  return { ...rendered, clicked };
}

withTableLayout();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('an export', () => {
  it('closes the Export menu and says what it saved, under which name', async () => {
    const { user, clicked } = setup();
    await screen.findByRole('grid', { name: 'Results' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    // Picking a form keeps the menu open: the analyst still has to say which rows.
    await user.click(await screen.findByRole('menuitemradio', { name: /values as sent/ }));
    expect(screen.getByRole('menu')).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'The 2 rows loaded' }));
    await waitFor(() => {
      expect(screen.queryByRole('menu')).toBeNull();
    });
    expect(clicked).toHaveBeenCalledTimes(1);
    const saved = await screen.findByText(/^Saved 2 rows to /);
    expect(saved).toHaveTextContent(
      /^Saved 2 rows to manager_presentation__c-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/,
    );
    expect(saved).toHaveAttribute('role', 'status');
  });
});
