import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { withTableLayout } from '../../../testing/table-layout.ts';
import { session } from '../../lib/api/services.ts';
import { follows } from '../../lib/follows/use-follows.ts';
import { AccountNamesContext } from './use-account-names.ts';
import { createFormatters } from './format.ts';
import type { ResultColumn } from './result-column.ts';
import { ResultsTable } from './results-table.tsx';
import { useResultsTableState } from './table-state.ts';

const NAMED = '0015g00000JqhmCAAR';
const UNNAMED = '0015g00000Jo75aAAB';
const rows: ServiceRecord[] = [
  { accountid: NAMED, field: 'Name' },
  { accountid: UNNAMED, field: 'AUM__c' },
];
const columns: ResultColumn[] = [
  { id: 'accountid', label: 'Account ID', field: findField('accounthistory', 'accountid') },
  { id: 'field', label: 'Field', field: findField('accounthistory', 'field') },
];

withTableLayout(600);
afterEach(() => {
  session.signOut();
  window.localStorage.clear();
});

function Table({
  data = rows,
  shown = columns,
}: {
  data?: ServiceRecord[];
  shown?: ResultColumn[];
}) {
  const table = useResultsTableState();
  return (
    <ResultsTable
      rows={data}
      columns={shown}
      format={createFormatters('en-US')}
      sorting={table.sorting}
      onSortingChange={table.setSorting}
      table={table}
      onOpenRow={() => undefined}
      selection={new Set()}
      onSelectionChange={() => undefined}
    />
  );
}

/** The table of two account history rows, with the names known (or still loading: undefined). */
async function setup(names: AccountNames | undefined) {
  const rendered = renderInRouter(() => (
    <AccountNamesContext value={names}>
      <Table />
    </AccountNamesContext>
  ));
  await screen.findAllByRole('gridcell', { name: new RegExp(NAMED) });
  const cellOf = (id: string) => screen.getByRole('gridcell', { name: new RegExp(id) });
  return { ...rendered, cellOf };
}

describe('an account ID cell', () => {
  it('shows the name first, then the whole ID (muted), both in its title', async () => {
    const { cellOf } = await setup(new Map([[NAMED, 'Quarry Hill Life Insurance Company']]));
    const cell = cellOf(NAMED);
    expect(cell).toHaveTextContent(`Quarry Hill Life Insurance Company · ${NAMED}`);
    expect(
      within(cell).getByTitle(
        `Quarry Hill Life Insurance Company · ${NAMED}: open the account page`,
      ),
    ).toBeVisible();
  });

  it('shows an ID without a name bare, with a hint', async () => {
    const { cellOf } = await setup(new Map([[NAMED, 'Quarry Hill Life Insurance Company']]));
    expect(cellOf(UNNAMED)).toHaveTextContent(`${UNNAMED} name not on record`);
  });

  it('shows bare IDs, without the hint, while the names load', async () => {
    const { cellOf } = await setup(undefined);
    expect(cellOf(NAMED)).toHaveTextContent(new RegExp(`^${NAMED}$`));
    expect(screen.queryByText(/not on record/)).toBeNull();
  });

  it('opens the account page from the name or the bare ID, not the row', async () => {
    const { cellOf, user, router } = await setup(
      new Map([[NAMED, 'Quarry Hill Life Insurance Company']]),
    );
    await user.click(within(cellOf(NAMED)).getByText('Quarry Hill Life Insurance Company'));
    expect(router.state.location.pathname).toBe(`/account/${NAMED}`);
  });

  it('holds a star that follows the account by its ID, kept with its name, not opening it', async () => {
    session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
    const { cellOf, user, router } = await setup(
      new Map([[NAMED, 'Quarry Hill Life Insurance Company']]),
    );
    const star = within(cellOf(NAMED)).getByRole('button', {
      name: 'Follow Quarry Hill Life Insurance Company',
    });
    // Without a name on record, the star is named by the ID.
    expect(
      within(cellOf(UNNAMED)).getByRole('button', { name: `Follow ${UNNAMED}` }),
    ).toBeVisible();
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(follows.getSnapshot().follows).toMatchObject([
      { kind: 'account', key: NAMED, label: 'Quarry Hill Life Insurance Company' },
    ]);
    expect(router.state.location.pathname).not.toBe(`/account/${NAMED}`);
  });

  it('keeps the grid’s keys: F2 reaches the star, Tab the link, Escape the cell', async () => {
    const { cellOf } = await setup(new Map([[NAMED, 'Quarry Hill Life Insurance Company']]));
    const cell = cellOf(NAMED);
    const star = within(cell).getByRole('button', { name: /^Follow / });
    const link = within(cell).getByRole('link');
    cell.focus();
    fireEvent.keyDown(cell, { key: 'F2' });
    expect(document.activeElement).toBe(star);
    fireEvent.keyDown(star, { key: 'Tab' });
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(document.activeElement).toBe(cell);
  });
});

describe('a 13F row’s account cells', () => {
  const field = (name: string) => findField('13f_holdings', name);
  const matched = [
    { companyname: 'BERKSHIRE', service_account_id: NAMED, service_account_name: 'Berkshire Inc.' },
    { companyname: 'LONE FILER', service_account_id: null, service_account_name: null },
  ];
  const shown: ResultColumn[] = [
    { id: 'companyname', label: 'Filer', field: field('companyname') },
    { id: 'service_account_name', label: 'Account', field: field('service_account_name') },
    { id: 'service_account_id', label: 'Account ID', field: field('service_account_id') },
  ];

  it('open the account page from the name (by the row’s ID) and from the ID', async () => {
    const { user, router } = renderInRouter(() => <Table data={matched} shown={shown} />);
    const name = await screen.findByRole('link', { name: 'Berkshire Inc.' });
    expect(name).toHaveAttribute('href', `/account/${NAMED}`);
    expect(screen.getByRole('link', { name: NAMED })).toHaveAttribute('href', `/account/${NAMED}`);
    // A filer matched to no account has no link.
    expect(screen.getAllByRole('link')).toHaveLength(2);
    await user.click(name);
    expect(router.state.location.pathname).toBe(`/account/${NAMED}`);
  });
});
