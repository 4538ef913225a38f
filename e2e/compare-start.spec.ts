/**
 * The comparison opened with no managers picked, at the smaller laptop size: it says what it
 * does, its pickers are the next step, and one click on a suggested pair compares two real
 * filers the service lists.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';

test('at 1024×768 a suggested pair, one click, is a comparison', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/compare?v=1');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Two managers side by side' })).toBeVisible();
  await expect(page.getByText(/^Put two managers’ 13F portfolios side by side/)).toBeVisible();
  const pickers = page.getByRole('region', { name: 'Pick two managers' });
  await expect(pickers.getByRole('combobox', { name: 'Manager A' })).toBeInViewport();

  const pair = page.getByRole('button', {
    name: 'Compare Berkshire Hathaway with Pershing Square',
  });
  // The suggestions are on the first screen, not below it.
  await expect(pair).toBeInViewport();
  await expectNoSeriousA11yIssues(page);
  // Nothing to save or share before both managers are picked.
  await expect(page.getByRole('button', { name: 'Save query' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('compare-empty-1024x768.png') });

  await pair.click();
  await expect(page).toHaveURL(/\/compare\?v=1&a=BERKSHIRE\+HATHAWAY\+INC&b=PERSHING\+SQUARE/);
  await expect(page.getByRole('heading', { name: /^Two managers side by side — / })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Manager A' })).toHaveValue(
    'BERKSHIRE HATHAWAY INC',
  );
  // They overlap: at least one position both hold, listed.
  await expect(page.getByRole('tab', { name: /^Both hold \([1-9]\d*\)$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Positions both hold' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Compare .+ with / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save query' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('compare-suggested-1024x768.png') });
});
