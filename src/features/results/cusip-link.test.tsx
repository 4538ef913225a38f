import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';

const records = [
  { nameofissuer: 'APPLE INC', cusip: '037833100', periodofreport: '2025-03-31' },
  { nameofissuer: 'A BAD CODE', cusip: '=HYPERLINK', periodofreport: '2025-03-31' },
];

withTableLayout();
afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

function setup() {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({
    '/index.php/api/service': () => jsonResponse(200, { records, next_offset: -1 }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  const body = {
    module: '13f_holdings',
    filters: { fields: ['nameofissuer', 'cusip', 'periodofreport'], max_num: '2' },
  };
  return renderInRouter(() => <ResultsPanel module="13f_holdings" body={body} count={undefined} />);
}

describe('a 13F result’s CUSIP cell', () => {
  it('opens the security across managers at the row’s quarter, not the row’s details', async () => {
    const { user, router } = setup();
    const table = await screen.findByRole('grid', { name: 'Results' });
    const link = within(table).getByRole('link', { name: '037833100' });
    expect(link).toHaveAttribute('href', '/security?v=1&cusip=037833100&period=2025-03-31');
    // Text that is no CUSIP stays text.
    expect(within(table).queryByRole('link', { name: /HYPERLINK/ })).toBeNull();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/security');
    expect(screen.queryByRole('dialog', { name: 'Row details' })).toBeNull();
  });
});
