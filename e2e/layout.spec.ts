import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { MODULE_IDS } from '#contract/catalog';
import { signIn } from './journey.ts';

/** Laptop and small-laptop screens: what an analyst sees first after a run. */
const SCREENS = [
  { width: 1440, height: 900, chartInView: true },
  { width: 1024, height: 768, chartInView: false },
] as const;

/** Fails unless `target` is inside the viewport (to rounding), the page unscrolled. */
async function expectOnFirstScreen(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeInViewport({ ratio: 0.99 });
  expect(await page.evaluate(() => window.scrollY), `${what}: the page is not scrolled`).toBe(0);
}

/** The count line, the first row and, where asked, the first chart's first mark: all in view. */
async function expectAnswerOnFirstScreen(page: Page, chartInView: boolean): Promise<void> {
  await expectOnFirstScreen(page, page.getByText(/^[\d,]+ records? match\.$/), 'the count line');
  const table = page.getByRole('grid', { name: 'Results' });
  // The row starts in view; a table wider than the screen scrolls sideways within its frame.
  const firstRow = table.getByRole('row').nth(1);
  await expectOnFirstScreen(page, firstRow.getByRole('gridcell').first(), 'the first row');
  if (chartInView) {
    const mark = page
      .locator('[role="figure"]')
      .first()
      .locator('.recharts-bar-rectangle .recharts-rectangle, .recharts-line-curve')
      .first();
    await expectOnFirstScreen(page, mark, "the first chart's first mark");
  }
}

for (const screen of SCREENS) {
  test.describe(`at ${String(screen.width)}×${String(screen.height)}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('every module’s starter answers on the first screen, without scrolling', async ({
      page,
    }) => {
      await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
      await signIn(page, 'analyst', 'analyst-demo');
      await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
      for (const module of MODULE_IDS) {
        await page.goto(`/q/${module}?run=starter`);
        await expectAnswerOnFirstScreen(page, screen.chartInView);
      }
    });

    test('"Run query" from the open builder puts the answer on the first screen', async ({
      page,
    }) => {
      await page.goto(`/login?redirect=${encodeURIComponent('/q/metro_area__c')}`);
      await signIn(page, 'analyst', 'analyst-demo');
      // No run yet: the builder is open, and the results say to run.
      await expect(page.getByRole('region', { name: 'Query builder' })).toBeVisible();
      await page.getByRole('button', { name: 'Run query' }).click();
      await expectAnswerOnFirstScreen(page, screen.chartInView);
      await expect(page.getByRole('region', { name: 'Query builder' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edit query' })).toBeVisible();
    });
  });
}
