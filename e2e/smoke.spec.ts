import { expect, test } from '@playwright/test';
import { queryInPage } from './api-in-page.ts';

test('the dashboard page and its API are served on one port', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Marketplace analyst dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // From the page's own origin, as the app's fetch layer will: log in, then query.
  const answer = await queryInPage(page, {
    module: '13f_holdings',
    filters: {
      fields: ['ticker', 'portfolio_pct_weight'],
      order_by: 'portfolio_pct_weight:DESC',
      max_num: '5',
    },
  });
  expect(answer.status).toBe(200);
  expect((answer.body as { records: unknown[] }).records).toHaveLength(5);
});

test('built assets are cached for a year, the page is revalidated, client routes fall back', async ({
  request,
}) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  // The production page allows scripts from its own origin only.
  expect(page.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  expect(page.headers()['x-frame-options']).toBe('DENY');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const deepLink = await request.get('/q/13f_holdings');
  expect(deepLink.status()).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');
});
