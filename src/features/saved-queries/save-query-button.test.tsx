import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { SavedQuery } from './saved-queries.ts';
import { savedQueriesKey } from './saved-queries-store.ts';
import { session } from '../../lib/api/services.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { SaveQueryButton } from './save-query-button.tsx';

const KEY = savedQueriesKey('analyst');
const ACCESS_TOKEN = 'access-token-7f3a';
const REFRESH_TOKEN = 'refresh-token-91bc';

function linkState(maxNum = '10'): WorkspaceLink {
  return { v: 1, module: 'updates', body: { module: 'updates', filters: { max_num: maxNum } } };
}

function stored(): SavedQuery[] {
  return JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as SavedQuery[];
}

/** The button for `state`, the analyst signed in with real-looking tokens, `existing` saved. */
function setup(
  state = linkState(),
  existing: SavedQuery[] = [],
  suggestedName = 'Contact updates query',
) {
  session.signIn(
    { access_token: ACCESS_TOKEN, refresh_token: REFRESH_TOKEN, expires_in: 3600 },
    'analyst',
  );
  if (existing.length > 0) window.localStorage.setItem(KEY, JSON.stringify(existing));
  const view = renderWithProviders(<SaveQueryButton state={state} suggestedName={suggestedName} />);
  const openDialog = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Save query' }));
    return within(await screen.findByRole('dialog', { name: 'Save query' }));
  };
  return { ...view, openDialog };
}

afterEach(() => {
  session.signOut();
  window.localStorage.clear();
});

describe('SaveQueryButton', () => {
  it('saves the query under the suggested name, says so, and stores no credential', async () => {
    const { user, openDialog } = setup();
    const dialog = await openDialog();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Contact updates query');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Saved as “Contact updates query”');
    expect(stored()).toMatchObject([{ name: 'Contact updates query', state: linkState() }]);
    const everything = Object.keys(window.localStorage)
      .map((key) => `${key}=${window.localStorage.getItem(key) ?? ''}`)
      .join('\n');
    expect(everything).not.toContain(ACCESS_TOKEN);
    expect(everything).not.toContain(REFRESH_TOKEN);
  });

  it('refuses an empty name on the field', async () => {
    const { user, openDialog } = setup();
    const dialog = await openDialog();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('A name is needed.');
    expect(stored()).toEqual([]);
  });

  const existing: SavedQuery = {
    id: 'old',
    name: 'Contact updates query',
    savedAt: '2025-01-01T00:00:00.000Z',
    state: linkState('99'),
  };

  it('on a name clash, keeps both as "Name (2)" when asked', async () => {
    const { user, openDialog } = setup(linkState(), [existing]);
    const dialog = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      dialog.getByText('A saved Contact updates query is already called "Contact updates query".'),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Keep both' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeVisible();
    expect(stored().map((query) => query.name)).toEqual([
      'Contact updates query',
      'Contact updates query (2)',
    ]);
  });

  it('on a name clash, replaces the old query when asked', async () => {
    const { user, openDialog } = setup(linkState(), [existing]);
    const dialog = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await user.click(dialog.getByRole('button', { name: 'Replace it' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeVisible();
    expect(stored()).toMatchObject([{ name: 'Contact updates query', state: linkState() }]);
  });

  it('refuses a state carrying a credential-named key, and keeps nothing', async () => {
    const leaky = { ...linkState(), body: { module: 'updates', access_token: ACCESS_TOKEN } };
    const { user, openDialog } = setup(leaky);
    const dialog = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'This query cannot be saved: state: a link must never carry a credential.',
    );
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("suggests a long query's words cut at a whole word, with an ellipsis", async () => {
    const words =
      'Contact updates where Account is one of Alder Creek Capital, Birch Hill Partners, ' +
      'Cedar Point Advisors and Type is Job change, newest first, 500 rows';
    const { openDialog } = setup(linkState(), [], words);
    const dialog = await openDialog();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue(
      'Contact updates where Account is one of Alder Creek Capital, Birch Hill Partners, Cedar Point…',
    );
  });
});
