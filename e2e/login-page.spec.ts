import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

// /login is answered with the form already in its HTML and its stylesheet in the page
// (vite.config.ts), so it paints before any script has run; main.tsx then hydrates it.

/** Mantine's blue 8 (#1971c2), the theme's primary shade: the Sign in button, styled. */
const PRIMARY = 'rgb(25, 113, 194)';

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the styled form, focused on the user name, and needs no other file', async ({
    page,
  }) => {
    const assets: string[] = [];
    await page.route('**/assets/**', (route) => {
      assets.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
    await page.goto('/login?redirect=%2Fq%2F13f_holdings');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('User name')).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toHaveCSS('background-color', PRIMARY);
    // Scripts are off; a stylesheet would be all the page could fetch, and it has its own.
    expect(assets).toEqual([]);
  });

  test('Sign in sends nothing yet, and the password never reaches the address', async ({
    page,
  }) => {
    await page.goto('/login');
    const requests: string[] = [];
    page.on('request', (request) => {
      // The browser fetches the page's icon on its own, whenever it gets to it: not a sending.
      if (!request.url().endsWith('/favicon.svg')) requests.push(request.url());
    });
    await page.getByLabel('User name').fill('analyst');
    await page.getByLabel('Password', { exact: true }).fill('analyst-demo');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeDisabled();
    await button.click({ force: true });
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // A GET submission would navigate to /login?username=…&password=… within a task or two.
    await expect(page.waitForURL(/password=/, { timeout: 1_000 })).rejects.toThrow();
    expect(page.url()).not.toContain('analyst-demo');
    expect(requests).toEqual([]);
  });

  test('every other route gets the empty page, not a stale login form', async ({ page }) => {
    for (const path of ['/', '/q/13f_holdings', '/saved']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

test('what is typed before the scripts run is kept, and signs in', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The scripts arrive late, as on a slow line: the analyst types into the page meanwhile.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login?redirect=%2Fq%2F13f_holdings', { waitUntil: 'commit' });
  await page.getByLabel('User name').pressSequentially('analyst');
  await page.getByLabel('Password', { exact: true }).pressSequentially('analyst-demo');
  release();

  // Hydrated, with the configuration: the demo users are listed.
  await expect(page.getByText('analyst-demo', { exact: true })).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveValue('analyst');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/q\/13f_holdings/);
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  // React found the markup it would have rendered: a mismatch is logged as an error.
  expect(errors).toEqual([]);
});

test("the signed-in app does not load the first page's stylesheet again after its own", async ({
  page,
}) => {
  // The stylesheet every page starts with (index.html links it, login.html holds it).
  const index = await (await page.request.get('/')).text();
  const held = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(index)?.[1];
  expect(held).toMatch(/^\/assets\/.+\.css$/);
  await page.goto('/login?redirect=%2Fq%2F13f_holdings');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  // Linked again, Mantine's rules for the login's components would come after the app's own
  // stylesheets and win over them.
  const applied = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      sheet.href === null ? [] : [new URL(sheet.href).pathname],
    ),
  );
  expect(applied.length).toBeGreaterThan(0);
  expect(applied.slice(1)).not.toContain(held);
});

test('the app’s code is fetched once the analyst types, not with the login page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const loginScripts = scripts.length;
  // The build names the signed-in app's chunk "shell" (vite.config.ts).
  expect(scripts.filter((path) => path.includes('/shell-'))).toEqual([]);

  await page.getByLabel('User name').pressSequentially('ana');
  await expect
    .poll(() => scripts.slice(loginScripts).some((path) => path.includes('/shell-')))
    .toBe(true);
  // Typed on, the code is not asked again; the sign-in then works as ever.
  const asked = scripts.length;
  await page.getByLabel('User name').pressSequentially('lyst');
  await page.getByLabel('Password', { exact: true }).fill('analyst-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What changed' })).toBeVisible();
  expect(scripts.slice(asked).filter((path) => path.includes('/shell-'))).toEqual([]);
});
