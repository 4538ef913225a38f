import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openJson, signIn } from './journey.ts';
import { ENDING_SESSION_SERVER } from './servers.ts';

test.use({ baseURL: ENDING_SESSION_SERVER.url });

/** The login's end as the tab holds it (epoch ms). */
async function loginEndsAt(page: Page): Promise<number> {
  const stored = await page.evaluate(() => window.sessionStorage.getItem('marketplace.session'));
  return (JSON.parse(stored ?? '{}') as { refreshExpiresAt?: number }).refreshExpiresAt ?? 0;
}

test('five minutes before the login ends, "Stay signed in" renews it and keeps the edited query', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Metro areas' })).toBeVisible();
  const edited = {
    module: 'metro_area__c',
    filters: { filter: [{ country__c: { $equals: 'United Kingdom' } }], max_num: '7' },
  };
  await (await openJson(page)).fill(JSON.stringify(edited));

  // The header counts down to the login's end (4 min 40 s), not the access token's hour.
  await expect(page.getByLabel('Session time left')).toHaveText('5 min left');
  const warning = page.getByRole('status', { name: 'Session ending' });
  await expect(warning).toContainText('Your session ends in 5 min.');
  const before = await loginEndsAt(page);

  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stay signed in' });
  await expect(dialog.getByLabel('User name')).toHaveValue('analyst');
  await dialog.getByLabel('Password', { exact: true }).fill('analyst-demo');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // A new login: its end moved later; the edited query is still there, and runs.
  await expect.poll(() => loginEndsAt(page)).toBeGreaterThan(before);
  const json = page.getByLabel('Request body (JSON)');
  expect(JSON.parse(await json.inputValue())).toEqual(edited);
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('United Kingdom');
});
