import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { follows } from '../../lib/follows/use-follows.ts';
import { ResultsPanel } from './results-panel.tsx';

const BERKSHIRE = 'BERKSHIRE HATHAWAY INC';
const records = [
  {
    companyname: BERKSHIRE,
    nameofissuer: 'APPLE INC',
    cusip: '037833100',
    service_account_id: '0015g00000Jm3MaAAJ',
  },
  { companyname: BERKSHIRE, nameofissuer: 'A BAD CODE', cusip: '=HYPERLINK' },
];

withTableLayout();
afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

async function setup(fields: readonly string[]) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({
    '/index.php/api/service': () => jsonResponse(200, { records, next_offset: -1 }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  const body = { module: '13f_holdings', filters: { fields: [...fields], max_num: '2' } };
  const view = renderInRouter(() => (
    <ResultsPanel module="13f_holdings" body={body} count={undefined} />
  ));
  const grid = await screen.findByRole('grid', { name: 'Results' });
  const cellOf = (text: string) =>
    within(grid).getAllByText(text)[0]?.closest<HTMLElement>('[role="gridcell"]');
  return { ...view, grid, cellOf };
}

describe('a 13F result’s follow stars', () => {
  it('stars the filer and the security (by CUSIP) without opening the row', async () => {
    const { user, grid } = await setup(['companyname', 'nameofissuer', 'cusip']);
    const filerStars = within(grid).getAllByRole('button', { name: `Follow ${BERKSHIRE}` });
    expect(filerStars).toHaveLength(2);
    // A text that is no CUSIP has no security to follow.
    expect(within(grid).queryByRole('button', { name: 'Follow A BAD CODE' })).toBeNull();
    const apple = within(grid).getByRole('button', { name: 'Follow APPLE INC' });
    expect(apple).toHaveAttribute('aria-pressed', 'false');
    await user.click(apple);
    expect(apple).toHaveAttribute('aria-pressed', 'true');
    expect(follows.isFollowed('security', '037833100')).toBe(true);
    await user.click(filerStars[0] as HTMLElement);
    // Every row of the filer shows it followed.
    for (const star of filerStars) expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(follows.isFollowed('filer', BERKSHIRE)).toBe(true);
    // The row's matched account is kept with the filer's follow (the home feed reads it).
    expect(follows.getSnapshot().follows).toContainEqual(
      expect.objectContaining({ kind: 'filer', accountId: '0015g00000Jm3MaAAJ' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Row details' })).toBeNull();
  });

  it('keeps Enter for the row or the link; F2 reaches the star, Tab goes round the cell', async () => {
    const { cellOf } = await setup(['companyname', 'cusip']);
    // Without an issuer column, the CUSIP's cell holds the security's star beside its link.
    const cusip = cellOf('037833100') as HTMLElement;
    const star = within(cusip).getByRole('button', { name: 'Follow APPLE INC' });
    const link = within(cusip).getByRole('link', { name: '037833100' });
    cusip.focus();
    fireEvent.keyDown(cusip, { key: 'F2' });
    expect(document.activeElement).toBe(star);
    fireEvent.keyDown(star, { key: 'Tab' });
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(link, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(star);
    fireEvent.keyDown(star, { key: 'Escape' });
    expect(document.activeElement).toBe(cusip);
    // Enter on the filer's cell opens the row, as before: it does not follow the filer.
    const filer = cellOf(BERKSHIRE) as HTMLElement;
    filer.focus();
    fireEvent.keyDown(filer, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Row details' })).toBeInTheDocument();
    expect(follows.isFollowed('filer', BERKSHIRE)).toBe(false);
  });
});
