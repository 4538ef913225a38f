import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';

test('"/" then a ticker opens the security view: several real managers, a link that lasts', async ({
  page,
}) => {
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

  await expect(page).toHaveURL(/\/security\?v=1&cusip=037833100&period=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { name: 'AAPL · APPLE INC', exact: true })).toBeVisible();
  const holders = page.getByRole('table', { name: /^Holders at / });
  // One row per manager, each a link to its portfolio.
  const managers = await holders.getByRole('link').allInnerTexts();
  expect(managers.length).toBeGreaterThanOrEqual(3);
  expect(new Set(managers).size).toBe(managers.length);
  await expect(
    page.getByRole('figure', { name: /^Holders, buyers and sellers by quarter/ }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Another quarter: the link follows, a reload keeps it, Back returns to the first.
  const first = page.url();
  await page.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: 'Jun 30, 2024' }).click();
  await expect(page).toHaveURL(/period=2024-06-30$/);
  await expect(
    page.getByRole('table', { name: 'Holders at Jun 30, 2024, largest first' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Holders at Jun 30, 2024, largest first' }),
  ).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(first);

  // A manager opens its portfolio in the 13F workspace.
  await page
    .getByRole('table', { name: /^Holders at / })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit condition 1: Filer is / })).toBeVisible();
});

test('a filer typed in part opens its latest portfolio', async ({ page }) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  const search = page.getByRole('combobox', { name: 'Search filers, securities and accounts' });
  await search.click();
  await search.fill('appaloosa');
  // The filer's portfolio, not its CRM account's modules (listed after it).
  await page.getByRole('option', { name: /^APPALOOSA LP Portfolio at/ }).click();
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: Filer is APPALOOSA LP/ }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/records? match/)).toBeVisible();
  await expect(search).toHaveValue('');
});
