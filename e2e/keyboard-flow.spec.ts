import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './journey.ts';

/** The most Tab presses from the search box to the chart tabs (issue #35). */
const MOST_TABS = 10;

/** What has focus: its role or tag, and its name, for the journey's record. */
async function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const name = element.getAttribute('aria-label') ?? element.textContent;
    return `${role}: ${name.trim().slice(0, 60)}`;
  });
}

/** The analyst on the 13F starter's result (Berkshire Hathaway), from the home page's card. */
async function openStarter(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: /Try: Berkshire Hathaway/ }).click();
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('tab').first()).toBeVisible();
  return grid;
}

test('from the search box to the chart tabs in at most ten Tab presses', async ({ page }) => {
  await openStarter(page);
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: /Search filers/ })).toBeFocused();
  const path: string[] = [];
  for (let tabs = 1; tabs <= 40; tabs++) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    path.push(focused);
    if (focused.startsWith('tab:')) break;
    // The skip link right after the search box: Enter follows it (not a Tab press).
    if (focused === 'a: Skip to charts') {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Charts' })).toBeFocused();
    }
  }
  await page.screenshot({ path: test.info().outputPath('chart-tab-focused.png') });
  expect(path.at(-1), path.join('\n')).toMatch(/^tab:/);
  expect(path.length, path.join('\n')).toBeLessThanOrEqual(MOST_TABS);
});

test('the grid is one tab stop; arrows move inside; Ctrl+Enter focuses the result heading', async ({
  page,
}) => {
  const grid = await openStarter(page);
  await page.keyboard.press('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to results' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('skip-link.png') });
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name: /records? match/ });
  await expect(heading).toBeFocused();
  // The toolbar, then the grid's one stop: its first row's first value.
  for (let tabs = 0; tabs < 10 && !(await focusedElement(page)).startsWith('gridcell'); tabs++) {
    await page.keyboard.press('Tab');
  }
  const first = grid.getByRole('gridcell', { name: 'APPLE INC' });
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const focusedCell = grid.locator('[role="gridcell"]:focus');
  await expect(focusedCell).toHaveAttribute('aria-colindex', '3');
  await expect(focusedCell.locator('xpath=..')).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press(' ');
  await expect(grid.getByRole('checkbox', { name: 'Select row 2', exact: true })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('grid-cell-focused.png') });
  // Tab leaves the grid in one press: the next stop is past the rows.
  await page.keyboard.press('Tab');
  expect(await focusedElement(page)).not.toMatch(/^(gridcell|input|a):/);
  await page.keyboard.press('Shift+Tab');
  await expect(focusedCell).toHaveAttribute('aria-colindex', '3');

  await page.keyboard.press('Control+Enter');
  await expect(heading).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('heading-after-run.png') });
});

test('a search pick hands focus to the new heading, never to the page', async ({ page }) => {
  await openStarter(page);
  // A filer: its portfolio runs, and its result's heading takes focus.
  await page.keyboard.press('/');
  await page.keyboard.type('Pershing');
  await page
    .getByRole('option', { name: /PERSHING SQUARE/ })
    .first()
    .click();
  const heading = page.getByRole('heading', { level: 2, name: /records? match/ });
  await expect(heading).toContainText('12 records match');
  await expect(heading).toBeFocused();
  // A security: its view's heading takes focus.
  await page.keyboard.press('/');
  await page.keyboard.type('Apple');
  await page
    .getByRole('option', { name: /APPLE INC/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/security/);
  await expect(page.locator('main').getByRole('heading').first()).toBeFocused();
});
