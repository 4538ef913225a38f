/**
 * The answer in view (issue #35): after the 13F starter, the columns an analyst reads first
 * and what changed are on the first screen, at a laptop's 1440×900 and a small one's 1024×768.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './journey.ts';

/** Signs in on the way to `path` and waits for the first rows. */
async function openStarter(page: Page, path: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
}

/** The 13F starter, from the home page's "Try" link as a new analyst finds it. */
async function thirteenFStarter(page: Page): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent('/')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: /Try: Berkshire Hathaway/ }).click();
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
}

/** The investment holdings starter: the holding's and the account's names both readable. */
async function holdingAndAccountReadable(page: Page): Promise<void> {
  await openStarter(page, '/q/investment_holdings?run=starter');
  const grid = page.getByRole('grid', { name: 'Results' });
  const width = async (name: string) =>
    (await grid.getByRole('columnheader', { name }).boundingBox())?.width ?? 0;
  // The account's column gives width as the holding's does: neither is cut to a stub.
  expect(await width('Holding')).toBeGreaterThanOrEqual(150);
  expect(await width('Account ID')).toBeGreaterThanOrEqual(150);
  await expect(grid.getByRole('columnheader', { name: 'Fund balance' })).toBeInViewport();
}

/** What changed, in one line: counts by status for the filer's quarter. */
const headline = (page: Page) =>
  page.getByText(/^BERKSHIRE HATHAWAY INC, Q1 2025: (bought \d+ new|no new positions), /);

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the 13F columns read first are in view, with no sideways scroll', async ({ page }) => {
    await thirteenFStarter(page);
    const table = page.getByRole('grid', { name: 'Results' });
    for (const name of ['Issuer', 'Ticker', 'Value (USD)', 'Portfolio weight', 'Status']) {
      await expect(table.getByRole('columnheader', { name }), name).toBeInViewport({ ratio: 1 });
    }
    await expect(table.getByRole('columnheader', { name: 'Share change QoQ' })).toBeInViewport({
      ratio: 1,
    });
    // Those columns lie inside the table's frame, which is not scrolled to show them.
    const frame = page.getByRole('region', { name: 'Results table' });
    const box = await frame.boundingBox();
    const status = await table.getByRole('columnheader', { name: 'Status' }).boundingBox();
    expect(box && status && status.x + status.width <= box.x + box.width).toBe(true);
    expect(await frame.evaluate((element) => element.scrollLeft)).toBe(0);
    // The CUSIP is whole, and its full value is on hover.
    const cusip = table.getByRole('gridcell', { name: '037833100' });
    await expect(cusip).toHaveAttribute('title', '037833100');
    expect(await cusip.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    await expect(headline(page)).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('13f-starter-1440.png') });
  });

  test('investment holdings: the holding and its account share the width, both readable', async ({
    page,
  }) => {
    await holdingAndAccountReadable(page);
  });

  test('a CRM module’s starter', async ({ page }) => {
    await openStarter(page, '/q/manager_presentation__c?run=starter');
    const table = page.getByRole('grid', { name: 'Results' });
    await expect(table.getByRole('columnheader', { name: 'Presentation type' })).toBeInViewport({
      ratio: 1,
    });
    await page.screenshot({ path: test.info().outputPath('presentations-starter-1440.png') });
  });
});

test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('what changed is above the fold and the module list out of the way', async ({ page }) => {
    await thirteenFStarter(page);
    await expect(headline(page)).toBeInViewport({ ratio: 1 });
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect(modules).not.toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('13f-starter-1024.png') });

    // The toggle still reaches it, and the choice outlives a reload.
    await page.getByRole('button', { name: 'Show the module list' }).click();
    await expect(modules).toBeInViewport();
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
    await expect(modules).toBeInViewport();
    await page.getByRole('button', { name: 'Hide the module list' }).click();
    await expect(modules).not.toBeInViewport();
  });

  test('investment holdings: the holding and its account share the width, both readable', async ({
    page,
  }) => {
    await holdingAndAccountReadable(page);
  });

  test('a CRM module’s starter', async ({ page }) => {
    await openStarter(page, '/q/manager_presentation__c?run=starter');
    await expect(page.getByRole('navigation', { name: 'Modules' })).not.toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('presentations-starter-1024.png') });
  });
});
