import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

test('"/", a manager’s name and Enter open the firm’s latest portfolio', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signIn(page, 'analyst', 'analyst-demo');
  const search = page.getByRole('combobox', { name: 'Search filers, securities and accounts' });
  await expect(search).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('buffett');
  const buffett = page.getByRole('option', { name: /^Warren Buffett → Berkshire Hathaway/ });
  await expect(buffett).toContainText(/BERKSHIRE HATHAWAY INC at \w{3} \d{1,2}, \d{4}/);
  await page.screenshot({ path: test.info().outputPath('buffett-berkshire.png') });

  // Nothing highlighted: Enter opens the first match, the person's firm.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: Filer is BERKSHIRE HATHAWAY INC/ }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
  await expect(search).toHaveValue('');
});
