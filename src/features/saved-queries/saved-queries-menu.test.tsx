import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../testing/render.tsx';
import type { SavedQuery } from './saved-queries.ts';
import { savedQueriesKey } from './saved-queries-store.ts';
import { session } from '../../lib/api/services.ts';
import { decodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import type { ModuleId } from '#contract/catalog';
import { SavedQueriesMenu } from './saved-queries-menu.tsx';

function savedQuery(id: string, module: ModuleId, name: string, savedAt: string): SavedQuery {
  const body = { module, filters: { max_num: '10' } };
  return { id, name, savedAt, state: { v: 1, module, body } };
}

function setup(saved: SavedQuery[]) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  window.localStorage.setItem(savedQueriesKey('analyst'), JSON.stringify(saved));
  return renderInRouter(() => <SavedQueriesMenu module="updates" />);
}

afterEach(() => {
  session.signOut();
  window.localStorage.clear();
});

describe('SavedQueriesMenu', () => {
  it("lists this module's saved queries, newest first, each a link that opens it", async () => {
    const { user } = setup([
      savedQuery('a', 'updates', 'Older updates', '2025-01-01T00:00:00.000Z'),
      savedQuery('b', 'metro_area__c', 'A metro query', '2025-03-01T00:00:00.000Z'),
      savedQuery('c', 'updates', 'Newer updates', '2025-02-01T00:00:00.000Z'),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Saved queries (2)' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Newer updatesNo conditions · up to 10 rows',
      'Older updatesNo conditions · up to 10 rows',
      'Manage saved queries…',
    ]);
    const href = items[0]?.getAttribute('href') ?? '';
    expect(href.startsWith('/q/updates#s=')).toBe(true);
    const opened = decodeWorkspaceLink(href.slice(href.indexOf('#')));
    expect(opened.kind === 'link' && opened.state.body).toEqual({
      module: 'updates',
      filters: { max_num: '10' },
    });
    expect(items[2]).toHaveAttribute('href', '/saved');
  });

  it('says when the module has none saved', async () => {
    const { user } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Saved queries (0)' }));
    expect(await screen.findByText('None saved for this module yet.')).toBeInTheDocument();
  });
});
