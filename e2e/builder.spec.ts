import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { queryInPage } from './api-in-page.ts';
import { expectNoSeriousA11yIssues, openBuilder, openJson, signIn } from './journey.ts';

/** Picks a field by typing its name into the row's field picker and pressing Enter. */
/** Picks a just-added row's field as an analyst at the keyboard does: its picker has the focus. */
async function chooseField(page: Page, row: Locator, name: string): Promise<void> {
  await expect(row.getByLabel('Field')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(row.getByLabel('Field')).toHaveValue(name);
}

async function chooseOperator(page: Page, row: Locator, operator: string): Promise<void> {
  await row.getByLabel('Operator').click();
  await page.getByRole('option', { name: operator, exact: true }).click();
}

test('an analyst builds A and (B or C) with a between on Filed at, and sees the rows the API returns', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fq%2F13f_holdings');
  await signIn(page, 'analyst', 'analyst-demo');
  const builder = page.getByRole('region', { name: 'Query builder' });
  await expect(builder.getByRole('group', { name: 'Condition 1' })).toBeVisible();

  // A: the starter's filer, and Filed at between two date-times instead of the period.
  await builder.getByRole('button', { name: 'Remove condition 2' }).click();
  await builder.getByRole('button', { name: 'Add condition' }).last().click();
  const filed = builder.getByRole('group', { name: 'Condition 2' });
  await chooseField(page, filed, 'Filed at');
  await chooseOperator(page, filed, 'is between');
  await filed.getByLabel('Filed at value, from').fill('2024-01-01 00:00:00');
  await page.keyboard.press('Tab');
  await filed.getByLabel('Filed at value, to').fill('2024-12-31 23:59:59');
  await page.keyboard.press('Tab');

  // (B or C): a group of two tickers.
  await builder.getByRole('button', { name: 'Add group' }).last().click();
  const group = builder.getByRole('group', { name: 'Group 3' });
  await group.getByRole('radio', { name: 'Any of (OR)' }).check();
  const b = group.getByRole('group', { name: 'Condition 3.1' });
  await chooseField(page, b, 'Ticker');
  await b.getByLabel('Ticker value').fill('AAPL');
  await group.getByRole('button', { name: 'Add condition' }).click();
  const c = group.getByRole('group', { name: 'Condition 3.2' });
  await chooseField(page, c, 'Ticker');
  await c.getByLabel('Ticker value').fill('KO');

  await expect(page.getByLabel('Query in words')).toContainText(
    'Filed at between Jan 1, 2024 00:00:00 and Dec 31, 2024 23:59:59 and (Ticker is AAPL or Ticker is KO)',
  );
  await expectNoSeriousA11yIssues(page);

  // Run from the value field just typed in, with the shortcut the button names.
  await expect(page.getByRole('button', { name: 'Run query' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Enter Meta+Enter',
  );
  await c.getByLabel('Ticker value').press('Control+Enter');
  await expect(page.getByText(/^8 records match\.$/)).toBeVisible();
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('row')).toHaveCount(9);

  // The same body, sent straight to the API, returns the same rows.
  // The run collapsed the query to chips; its JSON is one toggle away.
  await expect(page.getByRole('button', { name: /^Edit condition 1: Filer is/ })).toBeVisible();
  const body = JSON.parse(await (await openJson(page)).inputValue()) as {
    filters: { filter: unknown[] };
  };
  expect(body.filters.filter).toEqual([
    { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
    { filedat: { $between: ['2024-01-01 00:00:00', '2024-12-31 23:59:59'] } },
    { $or: [{ ticker: { $equals: 'AAPL' } }, { ticker: { $equals: 'KO' } }] },
  ]);
  const answer = await queryInPage(page, body);
  const records = (answer.body as { records: { cusip: string; value: string }[] }).records;
  const shown = await table.getByRole('row').allInnerTexts();
  // The CUSIP column wherever it is (filer and period lead when the rows span several).
  const headers = (shown[0] ?? '').split('\t');
  const cusipAt = headers.findIndex((header) => header.trim().startsWith('CUSIP'));
  expect(cusipAt).toBeGreaterThan(0);
  expect(shown.slice(1).map((row) => row.split('\t')[cusipAt])).toEqual(
    records.map((record) => record.cusip),
  );
});

test('a pasted body with an unknown field is kept as written and sent unchanged', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  const panel = await openJson(page);
  const pasted = {
    module: 'metro_area__c',
    filters: {
      filter: [{ country__c: { $equals: 'United States' } }, { population__c: { $gt: '1000000' } }],
    },
  };
  await panel.fill('{"module": "metro_area__c", ');
  await expect(page.getByText(/^Not valid JSON/)).toBeVisible();
  await panel.fill(JSON.stringify(pasted));
  // Back in the builder, the condition it cannot edit is there, kept as written.
  await openBuilder(page);
  const kept = page.getByRole('group', { name: 'Condition 2, kept as written' });
  await expect(kept).toContainText('population__c');
  await expect(page.getByRole('group', { name: 'Condition 1' }).getByLabel('Field')).toHaveValue(
    'Country',
  );
  await openJson(page);
  await expect.poll(async () => JSON.parse(await panel.inputValue()) as unknown).toEqual(pasted);
});

test('results of an edited, unrun query are marked as such until it runs', async ({ page }) => {
  await page.goto('/login?redirect=%2Fq%2F13f_holdings%3Frun%3Dstarter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table).toBeVisible();
  const stale = page
    .getByRole('status')
    .filter({ hasText: 'Not the current query — Run to update' });
  await expect(stale).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy link', exact: true })).toBeVisible();

  // An edit: the results stay, marked, and the link says it holds the edited query.
  const rows = (await openBuilder(page)).getByLabel('Rows (max_num)');
  const asRun = await rows.inputValue();
  await rows.fill('5');
  await expect(stale).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link to the edited query' })).toBeVisible();
  await expect(
    page.getByText('Not yet run: the results on screen are the last run’s.'),
  ).toBeVisible();

  // Undone, the builder says what was run again: no mark.
  await rows.fill(asRun);
  await expect(stale).toHaveCount(0);

  // Edited and run: the results answer it, unmarked.
  await rows.fill('5');
  await stale.getByRole('button', { name: 'Run the edited query' }).click();
  await expect(stale).toHaveCount(0);
  await expect(page.getByRole('button', { name: '5 rows' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
});

test('a body pasted into another module’s JSON opens where it belongs, and runs there', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  const panel = await openJson(page);
  await panel.fill(
    JSON.stringify({
      module: 'updates',
      filters: { filter: [{ job_change__c: { $equals: true } }], max_num: '5' },
    }),
  );
  await expect(page.getByText('This body is for Contact updates, not this module.')).toBeVisible();
  await page.getByRole('link', { name: 'Open in Contact updates' }).click();
  await expect(page).toHaveURL(/\/q\/updates#s=/);
  await expect(page.getByRole('heading', { name: 'Contact updates' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: Job change is yes/ }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '6');
});

test('a filer is picked from the list the service holds, narrowed by typing', async ({ page }) => {
  await page.goto('/login?redirect=%2Fq%2F13f_holdings');
  await signIn(page, 'analyst', 'analyst-demo');
  const builder = await openBuilder(page);
  const filer = builder
    .getByRole('group', { name: 'Condition 1' })
    .getByRole('combobox', { name: 'Filer value' });
  await expect(filer).toHaveAttribute('placeholder', /^\d+ values: type to narrow$/);
  await filer.fill('');
  await filer.pressSequentially('appalo');
  await page.getByRole('option', { name: 'APPALOOSA LP' }).click();
  await expect(filer).toHaveValue('APPALOOSA LP');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(
    page.getByRole('button', { name: /^Edit condition 1: Filer is APPALOOSA LP/ }),
  ).toBeVisible();
  await expect(page.getByText(/^[\d,]+ records? match\.$/)).toBeVisible();
});
