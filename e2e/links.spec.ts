import { expect, test } from '@playwright/test';
import { accessTokenOf, openBuilder, openJson, recordUrls, signIn } from './journey.ts';

test('a copied link opens the same query and view for a colleague after sign-in, and carries no token', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const builder = await openBuilder(page);
  await builder.getByLabel('Rows (max_num)').fill('7');
  await page.getByRole('button', { name: 'Run query' }).click();
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table).toHaveAttribute('aria-rowcount', '8');
  // The view: sorted here by value, CUSIP hidden, the holdings-changes chart with unchanged ones.
  const value = table.getByRole('columnheader', { name: 'Value (USD)' });
  await value.getByRole('button').click();
  await expect(value).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'CUSIP' }).uncheck();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Holdings changes' }).click();
  await page.getByRole('checkbox', { name: 'Unchanged' }).check();
  const rows = await table.getByRole('row').allInnerTexts();
  const body = await (await openJson(page)).inputValue();

  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/q\/13f_holdings#s=/);
  await expect(page.getByText(`${link.length.toLocaleString('en-US')} characters`)).toBeVisible();
  const token = await accessTokenOf(page);
  expect(token).not.toBe('');
  expect(link).not.toContain(token);
  await context.close();

  // A colleague, signed out, in a browser of their own.
  const colleague = await browser.newContext();
  const other = await colleague.newPage();
  const urls = recordUrls(other);
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(other, 'analyst', 'analyst-demo');
  await expect(other.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '8');
  // The link opens on the answer, the query collapsed to its chips.
  await expect(
    other.getByRole('button', { name: /^Edit condition 2: Period of report is/ }),
  ).toBeVisible();
  expect(await (await openJson(other)).inputValue()).toBe(body);
  const theirTable = other.getByRole('grid', { name: 'Results' });
  expect(await theirTable.getByRole('row').allInnerTexts()).toEqual(rows);
  await expect(theirTable.getByRole('columnheader', { name: 'Value (USD)' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(theirTable.getByRole('columnheader', { name: 'CUSIP' })).toHaveCount(0);
  await expect(other.getByRole('tab', { name: 'Holdings changes' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(other.getByRole('checkbox', { name: 'Unchanged' })).toBeChecked();
  const theirToken = await accessTokenOf(other);
  for (const url of urls) expect(url).not.toContain(theirToken);
  expect(await other.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(theirToken);
  await colleague.close();
});

test('a damaged link says so, opens an empty workspace and runs nothing', async ({ page }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/updates')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Contact updates' })).toBeVisible();
  const queries: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/index.php/api/service')) queries.push(request.postData() ?? '');
  });
  await page.goto('/q/updates#s=N4IgLgTg9gzgrgYwgUxALhAYxAGhAA');
  await expect(page.getByRole('alert')).toContainText('This link is damaged');
  await expect(page.getByText('Run the query to see its results.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Query builder' })).toContainText(
    'No conditions: every record matches.',
  );
  // Only record counts (the module's, and every module's asked after a page load to learn the
  // account's modules): no query of the link ran.
  expect(queries.every((posted) => /^\{"module":"\w+","count_only":true\}$/.test(posted))).toBe(
    true,
  );
});

test('Back and Forward move between the runs, and no history entry holds a token', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const maxRows = page.getByRole('region', { name: 'Query builder' }).getByLabel('Rows (max_num)');
  const table = page.getByRole('grid', { name: 'Results' });
  const run = async (rows: number) => {
    await openBuilder(page);
    await maxRows.fill(String(rows));
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(table).toHaveAttribute('aria-rowcount', String(rows + 1));
  };
  await run(7);
  await run(3);
  await page.getByRole('switch', { name: 'Charts' }).uncheck();
  await run(5);
  const token = await accessTokenOf(page);
  const seen: string[] = [];
  const remember = async () => {
    seen.push(page.url(), await page.evaluate(() => JSON.stringify(window.history.state)));
  };
  await remember();
  expect(page.url()).toMatch(/#s=/);

  await page.goBack();
  await expect(table).toHaveAttribute('aria-rowcount', '4');
  await expect(page.getByRole('button', { name: '3 rows' })).toBeVisible();
  // The view went back with the run: the charts were hidden after the 3-row run.
  await expect(page.getByRole('switch', { name: 'Charts' })).not.toBeChecked();
  await remember();
  await page.goBack();
  await expect(table).toHaveAttribute('aria-rowcount', '8');
  await expect(page.getByRole('button', { name: '7 rows' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Charts' })).toBeChecked();
  await remember();
  await page.goForward();
  await expect(table).toHaveAttribute('aria-rowcount', '4');
  await page.goForward();
  await expect(table).toHaveAttribute('aria-rowcount', '6');
  await openBuilder(page);
  await expect(maxRows).toHaveValue('5');

  // The address is always a link to what is shown: reloading it shows the same.
  await page.reload();
  await expect(table).toHaveAttribute('aria-rowcount', '6');
  await expect(page.getByRole('switch', { name: 'Charts' })).not.toBeChecked();
  await remember();
  expect(token).not.toBe('');
  for (const entry of seen) expect(entry).not.toContain(token);
});
