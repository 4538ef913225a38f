import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { parseRfc4180 } from '../../../testing/rfc4180.ts';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { ResultsPanel } from './results-panel.tsx';

const QUERY = '/index.php/api/service';
const records = [
  { name: 'Beta deck', createddate: '2025-01-02T10:00:00Z' },
  { name: 'Alpha letter', createddate: '2025-03-04T10:00:00Z' },
];

/** Flags "Alpha letter" whichever row objects it is given: the page's or a fresh load's. */
const loadNotes = vi.fn((rows: readonly ServiceRecord[]) =>
  Promise.resolve(
    new Map(
      rows
        .filter((row) => row.name === 'Alpha letter')
        .map((row) => [row, ['Filed 143 days after the quarter.', 'A unit error, as filed.']]),
    ),
  ),
);

/** The text of every CSV the page downloads, read from its blob. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
    blobs.push(object as Blob);
    return 'blob:http://localhost/csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return async () => {
    await waitFor(() => {
      expect(blobs).toHaveLength(1);
    });
    return parseRfc4180((await (blobs[0] as Blob).text()).replace(/^\uFEFF/, ''));
  };
}

function setup(withNotes: boolean) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: () => jsonResponse(200, { records, next_offset: -1 }) });
  vi.stubGlobal('fetch', fake.fetch);
  const body = {
    module: 'manager_presentation__c',
    filters: { fields: ['name', 'createddate'], max_num: '2' },
  };
  return renderWithProviders(
    <ResultsPanel
      module="manager_presentation__c"
      body={body}
      count={2}
      {...(withNotes ? { loadNotes } : {})}
    />,
  );
}

withTableLayout();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  loadNotes.mockClear();
  session.signOut();
});

/** The Excel-ready CSV, the default: labels, times Excel reads as times, the flags column. */
const FLAGGED = [
  ['Data-quality flags', 'Presentation', 'Created (UTC)'],
  ['', 'Beta deck', '2025-01-02 10:00:00'],
  [
    'Filed 143 days after the quarter. | A unit error, as filed.',
    'Alpha letter',
    '2025-03-04 10:00:00',
  ],
];

/** Opens Export, picks a form when given (else the default), then what to export. */
async function exportRows(user: ReturnType<typeof setup>['user'], item: string, form?: RegExp) {
  await screen.findByRole('grid', { name: 'Results' });
  await user.click(screen.getByRole('button', { name: 'Export' }));
  if (form) await user.click(await screen.findByRole('menuitemradio', { name: form }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the export carries the data-quality flags', () => {
  it('in the export of the rows loaded', async () => {
    const { user } = setup(true);
    const downloaded = captureDownloads();
    await exportRows(user, 'The 2 rows loaded');
    expect(await downloaded()).toEqual(FLAGGED);
  });

  it('in the export of every matching row, loaded anew for it', async () => {
    const { user } = setup(true);
    const downloaded = captureDownloads();
    await exportRows(user, 'All 2 matching rows');
    expect(await downloaded()).toEqual(FLAGGED);
  });

  it('in the CSV of values as sent: wire names, raw values, the same flags', async () => {
    const { user } = setup(true);
    const downloaded = captureDownloads();
    await exportRows(user, 'All 2 matching rows', /values as sent/);
    expect(await downloaded()).toEqual([
      ['Data-quality flags', 'name', 'createddate'],
      ['', 'Beta deck', '2025-01-02T10:00:00Z'],
      [
        'Filed 143 days after the quarter. | A unit error, as filed.',
        'Alpha letter',
        '2025-03-04T10:00:00Z',
      ],
    ]);
  });

  it('of the rows ticked alone, when the analyst ticks some', async () => {
    const { user } = setup(true);
    const downloaded = captureDownloads();
    await screen.findByRole('grid', { name: 'Results' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByRole('button', { name: 'Copy 1 selected' })).toBeVisible();
    await exportRows(user, 'The 1 selected row');
    expect(await downloaded()).toEqual([FLAGGED[0], FLAGGED[2]]);
  });

  it('not at all for a result without flags to give (another module)', async () => {
    const { user } = setup(false);
    const downloaded = captureDownloads();
    await exportRows(user, 'The 2 rows loaded');
    expect((await downloaded())[0]).toEqual(['Presentation', 'Created (UTC)']);
  });
});
