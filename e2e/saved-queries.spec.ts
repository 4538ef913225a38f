import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accessTokenOf, expectNoSeriousA11yIssues, openBuilder, signIn } from './journey.ts';

const QUERY_PATH = '/index.php/api/service';

/** Resolves with the next query the page posts whose rows limit is `maxNum`. */
function nextQueryWithRows(page: Page, maxNum: string) {
  return page.waitForRequest((request) => {
    if (!request.url().endsWith(QUERY_PATH)) return false;
    const body = JSON.parse(request.postData() ?? '{}') as { filters?: { max_num?: unknown } };
    return String(body.filters?.max_num) === maxNum;
  });
}

test('a saved query is listed, renamed, opened, exported, deleted and imported back, with no credential stored', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/updates')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Contact updates' })).toBeVisible();
  await (await openBuilder(page)).getByLabel('Rows (max_num)').fill('7');

  // Save it under a name of the analyst's choosing.
  await page.getByRole('button', { name: 'Save query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Seven updates');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();

  // Listed under Saved queries, then renamed in place.
  await page.getByRole('link', { name: 'Saved queries' }).click();
  const table = page.getByRole('table', { name: 'Saved queries' });
  const row = table.getByRole('row').filter({ hasText: 'Seven updates' });
  await expect(row).toContainText('Contact updates');
  await expect(row).toContainText('up to 7 rows');
  // The pointer off the navigation: a hovered link's shade is not what is being checked.
  await page.mouse.move(600, 10);
  await expectNoSeriousA11yIssues(page);
  await row.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'New name for “Seven updates”' }).fill('Latest seven');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = table.getByRole('row').filter({ hasText: 'Latest seven' });
  await expect(renamed).toBeVisible();

  // Open: the workspace opens with that query and runs it.
  const ran = nextQueryWithRows(page, '7');
  await renamed.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/q\/updates#s=/);
  expect(JSON.parse((await ran).postData() ?? '{}')).toMatchObject({ module: 'updates' });
  await expect(page.getByRole('button', { name: '7 rows' })).toBeVisible();
  await expect((await openBuilder(page)).getByLabel('Rows (max_num)')).toHaveValue('7');
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '8');

  // Export queries and follows: a dated JSON file holding the query.
  await page.getByRole('link', { name: 'Saved queries' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export queries and follows' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^saved-queries-and-follows-\d{4}-\d{2}-\d{2}\.json$/,
  );
  const exportPath = await download.path();
  const exported = JSON.parse(await readFile(exportPath, 'utf8')) as Record<string, unknown>;
  expect(exported).toMatchObject({
    format: 'marketplace-saved-queries',
    version: 1,
    queries: [
      {
        name: 'Latest seven',
        state: { v: 1, module: 'updates', body: { module: 'updates', filters: { max_num: '7' } } },
      },
    ],
  });

  // Delete it, then import the export back; a second import skips it as a duplicate.
  await table
    .getByRole('row')
    .filter({ hasText: 'Latest seven' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No saved queries yet.', { exact: false })).toBeVisible();
  const fileInput = page.getByLabel('Saved queries and follows file to import');
  await fileInput.setInputFiles(exportPath);
  const report = page.getByRole('status').filter({ hasText: 'Import of' });
  await expect(report).toContainText('1 query added');
  await expect(table.getByRole('row').filter({ hasText: 'Latest seven' })).toBeVisible();
  await fileInput.setInputFiles(exportPath);
  await expect(report).toContainText('0 queries added');
  await expect(report).toContainText('1 duplicate skipped');
  await expect(table.getByRole('row').filter({ hasText: 'Latest seven' })).toHaveCount(1);

  // From the workspace, its own saved queries open from a menu and run there.
  await page.getByRole('link', { name: 'Contact updates' }).click();
  await (await openBuilder(page)).getByLabel('Rows (max_num)').fill('3');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '4');
  await page.getByRole('button', { name: 'Saved queries (1)' }).click();
  await page.getByRole('menuitem', { name: /^Latest seven/ }).click();
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '8');
  await expect(page.getByRole('button', { name: '7 rows' })).toBeVisible();
  // It is a history entry of its own: Back returns to the run before it.
  await page.goBack();
  await expect(page.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '4');

  // localStorage holds the query state, and no token or password.
  const token = await accessTokenOf(page);
  expect(token).not.toBe('');
  const local = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(local).toContain('marketplace.savedQueries.v1:analyst');
  expect(local).not.toContain(token);
  expect(local).not.toContain('analyst-demo');
});
