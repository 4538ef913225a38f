/**
 * The charts as an analyst reads them (issue #35, items 8 and 9): an empty quarter says so with
 * links to the nearest quarters that have data; the comparison's legend lists the managers in
 * the order of their bars; the holdings-changes and presentations charts are kept as pictures
 * (test-results/…/chart-polish-*.png) to be looked at, never compared pixel by pixel.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { signIn } from './journey.ts';

test.use({ viewport: { width: 1440, height: 900 } });

async function signedIn(page: Page, path: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'analyst', 'analyst-demo');
}

async function keep(target: Locator | Page, testInfo: TestInfo, name: string) {
  await target.screenshot({ path: testInfo.outputPath(`chart-polish-${name}.png`) });
}

test('an empty quarter says so, with links to the nearest quarters that have data', async ({
  page,
}, testInfo) => {
  await signedIn(page, '/quarter?v=1&period=1999-12-31');
  const sentence = page.getByText(/No manager filed for Dec 31, 1999/);
  await expect(sentence).toBeVisible();
  await expect(page.getByRole('figure')).toHaveCount(0);
  const nearest = page.getByRole('link', { name: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ });
  await expect(nearest.first()).toBeVisible();
  await keep(page, testInfo, 'empty-quarter');
  // The demo's first quarter, Sep 30, 2022, only the planted data-quality filer filed: the
  // nearest quarter a manager filed is the one after it, with its charts.
  await expect(nearest).toHaveText(['Dec 31, 2022']);
  await nearest.first().click();
  await expect(page).toHaveURL(/\/quarter\?v=1&period=2022-12-31$/);
  // That quarter's view, with data: Berkshire Hathaway's first filing, so nothing bought or sold
  // yet (those charts say so in words) but its holdings in the consensus chart.
  await expect(
    page.getByRole('heading', { name: 'The quarter across managers — Dec 31, 2022' }),
  ).toBeVisible();
  const consensus = page.getByRole('figure', { name: 'Consensus: held by the most managers' });
  await expect(consensus.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByText(/No manager filed/)).toHaveCount(0);
});

test('the comparison legend lists the managers in the order of their bars', async ({
  page,
}, testInfo) => {
  const search = new URLSearchParams({
    v: '1',
    a: 'TIGER GLOBAL MANAGEMENT LLC',
    b: 'LONE PINE CAPITAL LLC',
    period: '2025-12-31',
  });
  await signedIn(page, `/compare?${search.toString()}`);
  const region = page.getByRole('region', { name: /^Shared positions/ });
  await expect(region.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const legend = await region.locator('.recharts-legend-item-text').allInnerTexts();
  // Within the first row, the bars from top to bottom: each series' first bar's y.
  const firstBars = await region
    .locator('.recharts-bar')
    .evaluateAll((series) =>
      series.map((bar) => Number(bar.querySelector('path')?.getAttribute('y') ?? 'NaN')),
    );
  const names = ['TIGER GLOBAL MANAGEMENT LLC', 'LONE PINE CAPITAL LLC'];
  const byPosition = names
    .map((name, index) => ({ name, y: firstBars[index] ?? Number.NaN }))
    .sort((left, right) => left.y - right.y)
    .map((entry) => entry.name);
  expect(legend).toEqual(byPosition);
  expect(legend).toEqual(names);
  await keep(region, testInfo, 'compare');
});

test('the holdings-changes and presentations charts, to be looked at', async ({
  page,
}, testInfo) => {
  await signedIn(page, '/');
  await page.getByRole('link', { name: /Try: Berkshire Hathaway/ }).click();
  await expect(page.getByRole('grid', { name: 'Results' })).toBeVisible();
  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  const changes = page.getByRole('region', { name: /^Holdings changes/ });
  await expect(changes.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await keep(page, testInfo, 'changes-page');
  await keep(changes, testInfo, 'changes');
  // The share-change axis, -100 % to its end: one round step (50 or 100 %, by the plot's width),
  // none skipped, 100 % drawn.
  const ticks = await changes.locator('.recharts-xAxis-tick-labels text').allTextContents();
  expect(ticks).toEqual(expect.arrayContaining(['-100%', '0%', '100%']));
  const steps = ticks
    .map((tick) => Number.parseFloat(tick))
    .map((at, i, all) => at - (all[i - 1] ?? at));
  expect(new Set(steps.slice(1)).size).toBe(1);

  await page.goto('/q/manager_presentation__c?run=starter');
  const presentations = page.getByRole('region', {
    name: /^Documents per type per (month|quarter|year)$/,
  });
  await expect(presentations.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await keep(presentations, testInfo, 'presentations');
  // Short month labels ("Nov ’25"), none cut, none on top of the next.
  const months = await presentations
    .locator('.recharts-xAxis-tick-labels text')
    .evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        return { text: label.textContent, left: box.left, right: box.right };
      }),
    );
  // The chart's own surface: the legend's icons are recharts surfaces too, and come first.
  const frame = await presentations
    .locator('.recharts-wrapper > svg.recharts-surface')
    .boundingBox();
  expect(months.length).toBeGreaterThan(1);
  for (const [index, month] of months.entries()) {
    // A month ("Nov ’25"), or a quarter when the chart buckets by quarter in a narrow pane.
    expect(month.text).toMatch(/^(?:[A-Z][a-z]{2}|Q[1-4]) ’\d{2}$/);
    expect(month.left).toBeGreaterThanOrEqual(frame?.x ?? Infinity);
    expect(month.right).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    const next = months[index + 1];
    if (next) expect(month.right).toBeLessThan(next.left);
  }
});
