import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { parseRfc4180 } from '../testing/rfc4180.ts';
import { queryInPage } from './api-in-page.ts';
import { expectNoSeriousA11yIssues, openBuilder, openJson, signIn } from './journey.ts';

/**
 * Screenshots of each chart are kept as artifacts (test-results/…/charts-*.png) to be looked at,
 * never compared pixel by pixel.
 */
async function keepScreenshot(section: Locator, testInfo: TestInfo, name: string) {
  await section.screenshot({ path: testInfo.outputPath(`chart-${name}.png`) });
}

async function openStarter(page: Page, module: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(`/q/${module}?run=starter`)}`);
  await signIn(page, 'analyst', 'analyst-demo');
}

function chart(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

/** The drawn bars of a chart, in data order. */
function bars(section: Locator): Locator {
  return section.locator('.recharts-bar-rectangle path');
}

test('13F weights, changes and history chart the starter result; a bar filters the table', async ({
  page,
}, testInfo) => {
  await openStarter(page, '13f_holdings');
  const weights = chart(page, /^Portfolio weights — BERKSHIRE HATHAWAY INC · Mar 31, 2025/);
  await expect(weights.getByText(/Concentration: top 10 = \d+\.\d{2}%/)).toBeVisible();
  await expect(weights.getByText(/was fetched for this chart: the result holds 25/)).toBeVisible();
  await expect(bars(weights)).toHaveCount(16);
  await keepScreenshot(weights, testInfo, 'weights');

  // The largest holding's bar narrows the table to its row, and the chip undoes it.
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table).toHaveAttribute('aria-rowcount', '26');
  await bars(weights).first().click();
  await expect(page.getByLabel(/^Chart filter: AAPL/)).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '2');
  await expect(table.getByRole('row').nth(1)).toContainText('APPLE INC');
  // The skip link moves focus and leaves the fragment (the workspace's link state) as it is.
  await page.getByRole('link', { name: 'Skip to the workspace' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/#s=/);
  await expect(page.getByLabel(/^Chart filter: AAPL/)).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '2');
  // The address holds the filter with the query: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel(/^Chart filter: AAPL/)).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '2');
  await page.getByRole('button', { name: 'Remove the chart filter' }).click();
  await expect(table).toHaveAttribute('aria-rowcount', '26');

  // The text alternative holds the same figures as the bars.
  await weights.getByRole('button', { name: 'Show data table' }).click();
  const data = weights.getByRole('table', { name: /: data$/ });
  await expect(data.getByRole('row').nth(1)).toContainText('AAPL');
  await expect(data.getByRole('row').nth(1)).toContainText('25.76%');

  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  const changes = chart(page, /^Holdings changes — BERKSHIRE/);
  await expect(
    changes.getByText(/Classified here from Mar 31, 2025 against Dec 31, 2024/),
  ).toBeVisible();
  await expect(changes.getByText(/\d+ NEW, \d+ ADDED, \d+ REDUCED, \d+ SOLD OUT/)).toBeVisible();
  await keepScreenshot(changes, testInfo, 'changes');
  const split = chart(page, /^Value change split/);
  await expect(split.getByText(/trading moved/)).toBeVisible();
  await keepScreenshot(split, testInfo, 'value-split');

  await page.getByRole('tab', { name: 'History' }).click();
  const totals = chart(page, /^Total value by period — BERKSHIRE/);
  await expect(bars(totals)).toHaveCount(13);
  await expect(totals.getByText(/From \$299,007,622,119 at Dec 31, 2022/)).toBeVisible();
  await keepScreenshot(totals, testInfo, 'history-totals');
  const apple = chart(page, /^AAPL across periods/);
  await expect(apple.getByText(/895,136,175 shares at Dec 31, 2022/)).toBeVisible();
  await keepScreenshot(apple, testInfo, 'history-issuer');
  await keepScreenshot(chart(page, /^Who else holds AAPL/), testInfo, 'history-holders');
  // A hover tooltip is transient: axe judges the page at rest.
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yIssues(page);
});

test('a chart exports as SVG and PNG', async ({ page }) => {
  await openStarter(page, '13f_holdings');
  const weights = chart(page, /^Portfolio weights/);
  await expect(bars(weights)).toHaveCount(16);

  await weights.getByRole('button', { name: 'Export chart' }).click();
  let downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'SVG (vector)' }).click();
  const svg = await downloading;
  expect(svg.suggestedFilename()).toBe('portfolio-weights-berkshire-hathaway-inc-mar-31-2025.svg');
  const text = await readFile(await svg.path(), 'utf8');
  expect(text).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(text).toContain('Portfolio weights — BERKSHIRE HATHAWAY INC · Mar 31, 2025');
  expect(text).toContain('AAPL');

  await weights.getByRole('button', { name: 'Export chart' }).click();
  downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PNG image' }).click();
  const png = await downloading;
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Twice the on-screen size: width is bytes 16–19 of the IHDR chunk.
  expect(bytes.readUInt32BE(16)).toBeGreaterThan(1000);
});

test('from a 13F chart, the matched account opens in another module, and back returns intact', async ({
  page,
}) => {
  await openStarter(page, '13f_holdings');
  await expect(bars(chart(page, /^Portfolio weights/))).toHaveCount(16);
  await page.getByRole('button', { name: 'Open BERKSHIRE HATHAWAY INC in…' }).click();
  await page.getByRole('menuitem', { name: /investment holdings$/ }).click();

  await expect(page).toHaveURL(/\/q\/investment_holdings#s=/);
  await expect(page.getByRole('heading', { name: 'Investment holdings' })).toBeVisible();
  // The account is named, not only its id (which stays in the tooltip and the query).
  const account = page.getByRole('button', {
    name: 'Edit condition 1: Account: BERKSHIRE HATHAWAY INC',
  });
  await expect(account).toBeVisible();
  await expect(account).toHaveAttribute('title', /^Account ID is \S+ \(the account's id\)$/);
  const builder = await openBuilder(page);
  await expect(builder.getByLabel('Field').first()).toHaveValue('Account ID');
  const accountId = await builder
    .getByLabel(/value$/)
    .first()
    .inputValue();
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('row').nth(1)).toContainText(accountId);
  const answer = await queryInPage(page, {
    module: 'investment_holdings',
    count_only: true,
    filters: { filter: [{ account__c: { $equals: accountId } }] },
  });
  const count = (answer.body as { record_count: number }).record_count;
  await expect(page.getByText(`${count.toLocaleString('en-US')} records match.`)).toBeVisible();
  await expect(chart(page, 'Fund balance by asset class')).toBeVisible();

  // Back: the 13F workspace as it was, its query and rows.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  const results = page.getByRole('grid', { name: 'Results' });
  await expect(results).toHaveAttribute('aria-rowcount', '26');

  // From a row: its details offer the same prepared queries.
  // On the issuer: a click on the row's CUSIP link would open the security instead.
  await results.getByRole('row').nth(1).getByText('APPLE INC', { exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Row details' });
  await details.getByRole('button', { name: 'Open BERKSHIRE HATHAWAY INC in…' }).click();
  await page.getByRole('menuitem', { name: /account history$/ }).click();
  await expect(page).toHaveURL(/\/q\/accounthistory#s=/);
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toContainText(
    accountId,
  );
});

test('each CRM module charts its starter result, and a bar filters the table', async ({
  page,
}, testInfo) => {
  await openStarter(page, 'investment_holdings');
  const balance = chart(page, 'Fund balance by asset class');
  await expect(bars(balance).first()).toBeVisible();
  await keepScreenshot(balance, testInfo, 'investment-holdings');
  await bars(balance).first().click();
  const chip = page.getByLabel(/^Chart filter: /);
  const assetClass = ((await chip.getAttribute('aria-label')) ?? '').replace('Chart filter: ', '');
  const table = page.getByRole('grid', { name: 'Results' });
  const column = await table
    .getByRole('columnheader')
    .allInnerTexts()
    .then((headers) => headers.findIndex((header) => header.startsWith('Asset class')));
  const cells = await table
    .getByRole('row')
    .locator(`td:nth-child(${String(column + 1)})`)
    .allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  expect(new Set(cells)).toEqual(new Set([assetClass]));

  for (const [module, title] of [
    ['accounthistory', /^Changes per field per (month|quarter|year)$/],
    ['metro_area__c', 'Metro areas per country'],
    ['manager_presentation__c', /^Documents per type per (month|quarter|year)$/],
    ['updates', /^Job changes, role changes and field changes per (month|quarter|year)$/],
  ] as const) {
    await page.goto(`/q/${module}?run=starter`);
    const section = chart(page, title);
    await expect(bars(section).first()).toBeVisible();
    await keepScreenshot(section, testInfo, module);
  }
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yIssues(page);
});

test('the planted data-quality filer shows its flags in the charts and the table', async ({
  page,
}, testInfo) => {
  const body = {
    module: '13f_holdings',
    filters: {
      filter: [
        { companyname: { $equals: 'ALDER CREEK CAPITAL (DATA-QUALITY DEMO)' } },
        { periodofreport: { $equals: '2023-03-31' } },
      ],
      order_by: 'value:DESC',
    },
  };
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await page.goto(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(body))}`);
  const flags = page.getByRole('alert').filter({ hasText: 'Data-quality flags' });
  await expect(flags).toContainText(
    /From amendment \S+ \(13F-HR\/A, a restatement\), filed Aug 21, 2023, 143 days after the quarter/,
  );
  await expect(flags).toContainText(/MA: .*split or a data error/);
  await expect(flags).toContainText(/KO: .*unit error/);
  await keepScreenshot(chart(page, /^Portfolio weights — ALDER CREEK/), testInfo, 'flags-weights');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('columnheader', { name: 'Flags' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'COCA COLA' })).toContainText(/unit error/);

  // The CSV carries the flags too, in its leading column.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /rows loaded/ }).click();
  const [header, ...records] = parseRfc4180(
    (await readFile(await (await downloading).path(), 'utf8')).slice(1),
  );
  expect(header?.[0]).toBe('Data-quality flags');
  const coke = records.find((record) => record.includes('COCA COLA CO'));
  expect(coke?.[0]).toMatch(/unit error\. \| From amendment \S+ \(13F-HR\/A, a restatement\)/);

  // The holdings changes' headline leaves the split MA and the mis-unit KO out, and says so.
  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  const changes = page.getByRole('figure', { name: /^Holdings changes — ALDER CREEK/ });
  await expect(changes).toHaveAccessibleDescription(
    /\(includes 2 flagged ⚠\)\. Leaving out the flagged, the largest impact is (?!MA\.|KO\.)\w+\.$/,
  );
});

