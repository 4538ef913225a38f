import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

test('from the 13F starter, AAPL opens its security view: several real managers', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  // On the issuer: a click on the row's CUSIP link would open the security straight away.
  await table
    .getByRole('row')
    .filter({ hasText: 'APPLE INC' })
    .getByText('APPLE INC', { exact: true })
    .click();
  const details = page.getByRole('dialog', { name: 'Row details' });
  await details.getByRole('link', { name: 'Holders of AAPL across managers' }).click();

  // The starter pins Berkshire's quarter; the view opens at it, Berkshire among the holders.
  await expect(page).toHaveURL(/\/security\?v=1&cusip=037833100&period=2025-03-31$/);
  const holders = page.getByRole('table', { name: 'Holders at Mar 31, 2025, largest first' });
  await expect(holders.getByRole('link', { name: 'BERKSHIRE HATHAWAY INC' })).toBeVisible();
  expect(await holders.getByRole('link').count()).toBeGreaterThanOrEqual(3);
});

test('the History tab’s holders chart opens the same view', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('link', { name: 'Holders of AAPL across managers' }).click();
  await expect(page).toHaveURL(/\/security\?v=1&cusip=037833100&period=2025-03-31$/);
  await expect(page.getByRole('heading', { name: 'AAPL · APPLE INC', exact: true })).toBeVisible();
});

test('a weights bar, clicked, offers the same view; so does the CUSIP cell', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const weights = page.getByRole('region', { name: /^Portfolio weights — BERKSHIRE/ });
  await weights.locator('.recharts-bar-rectangle').first().click();
  await weights.getByRole('link', { name: 'Holders of AAPL across managers' }).click();
  await expect(page).toHaveURL(/\/security\?v=1&cusip=037833100&period=2025-03-31$/);
  await page.goBack();

  // The starter pins its quarter, and the rows carry it: the CUSIP opens that quarter too.
  const table = page.getByRole('grid', { name: 'Results' });
  await table.getByRole('link', { name: '037833100' }).click();
  await expect(page).toHaveURL(/\/security\?v=1&cusip=037833100&period=2025-03-31$/);
  await expect(page.getByRole('heading', { name: 'AAPL · APPLE INC', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Row details' })).toHaveCount(0);
});
