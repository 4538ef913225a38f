import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';

/** Answers as a vendor upstream may: bare arrays, no next_offset, capital field names. */
const QUERY = '/index.php/api/service';

const UPDATES = Array.from({ length: 30 }, (_, index) => ({
  NAME: `Update ${String(index + 1)}`,
  JOB_CHANGE__C: index % 2 === 0 ? '1' : '0',
}));

function setup(answer: FakeAnswer, body: Record<string, unknown>, count: number | undefined) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: answer });
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(
    <ResultsPanel module="updates" body={{ module: 'updates', ...body }} count={count} />,
  );
  const table = () => screen.findByRole('grid', { name: 'Results' });
  const column = async (index: number) =>
    within(await table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('gridcell')[index + 1]?.textContent); // after the tick box
  return { fake, table, column };
}

/** Pages of at most 20 rows from the body's offset, as a bare array. */
const pagesOfTwenty: FakeAnswer = (call) => {
  const filters = (JSON.parse(call.body) as { filters?: { offset?: string } }).filters;
  const offset = Number(filters?.offset ?? 0);
  return jsonResponse(200, UPDATES.slice(offset, offset + 20));
};

withTableLayout(900);
afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('ResultsPanel with an upstream that pages without next_offset', () => {
  it('offers the next page when the count says there are more, from offset 20', async () => {
    const { fake, column } = setup(pagesOfTwenty, { filters: { max_num: '20' } }, 30);
    expect(await screen.findByText(/^Rows 1–20 of 30 matching/)).toBeVisible();
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toBeEnabled();
    next.click();
    expect(await screen.findByText(/^Rows 21–30 of 30 matching/)).toBeVisible();
    expect(JSON.parse(fake.calls.at(-1)?.body ?? '')).toMatchObject({ filters: { offset: '20' } });
    expect((await column(0))[0]).toBe('Update 21');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('loads every row the count promises', async () => {
    const { column } = setup(pagesOfTwenty, {}, 30);
    await screen.findByText(/^Rows 1–20 of 30 matching/);
    const loadAll = screen.getByRole('button', { name: 'Load all' });
    expect(loadAll).toBeEnabled();
    loadAll.click();
    expect(await screen.findByText(/^All 30 rows of 30 matching/)).toBeVisible();
    expect((await column(0)).at(-1)).toBe('Update 30');
  });

  it('keeps Next disabled when the rows received are all the count promises', async () => {
    setup(() => jsonResponse(200, UPDATES.slice(0, 20)), {}, 20);
    expect(await screen.findByText(/^Rows 1–20 of 20 matching/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Load all' })).toBeDisabled();
  });

  it('shows catalog headers and Yes/No for fields named in capitals with "1"/"0"', async () => {
    const { table, column } = setup(pagesOfTwenty, {}, 30);
    const headers = within(await table())
      .getAllByRole('columnheader')
      .slice(1) // the tick box's column
      .map((header) => header.textContent);
    expect(headers).toEqual(['Update', 'Job change']);
    expect((await column(1)).slice(0, 2)).toEqual(['✓ Yes', '✗ No']);
  });
});
