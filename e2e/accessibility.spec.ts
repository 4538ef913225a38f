import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { MODULE_IDS } from '#contract/catalog';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';

/** axe on the page as it is, the pointer resting where it hovers nothing. */
async function checked(page: Page): Promise<void> {
  await page.mouse.move(720, 4);
  await expectNoSeriousA11yIssues(page);
}

test('no serious or critical axe finding on any screen an analyst uses', async ({ page }) => {
  // A dozen screens, each run through axe (about 2 s apiece on two busy cores): one journey's
  // default 30 s is too tight for it, so it gets three times that.
  test.slow();
  // The login page, then with its error.
  await page.goto('/login');
  await checked(page);
  await page.getByLabel('User name').fill('analyst');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in failed' })).toBeVisible();
  await checked(page);

  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  await checked(page);

  // Every workspace after its starter run.
  for (const module of MODULE_IDS) {
    await page.goto(`/q/${module}?run=starter`);
    await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
    await checked(page);
  }

  // A row's details open.
  await page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog', { name: 'Row details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close row details' })).toBeVisible();
  await checked(page);
  await page.getByRole('button', { name: 'Close row details' }).click();

  // The planted filer's data-quality flags.
  const flagged = {
    module: '13f_holdings',
    filters: {
      filter: [
        { companyname: { $equals: 'ALDER CREEK CAPITAL (DATA-QUALITY DEMO)' } },
        { periodofreport: { $equals: '2023-03-31' } },
      ],
    },
  };
  await page.goto(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(flagged))}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Data-quality flags' })).toBeVisible();
  await checked(page);

  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved queries' })).toBeVisible();
  await checked(page);
});

test('no serious axe finding on the 403 a limited user meets', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'crm-viewer', 'viewer-demo');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await checked(page);
});
