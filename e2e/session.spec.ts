import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an analyst signs in, lands on the modules and opens a workspace', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText('analyst-demo')).toBeVisible();
  await signIn(page, 'analyst', 'wrong password');
  await expect(page.getByRole('alert')).toContainText('The user name or password is incorrect.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Modules' })
    .getByRole('link', { name: '13F holdings' })
    .click();
  await expect(page).toHaveURL(/\/q\/13f_holdings$/);
  await expect(page.getByText(/^[\d,]+ records$/)).toBeVisible();

  const storage = await page.evaluate(() =>
    Object.keys(window.localStorage)
      .map((key) => `${key}=${window.localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
  const token = await page.evaluate(
    () => window.sessionStorage.getItem('marketplace.session') ?? '',
  );
  expect(token).toContain('accessToken');
  const accessToken = (JSON.parse(token) as { accessToken: string }).accessToken;
  expect(storage).not.toContain(accessToken);
  expect(page.url()).not.toContain(accessToken);
});

test('a deep link survives the sign-in, and a limited user sees the 403 message', async ({
  page,
}) => {
  await page.goto('/q/13f_holdings');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'crm-viewer', 'viewer-demo');
  await expect(page).toHaveURL(/\/q\/13f_holdings$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your subscription does not include this module.',
  );
});
