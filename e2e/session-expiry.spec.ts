import { expect, test } from '@playwright/test';
import { openJson, signIn } from './journey.ts';
import { SHORT_SESSION_SERVER } from './servers.ts';

test.use({ baseURL: SHORT_SESSION_SERVER.url });

test('a session that ends mid-work: re-login over the page, nothing lost, the query runs once more', async ({
  page,
}) => {
  const queries: { body: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/index.php/api/service')) {
      queries.push({ body: response.request().postData() ?? '', status: response.status() });
    }
  });
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Metro areas' })).toBeVisible();

  // The analyst edits the query: the state the re-login must not lose.
  const editor = await openJson(page);
  const edited = JSON.stringify({
    module: 'metro_area__c',
    filters: { filter: [{ country__c: { $equals: 'United Kingdom' } }], max_num: '7' },
  });
  await editor.fill(edited);
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('United Kingdom');

  // The token lapses (and the refresh deadline already has): the next run meets a 401.
  await expect(page.getByLabel('Session time left')).toHaveText('Session ended', {
    timeout: (SHORT_SESSION_SERVER.accessTokenSeconds + 20) * 1000,
  });
  const before = queries.length;
  await page.getByRole('button', { name: 'Run query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('User name')).toHaveValue('analyst');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('United Kingdom');
  // The query as edited (the editor, opened again, lays it out anew).
  await openJson(page);
  await expect
    .poll(async () => JSON.parse(await editor.inputValue()) as unknown)
    .toEqual(JSON.parse(edited));
  // The count that met the 401 ran once more after the sign-in, then the rows came.
  // (Only the edited query's own requests: the builder's pick-lists ask for their values too.)
  const after = queries.slice(before).filter((query) => query.body.includes('United Kingdom'));
  expect(after.map((query) => query.status)).toEqual([401, 200, 200]);
  expect(after[1]?.body).toBe(after[0]?.body);
  expect(after[2]?.body).toBe(edited);
});
