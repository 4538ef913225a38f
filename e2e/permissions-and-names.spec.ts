import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

const REASON = 'Your account does not include 13F holdings. Ask your administrator';

test('crm-viewer on the quarter view reads why, once; home then offers no 13F starter', async ({
  page,
}) => {
  await page.goto('/quarter?v=1');
  await signIn(page, 'crm-viewer', 'viewer-demo');
  await expect(page).toHaveURL(/\/quarter/);
  await expect(page.getByRole('alert')).toContainText(REASON);
  await expect(page.getByText(/does not include 13F holdings/)).toHaveCount(1);
  const navigation = page.getByRole('navigation', { name: 'Modules' });
  await expect(navigation.getByRole('link', { name: /A quarter across managers/ })).toContainText(
    'Not in your subscription',
  );

  await page.goto('/');
  const card = page.getByRole('region', { name: '13F holdings' });
  await expect(card).toContainText(REASON);
  await expect(card.getByRole('link', { name: /^Try:/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Metro areas' }).getByRole('link', { name: /^Try:/ }),
  ).toBeVisible();
});

test('crm-viewer sees what the account lacks at sign-in, before any 13F query', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, 'crm-viewer', 'viewer-demo');
  const card = page.getByRole('region', { name: '13F holdings' });
  await expect(card).toContainText(REASON);
  await expect(card.getByRole('link', { name: /^Try:/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Metro areas' })).toContainText(/[\d,]+ records/);
  const navigation = page.getByRole('navigation', { name: 'Modules' });
  await expect(navigation.getByRole('link', { name: /^13F holdings/ })).toContainText(
    'Not in your subscription',
  );
  await expect(navigation.getByRole('link', { name: /Two managers side by side/ })).toContainText(
    'Not in your subscription',
  );
  await expect(navigation.getByRole('link', { name: /^Metro areas/ })).not.toContainText(
    'Not in your subscription',
  );
});

test('the presentations starter opens on a real document, not a planted record', async ({
  page,
}) => {
  await page.goto('/q/manager_presentation__c?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await expect(firstRow).not.toContainText('HYPERLINK');
  await expect(firstRow).not.toContainText('@SUM');
});

test('the account history chart names fields as the catalog does', async ({ page }) => {
  await page.goto('/q/accounthistory?run=starter');
  await signIn(page, 'crm-viewer', 'viewer-demo');
  const chart = page.getByRole('figure', { name: /^Changes per field per (month|quarter|year)$/ });
  await expect(chart.getByText('AUM', { exact: true })).toBeVisible();
  await expect(chart.getByText('AUM__c', { exact: true })).toHaveCount(0);
});
