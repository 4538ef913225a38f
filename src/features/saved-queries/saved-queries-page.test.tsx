import { MAX_FOLLOWS } from '../../lib/follows/follows-store.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModuleId } from '#contract/catalog';
import { renderInRouter } from '../../../testing/render.tsx';
import { exportQueries } from './saved-queries-file.ts';
import type { SavedQuery } from './saved-queries.ts';
import { savedQueriesKey } from './saved-queries-store.ts';
import { session } from '../../lib/api/services.ts';
import { follows } from '../../lib/follows/use-follows.ts';
import { decodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { SavedQueriesPage } from './saved-queries-page.tsx';

const KEY = savedQueriesKey('analyst');

function linkState(module: ModuleId = 'updates', maxNum = '25'): WorkspaceLink {
  const filter = [
    { role_change__c: { $equals: true } },
    { $or: [{ a: { $equals: 1 } }, { b: { $equals: 2 } }] },
  ];
  return { v: 1, module, body: { module, filters: { filter, max_num: maxNum } } };
}

function savedQuery(overrides: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: 'q1',
    name: 'Role changes',
    savedAt: '2025-03-04T10:00:00.000Z',
    state: linkState(),
    ...overrides,
  };
}

/** What the store holds for the analyst, as saved-query names. */
function storedNames(): string[] {
  const stored = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as SavedQuery[];
  return stored.map((query) => query.name);
}

/** Renders the page at /saved in a router of its own, the analyst signed in with `stored`. */
function setup(stored: SavedQuery[] | string = []) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  window.localStorage.setItem(KEY, typeof stored === 'string' ? stored : JSON.stringify(stored));
  const view = renderInRouter(SavedQueriesPage, '/saved');
  const table = () => screen.findByRole('table', { name: 'Saved queries' });
  const row = async (name: string) => {
    const cell = await within(await table()).findByText(name);
    const found = cell.closest('tr');
    if (!found) throw new Error(`no row for ${name}`);
    return within(found);
  };
  const upload = async (text: string, fileName = 'saved.json') => {
    const input = await screen.findByLabelText('Saved queries and follows file to import');
    await view.user.upload(input, new File([text], fileName, { type: 'application/json' }));
    return screen.findByRole('status', { name: `Import of ${fileName}` });
  };
  return { ...view, table, row, upload };
}

/** The files the page saves: their names and the last one's text (jsdom cannot save a blob). */
function captureDownloads() {
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blob = object as Blob;
    return 'blob:saved-queries';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const names: string[] = [];
  // The click is where a browser would save the file.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function save(
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, text: async () => (await blob?.text()) ?? '' };
}

afterEach(() => {
  vi.restoreAllMocks();
  session.signOut();
  window.localStorage.clear();
});

