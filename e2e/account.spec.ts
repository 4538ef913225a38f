import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

const BERKSHIRE = '0015g00000Jm3MaAAJ';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page).not.toHaveURL(/\/login/);
});

test('Berkshire Hathaway’s account page: five sections, real 13F figures', async ({ page }) => {
  await page.goto(`/account/${BERKSHIRE}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'BERKSHIRE HATHAWAY INC' }),
  ).toBeVisible();
  const filings = page.getByRole('region', { name: '13F filings' });
  // data/13f/README.md: 2025-12-31, $274,160,086,701 in 42 CUSIPs.
  await expect(filings.getByText('$274,160,086,701')).toBeVisible();
  await expect(filings.getByText(/in 42 positions/)).toBeVisible();
  for (const name of [
    'Contacts’ updates',
    'Investment holdings',
    'Account history',
    'Presentations',
  ]) {
    await expect(page.getByRole('region', { name }).getByRole('table').first()).toBeVisible();
  }
});

test('what did this allocator change last quarter, and who are the contacts', async ({ page }) => {
  const started = Date.now();
  await page.goto(`/account/${BERKSHIRE}`);
  const changes = page.getByRole('region', { name: '13F filings' }).getByLabel('Largest changes');
  await expect(changes.getByText('New (4)')).toBeVisible();
  await expect(changes.getByText('Sold out (3)')).toBeVisible();
  await expect(changes.getByText('AAPL')).toBeVisible();
  const contacts = page.getByRole('region', { name: 'Contacts’ updates' });
  await expect(contacts.getByRole('table', { name: 'Contacts' }).getByRole('row')).not.toHaveCount(
    1,
  );
  expect(Date.now() - started).toBeLessThan(30_000);
});

test('from a results table’s account name to the page and Back', async ({ page }) => {
  await page.goto('/q/investment_holdings?run=starter');
  const cell = page.getByRole('gridcell').getByRole('link').first();
  await expect(cell).toBeVisible();
  await cell.click();
  await expect(page).toHaveURL(/\/account\/[A-Za-z0-9]{18}$/);
  await expect(page.getByRole('region', { name: 'Investment holdings' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/q\/investment_holdings/);
});

test('a bad ID is “No such account”', async ({ page }) => {
  await page.goto('/account/not-an-id');
  await expect(page.getByRole('heading', { name: 'No such account' })).toBeVisible();
});
