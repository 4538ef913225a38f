import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { accessTokenOf, signIn } from './journey.ts';

const BERKSHIRE = 'Follow BERKSHIRE HATHAWAY INC';
const APPLE = 'Follow AAPL · APPLE INC';
const APPLE_VIEW = '/security?v=1&cusip=037833100&period=2025-03-31';

/** The star of the security view's heading, once the view has read its holders. */
async function appleStar(page: Page) {
  await page.goto(APPLE_VIEW);
  await expect(page.getByRole('heading', { name: 'AAPL · APPLE INC', exact: true })).toBeVisible();
  return page.getByRole('button', { name: APPLE, exact: true });
}

async function signOutAndIn(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn(page, username, password);
}

test('stars kept per user across a reload, and carried by the saved-queries export', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');

  // Berkshire Hathaway from its 13F portfolio's heading (the starter pins the filer, so its rows
  // have no filer column); a row's security star follows without opening the row.
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('button', { name: 'Follow APPLE INC', exact: true })).toBeVisible();
  const filerStar = page.getByRole('button', { name: BERKSHIRE, exact: true });
  await filerStar.click();
  await expect(filerStar).toHaveAttribute('aria-pressed', 'true');
  const coke = grid.getByRole('button', { name: 'Follow COCA COLA CO', exact: true });
  await coke.click();
  await expect(coke).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: 'Row details' })).toHaveCount(0);
  await coke.click();
  await expect(coke).toHaveAttribute('aria-pressed', 'false');

  // Apple from its security view's heading; Berkshire shows followed among its holders.
  const star = await appleStar(page);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const holders = page.getByRole('table', { name: /^Holders at/ });
  await expect(holders.getByRole('button', { name: BERKSHIRE, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Kept across a reload, in the browser under the user name, never with the token.
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const token = await accessTokenOf(page);
  const stored = await page.evaluate(() =>
    Object.fromEntries(
      Array.from({ length: window.localStorage.length }, (_, at) => {
        const key = window.localStorage.key(at) ?? '';
        return [key, window.localStorage.getItem(key)];
      }),
    ),
  );
  expect(Object.keys(stored).filter((key) => key.startsWith('marketplace.follows'))).toEqual([
    'marketplace.follows.v1:analyst',
  ]);
  expect(JSON.stringify(stored)).not.toContain(token);

  // Another analyst on the same browser follows nothing: nothing to export either.
  await signOutAndIn(page, 'crm-viewer', 'viewer-demo');
  await page.getByRole('link', { name: 'Saved queries' }).click();
  await expect(page.getByRole('button', { name: 'Export queries and follows' })).toBeDisabled();

  // Back as the analyst: export, lose the browser's storage, import, and the stars are back.
  await signOutAndIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: 'Saved queries' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export queries and follows' }).click();
  const exportPath = await (await downloading).path();
  const exported = JSON.parse(await readFile(exportPath, 'utf8')) as { follows: unknown[] };
  expect(exported.follows).toEqual([
    expect.objectContaining({ kind: 'filer', key: 'BERKSHIRE HATHAWAY INC' }),
    expect.objectContaining({ kind: 'security', key: '037833100' }),
  ]);
  await page.evaluate(() => {
    window.localStorage.clear();
  });
  await expect(await appleStar(page)).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('link', { name: 'Saved queries' }).click();
  await page.getByLabel('Saved queries and follows file to import').setInputFiles(exportPath);
  const report = page.getByRole('status').filter({ hasText: 'Import of' });
  await expect(report).toContainText('2 follows added');
  await expect(await appleStar(page)).toHaveAttribute('aria-pressed', 'true');
});
