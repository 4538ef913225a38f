import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, modulesService } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';

const QUERY = '/index.php/api/service';
const NAMED = '0015g00000Jo75aAAB';
const UNNAMED = '0015g00000Zz99zAAZ';
const holdings = [
  { name: 'IH-1', account__c: NAMED },
  { name: 'IH-2', account__c: UNNAMED },
];
const history = [
  { accountid: NAMED, field: 'Name', newvalue: 'Baupost Group', createddate: '2025-01-02' },
];

/** Investment holdings of two accounts, one named in history; `names` answers the lookup. */
function setup(names: FakeAnswer = modulesService({ accounthistory: history })) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const rows = modulesService({ investment_holdings: holdings });
  const fake = fakeFetch({
    [QUERY]: (call) => (call.body.includes('"investment_holdings"') ? rows(call) : names(call)),
  });
  vi.stubGlobal('fetch', fake.fetch);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/csv');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const body = {
    module: 'investment_holdings',
    filters: { fields: ['name', 'account__c'], max_num: '2' },
  };
  return renderInRouter(() => <ResultsPanel module="investment_holdings" body={body} count={2} />);
}

withTableLayout();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('account names leaving the table', () => {
  it('are copied in a column right after the account ID, empty where none is on record', async () => {
    const { user } = setup();
    await screen.findByText('Baupost Group');
    await user.click(screen.getByRole('button', { name: 'Copy table' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect((await navigator.clipboard.readText()).split('\r\n')).toEqual([
      'Holding\tAccount ID\tAccount name',
      `IH-1\t${NAMED}\tBaupost Group`,
      `IH-2\t${UNNAMED}\t`,
      '',
    ]);
  });

  it('are left out of a file, which says so, when the lookup fails', async () => {
    const { user } = setup(() => jsonResponse(500, { error: 'down' }));
    await screen.findByRole('grid', { name: 'Results' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'The 2 rows loaded' }));
    await waitFor(() => {
      expect(screen.getByText(/^Saved 2 rows to /)).toHaveTextContent(
        /\.csv, without account names: they could not be looked up$/,
      );
    });
  });
});
