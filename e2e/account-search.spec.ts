/**
 * Accounts reached from search and followed from results (issue #36): by their current name, by
 * a name only account history holds, and a star in a CRM account cell the account page shows.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues, signIn } from './journey.ts';

const BERKSHIRE_ACCOUNT = '0015g00000Jm3MaAAJ';

/** Signs in, opens the search and types `text`. */
async function search(page: Page, text: string) {
  await page.goto('/login');
  await signIn(page, 'analyst', 'analyst-demo');
  const box = page.getByRole('combobox', { name: 'Search filers, securities and accounts' });
  await box.click();
  await box.pressSequentially(text);
  return box;
}

test('"berkshire" then "→ account page" opens Berkshire Hathaway’s account page', async ({
  page,
}) => {
  await search(page, 'berkshire');
  const accounts = page.getByRole('group', { name: 'Accounts' });
  const first = accounts.getByRole('option').first();
  await expect(first).toHaveAccessibleName(
    `BERKSHIRE HATHAWAY INC → account page Account ${BERKSHIRE_ACCOUNT}`,
  );
  await expectNoSeriousA11yIssues(page);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/account/${BERKSHIRE_ACCOUNT}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'BERKSHIRE HATHAWAY INC' }),
  ).toBeVisible();
});

test('an account is found by a name only account history holds, old or current', async ({
  page,
}) => {
  // CRM accounts no 13F filer is matched to: account history's renames alone name them.
  const box = await search(page, 'elmstead');
  await expect(
    page.getByRole('option', { name: /^Elmstead Capital Management → account page/ }),
  ).toBeVisible();
  // An old name finds the account too, and the option says it is an old one.
  await box.fill('');
  await box.pressSequentially('kestrel investment counsel');
  const option = page.getByRole('option', { name: /^Kestrel Global Investors → account page/ });
  await expect(option).toContainText('Formerly Kestrel Investment Counsel · Account 0015g');
  await expect(page.getByRole('option').first()).toHaveAccessibleName(/^Kestrel Global/);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/account\/0015g00000JvQJGAA3$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kestrel Global Investors' }),
  ).toBeVisible();
});

test('a star in a CRM account cell follows the account, as its page then shows', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/accounthistory?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const grid = page.getByRole('grid', { name: 'Results' });
  const cell = grid
    .getByRole('row')
    .nth(1)
    .getByRole('gridcell')
    .filter({
      has: page.getByRole('link', { name: /0015g/ }),
    });
  const star = cell.getByRole('button', { name: /^Follow / });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  // Named for the account once its name is known.
  await expect(star).not.toHaveAccessibleName(/^Follow 0015g/);
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const name = (await star.getAttribute('aria-label')) ?? '';
  await cell.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/0015g\w{13}$/);
  const headerStar = page.getByRole('button', { name, exact: true });
  await expect(headerStar).toHaveAttribute('aria-pressed', 'true');
});
