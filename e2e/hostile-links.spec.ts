import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

test('a login link whose redirect would leave the app signs in and opens the home page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // `%09` arrives as a tab, which the browser drops: `//evil.example`, another site.
  await page.goto('/login?redirect=/%09/evil.example');
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: 'Modules', level: 2 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(errors).toEqual([]);
});

test('an address of a module the dashboard does not have says so inside the app', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/no_such_module')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const notFound = page.getByRole('region', { name: 'No such module' });
  await expect(notFound).toContainText('no_such_module');
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  await notFound.getByRole('link', { name: 'See all the modules' }).click();
  await expect(page.getByRole('heading', { name: 'Modules', level: 2 })).toBeVisible();
});
