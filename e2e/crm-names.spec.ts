import { expect, test } from '@playwright/test';
import { queryInPage } from './api-in-page.ts';
import type { Locator } from '@playwright/test';
import { signIn } from './journey.ts';

/** The cell of `row` under the column headed `header`, wherever the column order puts it. */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim().startsWith(header));
  expect(index, `a column headed ${header}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('gridcell').nth(index);
}

test('account history starter: the first rows name their accounts beside the IDs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/q/accounthistory?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  // The account column, wherever the module's column order puts it.
  const accountCell = firstRow.getByRole('gridcell').filter({ hasText: /0015g/ });
  // The name appears once the lookup answers: "Name · 0015g…".
  await expect(accountCell).toContainText(' · ');
  const [name = '', id = ''] = (await accountCell.innerText()).split(' · ');
  expect(id).toMatch(/^0015g[0-9A-Za-z]{13}$/);

  // The name shown is the one on record: the account's latest "Name" change, or else its 13F
  // account name, as the service itself answers them.
  const history = await queryInPage(page, {
    module: 'accounthistory',
    filters: {
      filter: [{ field: { $equals: 'Name' } }, { accountid: { $equals: id } }],
      order_by: 'createddate:DESC',
      max_num: '1',
    },
  });
  const thirteenF = await queryInPage(page, {
    module: '13f_holdings',
    filters: {
      filter: [{ service_account_id: { $equals: id } }],
      fields: ['service_account_name'],
      max_num: '1',
    },
  });
  const recorded = [history, thirteenF].flatMap(
    (answer) => (answer.body as { records: Record<string, string>[] }).records,
  );
  expect(name).toBe(recorded[0]?.newvalue ?? recorded[0]?.service_account_name);

  // Newest first, the first "Name" change in view is its account's latest: the cell names the
  // account by that change's new value.
  const nameChange = table
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: 'Name', exact: true }) })
    .first();
  const newValue = await (await cellUnder(table, nameChange, 'New value')).innerText();
  await expect(nameChange.getByRole('gridcell').filter({ hasText: /0015g/ })).toContainText(
    `${newValue} · 0015g`,
  );

  await page.screenshot({ path: test.info().outputPath('account-history-1440x900.png') });
});
