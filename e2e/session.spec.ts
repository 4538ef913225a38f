import { API_PATHS } from '#contract/auth';
import { expect, test } from '@playwright/test';
import {
  accessTokenOf,
  expectNoSeriousA11yIssues,
  openBuilder,
  openJson,
  recordUrls,
  signIn,
} from './journey.ts';

test('an analyst signs in, runs a starter query, and no token ever leaves the tab', async ({
  page,
  context,
}) => {
  const urls = recordUrls(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText('analyst-demo')).toBeVisible();
  await signIn(page, 'analyst', 'wrong password');
  await expect(page.getByRole('alert')).toContainText('The user name or password is incorrect.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  await page.getByRole('link', { name: /^Try: Berkshire Hathaway/ }).click();
  // `?run=starter` lasts only until the run is written into the address as its link (`#s=…`),
  // which a fast run does before the check can see it: either means the starter ran here.
  await expect(page).toHaveURL(/\/q\/13f_holdings(?:\?run=starter$|#s=)/);
  await expect(
    page.getByRole('status').filter({ hasText: /^Rows 1–25 of 38 matching/ }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('APPLE INC');
  await expect(page.getByText(/^[\d,]+ records$/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  const token = await accessTokenOf(page);
  expect(token).not.toBe('');
  const local = await page.evaluate(() =>
    Object.keys(window.localStorage)
      .map((key) => `${key}=${window.localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
  const databases = await page.evaluate(async () => (await indexedDB.databases()).length);
  expect(local).not.toContain(token);
  expect(databases).toBe(0);
  // One cookie: the device cookie of the account signed in to, which only the sign-in path gets,
  // which no script can read, and which holds no token.
  const cookies = await context.cookies();
  expect(cookies.map(({ path, httpOnly, sameSite }) => ({ path, httpOnly, sameSite }))).toEqual([
    { path: API_PATHS.token, httpOnly: true, sameSite: 'Strict' },
  ]);
  expect(cookies[0]?.name).toMatch(/^device-[0-9a-f]{16}$/);
  expect(cookies[0]?.value).not.toContain(token);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(urls.filter((url) => url.includes(token))).toEqual([]);

  const logout = page.waitForResponse((response) =>
    response.url().endsWith('/index.php/api/oauth2/logout'),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  // The service revoked it: a copy of the old token no longer works.
  expect((await logout).status()).toBe(200);
  const replay = await page.request.post('/index.php/api/service', {
    headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token },
    data: JSON.stringify({ module: 'metro_area__c', count_only: true }),
  });
  expect(replay.status()).toBe(401);
});

test('a deep link survives the sign-in; a limited user sees the 403 and the module marked', async ({
  page,
}) => {
  await page.goto('/q/13f_holdings');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'crm-viewer', 'viewer-demo');
  await expect(page).toHaveURL(/\/q\/13f_holdings$/);
  await expect(page.getByRole('alert')).toContainText(
    'Your account does not include 13F holdings. Ask your administrator',
  );
  const navigation = page.getByRole('navigation', { name: 'Modules' });
  await expect(navigation.getByRole('link', { name: /13F holdings/ })).toContainText(
    'Not in your subscription',
  );
  await expect(navigation.getByRole('link', { name: /Metro areas/ })).not.toContainText(
    'Not in your subscription',
  );

  // A reload of the tab keeps the mark, on the landing page too.
  await page.goto('/');
  await expect(navigation.getByRole('link', { name: /13F holdings/ })).toContainText(
    'Not in your subscription',
  );
  await expect(page.getByRole('region', { name: '13F holdings' })).toContainText(
    'Your account does not include 13F holdings.',
  );
});

// One test per page: each axe pass takes seconds on a loaded 2-core machine, and six of them in
// one test outran its time budget in CI without any finding.
test('the login page has no serious accessibility issues', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('a CRM workspace with its result has no serious accessibility issues', async ({ page }) => {
  await page.goto('/q/metro_area__c?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('grid', { name: 'Results' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
});

test('the 13F workspace, chips, builder and JSON have no serious accessibility issues', async ({
  page,
}) => {
  // The query collapsed to chips (one opened in place), then the full builder, then its JSON,
  // the sidebar hidden.
  test.slow();
  await page.goto('/q/13f_holdings?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('region', { name: /^Portfolio weights/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: /^Edit condition 1: / }).click();
  await expect(page.getByRole('group', { name: 'Condition 1' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.keyboard.press('Escape');
  await openBuilder(page);
  await expectNoSeriousA11yIssues(page);
  await openJson(page);
  await page.getByRole('button', { name: 'Hide the module list' }).click();
  await expect(page.getByRole('navigation', { name: 'Modules' })).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show the module list' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expectNoSeriousA11yIssues(page);
});

test('the keyboard reaches the workspace through the skip link and runs a query', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('User name').fill('analyst');
  await page.keyboard.press('Tab');
  await page.keyboard.type('analyst-demo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Modules' })).toBeVisible();
  await page.goto('/q/metro_area__c');
  await expect(page.getByRole('heading', { name: 'Metro areas' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the workspace' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Run query' }).focus();
  await page.keyboard.press('Enter');
  // The starter lists every metro area by country: Australia's come first.
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('Australia');
});

test('a link’s query stays in the fragment through the sign-in, and runs once after it', async ({
  page,
}) => {
  const urls = recordUrls(page);
  const queries: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/index.php/api/service')) queries.push(request.postData() ?? '');
  });
  const body = {
    module: 'metro_area__c',
    filters: { filter: [{ country__c: { $equals: 'Japan' } }], order_by: 'name:ASC' },
  };
  const fragment = `#query=${encodeURIComponent(JSON.stringify(body))}`;
  await page.goto(`/q/metro_area__c${fragment}`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fq%2Fmetro_area__c#query=/);
  await signIn(page, 'analyst', 'analyst-demo');
  // The same address (the router may leave brackets unescaped: the same text decoded).
  await expect
    .poll(() => decodeURIComponent(page.url()))
    .toMatch(/\/q\/metro_area__c#query=\{"module":"metro_area__c".*"Japan".*\}$/);
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('Tokyo');
  // The server never saw the query in an address: it travelled only in the fragment.
  for (const url of urls)
    expect(decodeURIComponent(url.split('#')[0] ?? '')).not.toContain('Japan');
  // Run once: one count and one page of rows for the link's filter.
  expect(queries.filter((posted) => posted.includes('Japan'))).toHaveLength(2);
});
