import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';
import type { TableView } from './table-state.ts';

const QUERY = '/index.php/api/service';

function setup(answer: FakeAnswer, fields = ['name', 'url', 'createddate'], tableView?: TableView) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: answer });
  vi.stubGlobal('fetch', fake.fetch);
  const body = { module: 'manager_presentation__c', filters: { fields, max_num: '2' } };
  const onTableViewChange = vi.fn<(next: TableView) => void>();
  const view = renderWithProviders(
    <ResultsPanel
      module="manager_presentation__c"
      body={body}
      count={undefined}
      {...(tableView ? { tableView, onTableViewChange } : {})}
    />,
  );
  const table = async () => screen.findByRole('grid', { name: 'Results' });
  const columnTexts = async (index: number) =>
    within(await table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('gridcell')[index + 1]?.textContent); // after the tick box
  return { ...view, fake, table, columnTexts, onTableViewChange };
}

const records = [
  { name: 'Beta deck', url: 'https://docs.example.com/b.pdf', createddate: '2025-01-02T10:00:00Z' },
  { name: 'Alpha letter', url: 'javascript:alert(1)', createddate: '2025-03-04T10:00:00Z' },
  { name: '<img src=x onerror=alert(1)>', url: ' https://spaced.example.com', createddate: null },
];

withTableLayout();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('ResultsPanel', () => {
  it('shows the requested columns in order, with a link only for the absolute https URL', async () => {
    const { table } = setup(() => jsonResponse(200, { records, next_offset: -1 }));
    const grid = await table();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .slice(1) // the tick box's column
      .map((header) => header.textContent);
    expect(headers).toEqual(['Presentation', 'Document URL', 'Created']);
    const links = within(grid).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://docs.example.com/b.pdf');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(grid).getByText('javascript:alert(1)').closest('a')).toBeNull();
    // Cell text is text: the markup is shown, not parsed.
    expect(within(grid).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(grid.querySelector('img')).toBeNull();
    expect(within(grid).getByText('—')).toBeInTheDocument();
  });

  it('sorts on a header click, descending first for dates, and says so with aria-sort', async () => {
    const { user, table, columnTexts } = setup(() =>
      jsonResponse(200, { records, next_offset: -1 }),
    );
    const header = within(await table()).getByRole('columnheader', { name: /^Presentation/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(await columnTexts(0)).toEqual([
      '<img src=x onerror=alert(1)>',
      'Alpha letter',
      'Beta deck',
    ]);
    const created = within(await table()).getByRole('columnheader', { name: /^Created/ });
    await user.click(within(created).getByRole('button'));
    expect(created).toHaveAttribute('aria-sort', 'descending');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect((await columnTexts(0))[0]).toBe('Alpha letter');
  });

  it('hides a column from the table through the column chooser', async () => {
    const { user, table } = setup(() => jsonResponse(200, { records, next_offset: -1 }));
    await table();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Document URL' }));
    expect(within(await table()).queryByRole('columnheader', { name: 'Document URL' })).toBeNull();
  });

  it('says when no rows match, and shows a count-only answer as a number', async () => {
    setup(() => jsonResponse(200, { records: [], next_offset: -1 }));
    expect(await screen.findByText('No rows match these filters.')).toBeVisible();
  });

  it('shows a count as a number', async () => {
    setup(() => jsonResponse(200, { record_count: 1234 }));
    expect(await screen.findByText('1,234 records match.')).toBeVisible();
  });

  it('says one record in the singular', async () => {
    setup(() => jsonResponse(200, { record_count: 1 }));
    expect(await screen.findByText('1 record matches.')).toBeVisible();
  });

  it("shows the server's message for a refused query, without a pointless retry", async () => {
    let calls = 0;
    setup(() =>
      ++calls === 1
        ? jsonResponse(400, { error: 'unknown_field', error_message: 'unknown field "x"' })
        : jsonResponse(200, { records, next_offset: -1 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown field "x"');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls).toBe(1);
  });

  it('offers to try again after a failure worth retrying', async () => {
    // Only the client's back-off timers are faked, so the two retries cost no real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const { user } = setup(() =>
      ++calls <= 3
        ? jsonResponse(500, { error: 'internal_error', error_message: 'database busy' })
        : jsonResponse(200, { records, next_offset: -1 }),
    );
    // The client retries a server failure twice (0.5 s, then 1.5 s) before it shows.
    // Lets the first answer arrive and the back-off start, without moving the clock.
    const settle = async () => {
      for (let round = 0; round < 20; round += 1) await vi.advanceTimersByTimeAsync(0);
    };
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await settle();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('database busy');
    });
    expect(calls).toBe(3);
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Results' })).toBeInTheDocument();
  });

  it('pages by offset, and loads every row on request', async () => {
    const all = Array.from({ length: 5 }, (_, index) => ({
      name: `Deck ${String(index + 1)}`,
      url: null,
      createddate: null,
    }));
    const sent: { max_num?: string; offset?: string }[] = [];
    const { user, columnTexts } = setup((call) => {
      const filters = (JSON.parse(call.body) as { filters: { max_num?: string; offset?: string } })
        .filters;
      sent.push(filters);
      const offset = Number(filters.offset ?? 0);
      const size = Number(filters.max_num ?? 2);
      const page = all.slice(offset, offset + size);
      const next = offset + page.length < all.length ? offset + page.length : -1;
      return jsonResponse(200, { records: page, next_offset: next });
    });
    expect(await columnTexts(0)).toEqual(['Deck 1', 'Deck 2']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(async () => {
      expect(await columnTexts(0)).toEqual(['Deck 3', 'Deck 4']);
    });
    expect(sent.at(-1)).toMatchObject({ offset: '2' });
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    expect(await screen.findByText(/^All 5 rows/)).toBeVisible();
    expect(await columnTexts(0)).toEqual(['Deck 1', 'Deck 2', 'Deck 3', 'Deck 4', 'Deck 5']);
  });

  it('shows the sort and columns a link gives, and reports changes to them', async () => {
    const { table, columnTexts, user, onTableViewChange } = setup(
      () => jsonResponse(200, { records, next_offset: -1 }),
      undefined,
      { sort: [{ id: 'name', desc: false }], hidden: ['url'], order: ['createddate', 'name'] },
    );
    const grid = await table();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .slice(1) // the tick box's column
      .map((header) => header.textContent);
    expect(headers.map((header) => header.replace(/[▲▼\d]/g, '').trim())).toEqual([
      'Created',
      'Presentation',
    ]);
    expect(within(grid).getByRole('columnheader', { name: /Presentation/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(await columnTexts(1)).toEqual([
      '<img src=x onerror=alert(1)>',
      'Alpha letter',
      'Beta deck',
    ]);
    await user.click(within(grid).getByRole('button', { name: /Created/ }));
    expect(onTableViewChange).toHaveBeenLastCalledWith({
      sort: [{ id: 'createddate', desc: true }],
      hidden: ['url'],
      order: ['createddate', 'name'],
    });
  });
});