describe('SavedQueriesPage', () => {
  it('explains how to save a query when there is none, with nothing to export', async () => {
    setup();
    expect(await screen.findByText(/No saved queries yet\. Open a module/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export queries and follows' })).toBeDisabled();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each query with its module, date and summary, and opens it at its link', async () => {
    const { row } = setup([savedQuery()]);
    const listed = await row('Role changes');
    expect(listed.getByText('Contact updates')).toBeVisible();
    expect(listed.getByText('3 conditions · up to 25 rows')).toBeVisible();
    expect(listed.getByText(/Mar 4, 2025/)).toHaveAttribute('datetime', '2025-03-04T10:00:00.000Z');
    const href = listed.getByRole('link', { name: 'Open' }).getAttribute('href') ?? '';
    const [path, fragment = ''] = href.split('#');
    expect(path).toBe('/q/updates');
    expect(decodeWorkspaceLink(fragment)).toEqual({
      kind: 'link',
      state: linkState(),
      migrated: false,
    });
  });

  it('renames in place, refusing an empty or taken name inline', async () => {
    const other = savedQuery({ id: 'q2', name: 'Big ones', state: linkState('updates', '9') });
    const { user, row } = setup([savedQuery(), other]);
    await user.click((await row('Role changes')).getByRole('button', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'New name for “Role changes”' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('A name is needed.');
    await user.type(field, 'big ones');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription(
      'A saved Contact updates query is already called "Big ones".',
    );
    await user.clear(field);
    await user.type(field, 'Promotions{Enter}');
    expect(await row('Promotions')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(storedNames()).toEqual(['Promotions', 'Big ones']);
  });

  it('deletes a query, and Undo puts it back in its place', async () => {
    const other = savedQuery({ id: 'q2', name: 'Big ones', state: linkState('updates', '9') });
    const { user, row, table } = setup([savedQuery(), other]);
    await user.click((await row('Role changes')).getByRole('button', { name: 'Delete' }));
    expect(within(await table()).queryByText('Role changes')).toBeNull();
    expect(storedNames()).toEqual(['Big ones']);
    expect(screen.getByText('Deleted “Role changes”.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await row('Role changes')).toBeTruthy();
    expect(storedNames()).toEqual(['Role changes', 'Big ones']);
  });

  it('exports every query to a dated JSON file', async () => {
    const { names, text } = captureDownloads();
    const { user } = setup([savedQuery()]);
    await user.click(await screen.findByRole('button', { name: 'Export queries and follows' }));
    expect(names).toEqual([
      expect.stringMatching(/^saved-queries-and-follows-\d{4}-\d{2}-\d{2}\.json$/),
    ]);
    const file = JSON.parse(await text()) as Record<string, unknown>;
    expect(file).toMatchObject({
      format: 'marketplace-saved-queries',
      version: 1,
      queries: [savedQuery()],
    });
  });

  it('imports a file and reports what was added, skipped, renamed and refused', async () => {
    const { upload, row } = setup([savedQuery()]);
    const text = exportQueries([
      savedQuery({ id: 'dup', name: 'Same content' }),
      savedQuery({ id: 'new', name: 'Role changes', state: linkState('updates', '3') }),
      { ...savedQuery({ id: 'bad' }), savedAt: 'yesterday' },
    ]);
    const report = await upload(text);
    expect(report).toHaveTextContent('1 query added');
    expect(report).toHaveTextContent('1 duplicate skipped');
    expect(report).toHaveTextContent('Renamed “Role changes” to “Role changes (2)”');
    expect(report).toHaveTextContent(
      'Query 3 in the file was not imported: savedAt: savedAt must be an ISO date-time',
    );
    expect((await row('Role changes (2)')).getByText('3 conditions · up to 3 rows')).toBeVisible();
    expect(storedNames()).toEqual(['Role changes', 'Role changes (2)']);
  });

  it('exports the follows with the queries, and an import adds those not yet followed', async () => {
    const download = captureDownloads();
    const { user, upload } = setup();
    const berkshire = { kind: 'filer', key: 'BERKSHIRE HATHAWAY INC', label: 'Berkshire' } as const;
    const apple = { kind: 'security', key: '037833100', label: 'APPLE INC' } as const;
    follows.toggle(berkshire);
    follows.toggle(apple);
    // Follows alone are worth exporting: the button is on with no saved query.
    await user.click(await screen.findByRole('button', { name: 'Export queries and follows' }));
    const text = await download.text();
    expect((JSON.parse(text) as { follows: unknown[] }).follows).toHaveLength(2);
    follows.toggle(apple);
    const report = await upload(text);
    expect(report).toHaveTextContent('1 follow added (1 was followed already)');
    expect(follows.isFollowed('security', '037833100')).toBe(true);
    expect(follows.isFollowed('filer', 'BERKSHIRE HATHAWAY INC')).toBe(true);
  });

  it('says how many follows a full list could not take', async () => {
    const download = captureDownloads();
    const { user, upload } = setup();
    for (let at = 0; at < MAX_FOLLOWS; at += 1) {
      follows.toggle({ kind: 'security', key: `C${String(at)}`, label: `C${String(at)}` });
    }
    await user.click(await screen.findByRole('button', { name: 'Export queries and follows' }));
    const file = JSON.parse(await download.text()) as { follows: { key: string }[] };
    file.follows.push(...['X1', 'X2'].map((key) => ({ ...file.follows[0], key, label: key })));
    const report = await upload(JSON.stringify(file));
    expect(report).toHaveTextContent(
      `0 follows added (${String(MAX_FOLLOWS)} were followed already)`,
    );
    expect(report).toHaveTextContent(
      '2 follows were not imported: the list holds at most 500. Stop following some',
    );
  });

  it('imports nothing from a file that is not JSON, and says so', async () => {
    const { upload } = setup([savedQuery()]);
    const report = await upload('hello, world', 'notes.txt');
    expect(report).toHaveTextContent('This file is not JSON, so nothing was imported.');
    expect(report).toHaveTextContent('0 queries added');
    expect(storedNames()).toEqual(['Role changes']);
  });

  it('says when stored queries could not be read', async () => {
    setup('{damaged');
    expect(await screen.findByText('Saved queries could not be read')).toBeVisible();
  });
});
