import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { MODULE_IDS } from '#contract/catalog';
import { signIn } from './journey.ts';

/** A chart as the reader sees its colours: what its marks are painted with, what its legend says. */
interface ChartColours {
  readonly title: string;
  /** The computed colour of every drawn bar (fill) and line (stroke). */
  readonly marks: readonly string[];
  /** The colours the chart's legend names: recharts' legend icons and the on-screen legend. */
  readonly legend: readonly string[];
  /** True when the legend is recharts' own: one entry per drawn series. */
  readonly seriesLegend: boolean;
}

/** Every chart in `scope` (the section around each figure), read from the computed styles. */
function chartColours(scope: Locator): Promise<ChartColours[]> {
  return scope.locator('[role="figure"]').evaluateAll((figures) =>
    figures.map((figure) => {
      const section = figure.closest('section') ?? figure;
      const style = (element: Element) => getComputedStyle(element);
      const all = (selector: string) => [...section.querySelectorAll(selector)];
      const marks = [
        ...all('.recharts-bar-rectangle .recharts-rectangle').map((bar) => style(bar).fill),
        ...all('.recharts-line-curve').map((line) => style(line).stroke),
      ];
      // A line's legend icon is stroked, a bar's filled.
      const icons = all('.recharts-legend-icon').map((icon) =>
        style(icon).fill === 'none' ? style(icon).stroke : style(icon).fill,
      );
      const swatches = all('[aria-label="Legend"] [role="listitem"] > span[aria-hidden]').map(
        (swatch) => style(swatch).backgroundColor,
      );
      return {
        title: section.getAttribute('aria-label') ?? '',
        marks,
        legend: [...icons, ...swatches],
        seriesLegend: icons.length > 0,
      };
    }),
  );
}

const UNPAINTED = ['rgb(0, 0, 0)', 'none', 'rgba(0, 0, 0, 0)'];

/**
 * What a reader must be able to trust: every mark is painted (never the SVG default black, or
 * nothing), in a colour its legend names; and a series legend names only series that are drawn.
 */
function expectHonestColours(chart: ChartColours): void {
  const where = `${chart.title}: `;
  expect(chart.marks.length, `${where}marks drawn`).toBeGreaterThan(0);
  const legend = new Set(chart.legend);
  for (const colour of new Set(chart.marks)) {
    if (legend.size > 0) expect(legend, `${where}a mark's colour`).toContain(colour);
    else expect(UNPAINTED, `${where}a mark's colour`).not.toContain(colour);
  }
  for (const colour of legend) {
    expect(UNPAINTED, `${where}a legend colour`).not.toContain(colour);
    if (chart.seriesLegend) expect(chart.marks, `${where}a legend colour`).toContain(colour);
  }
}

async function openStarter(page: Page, module: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(`/q/${module}?run=starter`)}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('grid', { name: 'Results' })).toBeVisible();
}

test('every 13F chart paints its marks in the colours its legend names', async ({ page }) => {
  await openStarter(page, '13f_holdings');
  const titles: string[] = [];
  for (const tab of ['Portfolio weights', 'Holdings changes', 'History']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.locator('[role="figure"] .recharts-surface').first()).toBeVisible();
    // Each chart of the tab has drawn its marks (the filer's history arrives after the rows).
    await expect(panel.getByText(/^Loading /)).toHaveCount(0);
    for (const chart of await chartColours(panel)) {
      titles.push(chart.title.replace(/ — .*/, ''));
      expectHonestColours(chart);
    }
  }
  expect(titles).toEqual([
    'Portfolio weights',
    'Holdings changes',
    'Value change split',
    'Total value by period',
    'AAPL across periods',
    'Who else holds AAPL',
  ]);
});

for (const module of MODULE_IDS.filter((id) => id !== '13f_holdings')) {
  test(`the ${module} starter's chart paints its marks in its legend's colours`, async ({
    page,
  }) => {
    await openStarter(page, module);
    await expect(page.locator('[role="figure"] .recharts-surface').first()).toBeVisible();
    const charts = await chartColours(page.locator('body'));
    expect(charts).toHaveLength(1);
    for (const chart of charts) expectHonestColours(chart);
  });
}

test('a clicked bar is marked, the others faded, and no focus box is drawn around the chart', async ({
  page,
}) => {
  await openStarter(page, '13f_holdings');
  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  const split = page.getByRole('region', { name: /^Value change split/ });
  const bars = split.locator('.recharts-bar-rectangle .recharts-rectangle');
  await expect(bars.first()).toBeVisible();
  const chosen = await bars.nth(5).getAttribute('name');
  await bars.nth(5).click();
  await expect(page.getByLabel(new RegExp(`^Chart filter: ${chosen ?? '?'} `))).toBeVisible();

  const looks = await bars.evaluateAll((rects) =>
    rects.map((rect) => ({
      name: rect.getAttribute('name'),
      stroke: getComputedStyle(rect).stroke,
      opacity: getComputedStyle(rect).fillOpacity,
    })),
  );
  // Both of the chosen holding's stacked bars are outlined, every other bar is faded.
  const marked = looks.filter((bar) => bar.name === chosen);
  expect(marked).toHaveLength(2);
  for (const bar of marked) expect([bar.stroke, bar.opacity]).toEqual(['rgb(26, 27, 30)', '1']);
  for (const bar of looks.filter((other) => other.name !== chosen))
    expect([bar.stroke, bar.opacity]).toEqual(['none', '0.35']);

  // A mouse click leaves no focus ring; the keyboard still gets one.
  const outline = () =>
    page.evaluate(() =>
      document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none',
    );
  expect(await outline()).toBe('none');
  await page.keyboard.press('Shift+Tab');
  expect(await outline()).not.toBe('none');
});

for (const module of ['metro_area__c', 'updates'] as const) {
  test(`the ${module} chart marks the clicked bar and fades the others`, async ({ page }) => {
    await openStarter(page, module);
    const figure = page.locator('[role="figure"]').first();
    const bars = figure.locator('.recharts-bar-rectangle .recharts-rectangle');
    await expect(bars.first()).toBeVisible();
    const count = await bars.count();
    expect(count).toBeGreaterThan(2);
    await bars.nth(1).click();
    await expect(page.getByLabel(/^Chart filter: /)).toBeVisible();
    const looks = await bars.evaluateAll((rects) =>
      rects.map((rect) => [getComputedStyle(rect).stroke, getComputedStyle(rect).fillOpacity]),
    );
    expect(looks[1]).toEqual(['rgb(26, 27, 30)', '1']);
    expect(looks.filter(([stroke]) => stroke === 'rgb(26, 27, 30)')).toHaveLength(1);
    expect(looks.filter(([, opacity]) => opacity === '0.35')).toHaveLength(count - 1);
  });
}
