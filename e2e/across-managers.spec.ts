/**
 * The views across managers as an analyst uses them: the quarter from the navigation, two
 * managers picked and compared, the link shared with a colleague who is not signed in, saved as
 * a named query, a bar opening a security, and the same views through the proxy.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';
import { PROXY_SERVER } from './servers.ts';

const LONE_PINE = 'LONE PINE CAPITAL LLC';
const TIGER = 'TIGER GLOBAL MANAGEMENT LLC';
/** The two compared at Dec 31, 2025, as the view's link writes them. */
const COMPARISON = `/compare?${new URLSearchParams({ v: '1', a: LONE_PINE, b: TIGER, period: '2025-12-31' }).toString()}`;

/** The quarter view's five charts in a sentence each (their figures), once all are drawn. */
async function quarterSummaries(page: Page): Promise<(string | null)[]> {
  const names = [
    'Most bought',
    'Most sold',
    'Consensus: held by the most managers',
    'Largest new positions by value',
    'Largest new positions by weight',
  ];
  return Promise.all(
    names.map(async (name) => {
      const figure = page.getByRole('figure', { name });
      await expect(figure).toBeVisible();
      const summary = await figure.getAttribute('aria-describedby');
      return page.locator(`[id="${summary ?? ''}"]`).textContent();
    }),
  );
}

/** Picks a manager in the quarter view's Managers box by typing part of its name. */
async function pickManager(page: Page, typed: string, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Managers' });
  await box.fill(typed);
  await page.getByRole('option', { name, exact: true }).click();
}

test('the quarter view: pick two managers, compare, share the link, open it signed out', async ({
  page,
  browser,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: 'A quarter across managers' }).click();
  // The latest complete quarter, over every manager from the service's aggregates: the data
  // holds later ones, still filling up.
  await expect(
    page.getByRole('heading', { name: 'The quarter across managers — Dec 31, 2025' }),
  ).toBeVisible();
  await expect(page.getByText(/aggregated by the service, 36 managers/)).toBeVisible();
  // Scion's data ends at Sep 30, 2025: a manager without a filing, not a seller.
  const coverage = page.getByLabel(/^36 of 37 managers filed\. Without a filing: /);
  await expect(coverage).toContainText('36 of 37 managers filed');
  await expect(coverage).toHaveAttribute(
    'aria-label',
    /SCION ASSET MANAGEMENT, LLC: no filing for this quarter in the data/,
  );
  await page.getByRole('combobox', { name: 'Quarter' }).click();
  await expect(page.getByRole('option', { name: 'Mar 31, 2026 (incomplete)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Most bought' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: 'Dec 31, 2025' }).click();
  await pickManager(page, 'lone pine', LONE_PINE);
  // The quarter shown is pinned in the link once the analyst narrows it.
  await expect(page).toHaveURL(/[?&]period=2025-12-31/);
  await pickManager(page, 'tiger', TIGER);
  await page.keyboard.press('Escape');
  // Every list now counts these two only.
  const consensus = page.getByRole('region', { name: 'Consensus: held by the most managers' });
  await consensus.getByRole('button', { name: 'Show data table' }).click();
  // (The charts take the new lists one per task: poll until the consensus has.)
  const counts = () =>
    consensus
      .getByRole('table')
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.children[2]?.textContent ?? ''));
  await expect
    .poll(async () => {
      const shown = await counts();
      return shown.length > 0 && shown.every((count) => count === '1' || count === '2');
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Compare the two managers' }).click();
  await expect(page).toHaveURL(/\/compare\?v=1&a=LONE\+PINE.*&b=TIGER.*&period=2025-12-31$/);
  await expect(
    page.getByRole('heading', { name: 'Two managers side by side — Dec 31, 2025' }),
  ).toBeVisible();
  await expect(page.getByText('Similarity: overlap of weights')).toBeVisible();
  const shared = page.getByRole('tab', { name: /^Both hold \(\d+\)$/ });
  const sharedLabel = await shared.textContent();
  await expect(page.getByRole('table', { name: 'Positions both hold' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // Share: the copied link is the view's address, and carries no token.
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  expect(link).not.toMatch(/token/i);

  const colleague = await browser.newContext();
  const theirs = await colleague.newPage();
  await theirs.goto(link);
  await expect(theirs).toHaveURL(/\/login\?redirect=/);
  await signIn(theirs, 'analyst', 'analyst-demo');
  await expect(theirs).toHaveURL(link);
  await expect(theirs.getByRole('tab', { name: sharedLabel ?? '' })).toBeVisible();
  await expect(theirs.getByRole('combobox', { name: 'Manager A' })).toHaveValue(LONE_PINE);
  await colleague.close();

  // Back returns to the quarter and managers picked; Forward to the comparison.
  await page.goBack();
  await expect(page).toHaveURL(/\/quarter\?/);
  await expect(page.getByText(LONE_PINE).first()).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('tab', { name: sharedLabel ?? '' })).toBeVisible();
  // A reload keeps it too.
  await page.reload();
  await expect(page.getByRole('tab', { name: sharedLabel ?? '' })).toBeVisible();
});

test('the navigation’s security entry says how to find one', async ({ page }) => {
  await page.goto('/');
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: 'A security’s holders' }).click();
  await expect(page.getByRole('heading', { name: 'A security across managers' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('link', { name: 'the quarter across managers' }).click();
  await expect(page).toHaveURL(/\/quarter\?v=1$/);
});

test('a comparison saves as a named query and opens from the saved list', async ({ page }) => {
  const path = COMPARISON;
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByText('Similarity: overlap of weights')).toBeVisible();
  await page.getByRole('button', { name: 'Save query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Tiger cubs, Q4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Saved queries' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Tiger cubs, Q4' });
  await expect(row).toContainText('Two managers side by side');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(new URL(path, page.url()).toString());
  await expect(page.getByText('Similarity: overlap of weights')).toBeVisible();
});

test('a bar of the quarter view opens that security across managers', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/quarter?v=1&period=2025-12-31')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const consensus = page.getByRole('region', { name: 'Consensus: held by the most managers' });
  await consensus.locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(/\/security\?v=1&cusip=[0-9A-Z]{9}&period=2025-12-31$/);
  await expect(
    page.getByRole('table', { name: 'Holders at Dec 31, 2025, largest first' }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('through the proxy, the same views answer from the vendor’s interface', async ({ page }) => {
  const path = COMPARISON;
  await page.goto(`${PROXY_SERVER.url}/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByText('Similarity: overlap of weights')).toBeVisible();
  const proxied = await page.getByRole('tab', { name: /^Both hold/ }).textContent();
  await page.goto(`${PROXY_SERVER.url}/quarter?v=1&period=2025-12-31`);
  // Read from the quarter's rows: the vendor has no aggregates.
  await expect(page.getByText(/rows read in \d+ requests, 36 managers/)).toBeVisible();
  const proxiedLists = await quarterSummaries(page);

  // The embedded service directly: the same figures.
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  // The view first, as through the proxy above: the sign-in loads the app before the view reads.
  await expect(page.getByText('Similarity: overlap of weights')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Both hold/ })).toHaveText(proxied ?? '');
  await page.goto('/quarter?v=1&period=2025-12-31');
  // From the embedded service's aggregates: the same five lists, the same 36 managers.
  await expect(page.getByText(/aggregated by the service, 36 managers/)).toBeVisible();
  expect(await quarterSummaries(page)).toEqual(proxiedLists);
});
