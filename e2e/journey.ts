import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Fills the sign-in form (the page or the re-login dialog) and submits it. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const username_ = page.getByLabel('User name');
  if (await username_.isEditable()) await username_.fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Every URL the page requests or navigates to, for checks that no token ever appears in one. */
export function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

/** The access token the tab holds, read from its session storage. */
export async function accessTokenOf(page: Page): Promise<string> {
  const stored = await page.evaluate(
    () => window.sessionStorage.getItem('marketplace.session') ?? '{}',
  );
  return (JSON.parse(stored) as { accessToken?: string }).accessToken ?? '';
}

/**
 * Runs axe on the page as it is and expects no serious or critical violation. Waits for running
 * CSS transitions first (a drawer sliding in, an overlay fading): mid-fade, text is measured
 * against a half-drawn background and fails contrast that the settled page meets.
 */
export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // A spinner runs forever: only animations that end are waited for.
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/**
 * The query in the editor the test needs: after a run the query is a bar of chips, so "Edit
 * query" opens it first; then the Builder / JSON toggle picks the editor.
 */
async function openQueryEditor(page: Page, editor: 'Builder' | 'JSON'): Promise<void> {
  const query = page.getByRole('region', { name: 'Query', exact: true });
  await expect(query).toBeVisible();
  const edit = query.getByRole('button', { name: 'Edit query' });
  if (await edit.isVisible()) await edit.click();
  const toggle = page.getByRole('radiogroup', { name: 'Edit the query with' });
  await toggle.getByText(editor, { exact: true }).click();
}

/** The full builder, opened as an analyst would; returns its region. */
export async function openBuilder(page: Page): Promise<Locator> {
  await openQueryEditor(page, 'Builder');
  return page.getByRole('region', { name: 'Query builder' });
}

/** The request body's JSON editor, opened as an analyst would; returns its text box. */
export async function openJson(page: Page): Promise<Locator> {
  await openQueryEditor(page, 'JSON');
  return page.getByLabel('Request body (JSON)');
}
