/**
 * Pixel baselines of the main screens: what a test reading the DOM cannot see (a chart drawn in
 * black, a layout that pushes the answer below the fold) changes these pictures. Deterministic:
 * the demo data is fixed, the page's clock, locale and time zone are pinned, animations and the
 * caret are off, the session countdown (the server's clock) and a link's length (it counts the
 * server's port) are masked. Baselines are per platform, made on the
 * machine CI runs on; `npm run test:screenshots:update` remakes them on purpose (docs/testing.md).
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { signIn } from './journey.ts';

/** A morning, so any date the page derives from "now" is the same in every run; the
 * servers' DEMO_TODAY (playwright.config.ts) is the same day. */
const FIXED_NOW = new Date('2026-11-25T09:00:00Z');

test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(FIXED_NOW);
});

/**
 * What differs between runs by design: the time left in the session, from the server's clock,
 * and a link's length, which counts the server's origin (its port: E2E_PORT moves it).
 */
const varying = (page: Page): Locator[] => [
  page.getByLabel('Session time left'),
  page.getByText(/^[\d,]+ characters$/),
];

/**
 * Compares the viewport (or the whole page: a chart tab runs below the fold) with its baseline,
 * once the page has settled. Whole pages rather than elements: an element's picture scrolls the
 * page, and the sticky header and query bar would then lie over it.
 */
async function expectPicture(page: Page, name: string, fullPage = false): Promise<void> {
  // The pointer rests where it hovers nothing, and the fonts are in.
  await page.mouse.move(720, 4);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await expect(page).toHaveScreenshot(name, { mask: varying(page), fullPage });
}

async function signedIn(page: Page, path: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
}

/** The 13F starter's answer: table, first chart and the filer's related queries all in. */
async function thirteenFStarter(page: Page): Promise<void> {
  await signedIn(page, '/q/13f_holdings?run=starter');
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '26');
  await expect(page.getByText('8,433 records')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Portfolio weights/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open BERKSHIRE HATHAWAY INC in…' })).toBeVisible();
}

test('the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectPicture(page, 'login.png');
});

test('the landing page', async ({ page }) => {
  await signedIn(page, '/');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  await expectPicture(page, 'landing.png');
});

test('the 13F workspace after a run, each chart tab', async ({ page }) => {
  await thirteenFStarter(page);
  await expectPicture(page, 'thirteen-f-run.png');
  await expectPicture(page, 'thirteen-f-weights.png', true);
  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  await expect(page.getByRole('region', { name: /^Value change split/ })).toBeVisible();
  await expectPicture(page, 'thirteen-f-changes.png', true);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('region', { name: /^Total value by period/ })).toBeVisible();
  await expectPicture(page, 'thirteen-f-history.png', true);
});

test('a CRM workspace after a run', async ({ page }) => {
  await signedIn(page, '/q/metro_area__c?run=starter');
  await expect(page.getByRole('region', { name: 'Metro areas per country' })).toBeVisible();
  await expectPicture(page, 'metro-areas-run.png');
});

test('the saved-queries page', async ({ page }) => {
  await signedIn(page, '/q/metro_area__c?run=starter');
  await expect(page.getByRole('grid', { name: 'Results' })).toBeVisible();
  await page.getByRole('button', { name: 'Save query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('UK metro areas');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Saved queries' }).click();
  await expect(page.getByRole('table', { name: 'Saved queries' })).toContainText('UK metro areas');
  await expectPicture(page, 'saved-queries.png');
});

test('the security view of Apple', async ({ page }) => {
  await signedIn(page, '/security?v=1&cusip=037833100&period=2025-09-30');
  await expect(
    page.getByRole('table', { name: 'Holders at Sep 30, 2025, largest first' }),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: /^Holders, buyers and sellers by quarter/ }),
  ).toBeVisible();
  await expectPicture(page, 'security-apple.png', true);
});

test('the quarter across managers', async ({ page }) => {
  await signedIn(page, '/quarter?v=1&period=2025-12-31');
  await expect(page.getByText(/aggregated by the service, 36 managers/)).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Largest new positions by weight' })).toBeVisible();
  await expectPicture(page, 'quarter.png', true);
});

test('two managers side by side', async ({ page }) => {
  const search = new URLSearchParams({
    v: '1',
    a: 'LONE PINE CAPITAL LLC',
    b: 'TIGER GLOBAL MANAGEMENT LLC',
    period: '2025-12-31',
  });
  await signedIn(page, `/compare?${search.toString()}`);
  await expect(page.getByRole('table', { name: 'Positions both hold' })).toBeVisible();
  await expectPicture(page, 'compare.png', true);
});

test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the 13F workspace after a run', async ({ page }) => {
    await thirteenFStarter(page);
    await expectPicture(page, 'thirteen-f-run-1024.png');
  });
});
