import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';

test('"/" then a ticker opens the security’s holders: several real managers', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();

  await page.keyboard.press('/');
  const search = page.getByRole('combobox', { name: 'Search filers, securities and accounts' });
  await expect(search).toBeFocused();
  await page.keyboard.type('AAPL');
  const apple = page.getByRole('option', { name: /^AAPL · APPLE INC/ });
  await expect(apple).toContainText(/CUSIP 037833100 · \d+ holders at \w{3} \d{1,2}, \d{4}/);
  await expectNoSeriousA11yIssues(page);
  await apple.click();

  await expect(page).toHaveURL(/\/q\/13f_holdings#s=/);
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: CUSIP is 037833100/ }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Results' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // One row per holder, each a different manager, every one of them Apple.
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = (label: string) => headers.findIndex((header) => header.trim() === label);
  const rows = await table.getByRole('row').all();
  const cells = async (label: string) =>
    Promise.all(rows.slice(1).map((row) => row.getByRole('cell').nth(column(label)).innerText()));
  expect(new Set(await cells('Filer')).size).toBeGreaterThanOrEqual(3);
  expect(new Set(await cells('Issuer'))).toEqual(new Set(['APPLE INC']));
});

test('a filer typed in part opens its latest portfolio', async ({ page }) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  const search = page.getByRole('combobox', { name: 'Search filers, securities and accounts' });
  await search.click();
  await search.fill('appaloosa');
  await page.getByRole('option', { name: /^APPALOOSA LP/ }).click();
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: Filer is APPALOOSA LP/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/records? match/)).toBeVisible();
  await expect(search).toHaveValue('');
});
