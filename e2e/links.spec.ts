import { expect, test } from '@playwright/test';
import { accessTokenOf, recordUrls, signIn } from './journey.ts';

test('a copied link opens the same query for a colleague after sign-in, and carries no token', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const builder = page.getByRole('region', { name: 'Query builder' });
  await builder.getByLabel('Rows (max_num)').fill('7');
  await page.getByRole('button', { name: 'Run query' }).click();
  const table = page.getByRole('table', { name: 'Results' });
  await expect(table).toHaveAttribute('aria-rowcount', '8');
  const rows = await table.getByRole('row').allInnerTexts();
  const body = await page
    .getByRole('region', { name: 'Request body' })
    .getByRole('textbox')
    .inputValue();

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
  await expect(other.getByRole('table', { name: 'Results' })).toHaveAttribute('aria-rowcount', '8');
  expect(
    await other.getByRole('region', { name: 'Request body' }).getByRole('textbox').inputValue(),
  ).toBe(body);
  expect(
    await other.getByRole('table', { name: 'Results' }).getByRole('row').allInnerTexts(),
  ).toEqual(rows);
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
  // Only the module's record count: no query of the link ran.
  expect(queries.every((posted) => posted === '{"module":"updates","count_only":true}')).toBe(true);
});
