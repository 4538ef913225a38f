import { expect, test } from '@playwright/test';
import { queryInPage } from './api-in-page.ts';
import { signIn } from './journey.ts';

const SHOTS = '/work/shots/names';

test('account history starter: the first rows name their accounts beside the IDs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/q/accounthistory?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const accountCell = firstRow.getByRole('gridcell').nth(1);
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
  const newValue = await nameChange.getByRole('gridcell').nth(5).innerText();
  await expect(nameChange.getByRole('gridcell').nth(1)).toContainText(`${newValue} · 0015g`);

  await page.screenshot({ path: `${SHOTS}/account-history-1440x900.png` });
});