test('a query that names the filer only with $contains, and returns neither filer nor period, charts and flags as the full one', async ({
  page,
}) => {
  const body = {
    module: '13f_holdings',
    filters: {
      fields: ['nameofissuer', 'ticker', 'cusip', 'value', 'shrsorprnamt', 'portfolio_pct_weight'],
      filter: [
        { companyname: { $contains: 'ALDER CREEK' } },
        { periodofreport: { $gte: '2023-03-31' } },
        { periodofreport: { $lte: '2023-03-31' } },
      ],
      order_by: 'value:DESC',
    },
  };
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await page.goto(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(body))}`);
  await expect(page.getByText('Filer, period and filing fetched for these rows.')).toBeVisible();
  await expect(
    chart(page, /^Portfolio weights — ALDER CREEK CAPITAL \(DATA-QUALITY DEMO\) · Mar 31, 2023/),
  ).toBeVisible();
  const flags = page.getByRole('alert').filter({ hasText: 'Data-quality flags' });
  await expect(flags).toContainText(
    /From amendment \S+ \(13F-HR\/A, a restatement\), filed Aug 21, 2023, 143 days after the quarter/,
  );
  await expect(flags).toContainText(/MA: .*split or a data error/);
  await expect(flags).toContainText(/KO: .*unit error/);
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('row').filter({ hasText: 'COCA COLA' })).toContainText(/unit error/);
  // One filer in one period: the table shows the fields asked for, the count line names them.
  await expect(table.getByRole('columnheader', { name: 'Filer' })).toHaveCount(0);
});

test('a new query starts without the chart and sort choices made on the old rows', async ({
  page,
}) => {
  await openStarter(page, '13f_holdings');
  await page.getByRole('tab', { name: 'History' }).click();
  const holding = page.getByRole('combobox', { name: 'Holding' });
  await holding.click();
  await page.getByRole('option', { name: 'KO · COCA COLA CO' }).click();
  await expect(holding).toHaveValue('KO · COCA COLA CO');
  const table = page.getByRole('grid', { name: 'Results' });
  const ticker = table.getByRole('columnheader', { name: 'Ticker' });
  await ticker.getByRole('button').click();
  await expect(ticker).toHaveAttribute('aria-sort', 'ascending');

  // The same query again: its rows are the same, so the choices still apply and stay.
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(holding).toHaveValue('KO · COCA COLA CO');
  await expect(ticker).toHaveAttribute('aria-sort', 'ascending');

  // Another quarter, without the ticker column: the tab stays, the holding and sort go.
  const json = await openJson(page);
  await json.fill(
    JSON.stringify({
      module: '13f_holdings',
      filters: {
        fields: ['nameofissuer', 'cusip', 'value', 'portfolio_pct_weight'],
        filter: [
          { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
          { periodofreport: { $equals: '2024-12-31' } },
        ],
        order_by: 'value:DESC',
        max_num: '25',
      },
    }),
  );
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(
    page.getByRole('button', { name: /^Edit condition 2: Period of report is Dec 31, 2024/ }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await expect(holding).not.toHaveValue('KO · COCA COLA CO');
  // The largest holding, named by its issuer (the query returns no ticker).
  await expect(holding).toHaveValue('APPLE INC');
  await expect(table.locator('th[aria-sort="ascending"], th[aria-sort="descending"]')).toHaveCount(
    0,
  );
});

test('the login page loads no chart code; a workspace loads it only with a result', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // The build puts chart code in one chunk, "charts" (vite.config.ts).
  const chartCode = (url: string) => /\/assets\/charts-[\w-]+\.js$/.test(url);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(scripts.some(chartCode)).toBe(false);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  await page.goto('/q/metro_area__c?run=starter');
  await expect(chart(page, 'Metro areas per country')).toBeVisible();
  expect(scripts.some(chartCode)).toBe(true);
});

test('charts of a partial result say so, and chart every matching row on request', async ({
  page,
}) => {
  await openStarter(page, '13f_holdings');
  const notice = page.getByRole('status').filter({ hasText: 'The charts show' });
  await expect(notice).toHaveText(
    /The charts show 25 of 38 matching rows \(the rows loaded\)\.\s*Chart all matching rows/,
  );
  await notice.getByRole('button', { name: 'Chart all matching rows' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '39');
});
