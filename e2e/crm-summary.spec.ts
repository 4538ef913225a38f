/**
 * Each CRM module's result says its gist in one line above the table (issue #35): on the first
 * screen at 1024×768 and 1440×900, with account names where the app knows them, and account
 * history's fields by their labels.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './journey.ts';

/** Where the screenshots of this journey go, beside the run's output unless told otherwise. */
const SHOTS = process.env.CRM_SUMMARY_SHOTS;

/** Each CRM starter and how its summary opens. */
const STARTERS = [
  ['investment_holdings', /^500 positions in [\d,]+ accounts, \$[\d.]+[KMB] in all; largest: /],
  ['accounthistory', /^2,000 changes to [\d,]+ accounts from .+; latest: /],
  ['metro_area__c', /^\d+ metro areas in \d+ countries; most in United States \(\d+\)/],
  ['manager_presentation__c', /^500 presentations from .+, by type: .+; newest: “/],
  ['updates', /^1,000 updates to [\d,]+ contacts at [\d,]+ accounts from .+: .*job change/],
] as const;

async function openStarter(page: Page, module: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(`/q/${module}?run=starter`)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${String(size.width)}×${String(size.height)}`, () => {
    test.use({ viewport: size, locale: 'en-US', timezoneId: 'UTC' });

    for (const [module, opening] of STARTERS) {
      test(`${module}: the summary is on the first screen`, async ({ page }) => {
        await openStarter(page, module);
        const summary = page.getByRole('status').filter({ hasText: opening });
        await expect(summary).toBeInViewport({ ratio: 1 });
        // Some of every matching record is more than the starter's rows: the line says so.
        const text = (await summary.textContent()) ?? '';
        if (module !== 'metro_area__c') expect(text).toMatch(/ loaded of [\d,]+ matching\.$/);
        // Accounts by name once looked up: an ID is left only where no name is on record.
        await expect(summary).not.toHaveText(/\b001\w{15}\b(?! \(no name on record\))/);
        if (SHOTS !== undefined) {
          await page.screenshot({
            path: `${SHOTS}/${module}-${String(size.width)}.png`,
          });
        }
      });
    }
  });
}

test('account history reads its fields by their labels, in cells and the summary', async ({
  page,
}) => {
  await openStarter(page, 'accounthistory');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('gridcell', { name: 'AUM', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('gridcell', { name: 'AUM__c' })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: /most changed: .*AUM \(/ }),
  ).toBeVisible();
});
