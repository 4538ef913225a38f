import { expect, test } from '@playwright/test';

test('the dashboard page and its API are served on one port', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Marketplace analyst dashboard');
  await expect(page.getByRole('heading', { name: 'Marketplace analyst dashboard' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(6);

  // From the page's own origin, as the app's fetch layer will: log in, then query.
  const answer = await page.evaluate(async () => {
    const login = await fetch('/index.php/api/oauth2', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'analyst',
        password: 'analyst-demo',
        grant_type: 'password',
      }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const query = await fetch('/index.php/api/service', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token },
      body: JSON.stringify({
        module: '13f_holdings',
        filters: {
          fields: ['ticker', 'portfolio_pct_weight'],
          order_by: 'portfolio_pct_weight:DESC',
          max_num: '5',
        },
      }),
    });
    return { status: query.status, body: (await query.json()) as { records: unknown[] } };
  });
  expect(answer.status).toBe(200);
  expect(answer.body.records).toHaveLength(5);
});

test('built assets are cached for a year, the page is revalidated, client routes fall back', async ({
  request,
}) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const deepLink = await request.get('/q/13f_holdings');
  expect(deepLink.status()).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');
});
