/**
 * The sign-in throttle as the analyst meets it, against the real server: wrong passwords until
 * the service makes this browser wait, then a countdown with Sign in disabled, then "You can try
 * again now." The servers trust X-Forwarded-For from loopback (TRUST_PROXY in
 * playwright.config.ts), so this browser counts as 203.0.113.7, a documentation address: its
 * failures never spend the budget of 127.0.0.1, from which every other journey signs in. The user
 * name is one no other journey uses (the throttle slows unknown names as it does known ones).
 *
 * No pixel baseline: the seconds shown depend on how fast the attempts ran. The screenshot is
 * kept as a test artifact (login-lockout.png) to look at.
 */
import { expect, test } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { API_PATHS } from '#contract/auth';
import { expectNoSeriousA11yIssues } from './journey.ts';
import { MAIN_SERVER } from './servers.ts';

const USER = 'lockout-probe';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' } });

const PAUSED = 'Too many failed sign-ins for this user from this browser.';

/** Submits a wrong password and returns the token endpoint's answer. */
async function wrongPassword(page: Page, attempt: number): Promise<Response> {
  await page.getByLabel('Password', { exact: true }).fill(`wrong password ${String(attempt)}`);
  const answer = page.waitForResponse((response) => response.url().endsWith(API_PATHS.token));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return answer;
}

test('too many failed sign-ins: a countdown with Sign in disabled, then open again', async ({
  page,
  playwright,
}, testInfo) => {
  // Three free failures, then waits of 1, 2, 4 and 8 s before the one shown (16 s), and that.
  test.setTimeout(120_000);
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(API_PATHS.token)) tokenRequests.push(request.url());
  });
  await page.goto('/login');
  await page.getByLabel('User name').fill(USER);
  const button = page.getByRole('button', { name: 'Sign in' });
  const paused = page.getByRole('group', { name: 'Sign-in paused' });
  const timer = paused.getByRole('timer');

  // Wrong passwords, each as soon as Sign in allows it, until a wait long enough to look at.
  let waitSeconds = 0;
  for (let attempt = 1; waitSeconds < 10; attempt += 1) {
    expect(attempt, 'the service never made this browser wait 10 s').toBeLessThanOrEqual(12);
    await expect(button).toBeEnabled({ timeout: 20_000 });
    const answer = await wrongPassword(page, attempt);
    // A refusal (429), or the wrong password that starts a wait (400 with Retry-After): both
    // count down at once.
    const retryAfter = answer.headers()['retry-after'];
    if (answer.status() === 429 || retryAfter !== undefined) {
      waitSeconds = Number(retryAfter);
      await expect(paused).toBeVisible();
    } else {
      expect(answer.status()).toBe(400);
      await expect(page.getByRole('alert')).toHaveText(/The user name or password is incorrect\./);
    }
  }

  // One message, the time left as m:ss, Sign in disabled and described by the message.
  await expect(paused).toContainText(`${PAUSED} Try again in 0:`);
  await expect(timer).toHaveText(/^0:(1\d|0\d)$/);
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(
    new RegExp(`^${PAUSED} Try again in 0:\\d\\d\\.$`),
  );
  await expect(page.getByLabel('User name')).toHaveValue(USER);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // The line for screen readers is said, not shown (its style is in the login page's own).
  await expect(page.getByRole('status')).toHaveText(
    `${PAUSED} Try again in ${String(waitSeconds)} seconds.`,
  );
  expect((await page.getByRole('status').boundingBox())?.height).toBeLessThanOrEqual(1);
  await page.mouse.move(0, 0);
  const picture = testInfo.outputPath('login-lockout.png');
  await page.screenshot({ path: picture });
  await testInfo.attach('login-lockout', { path: picture, contentType: 'image/png' });
  await expectNoSeriousA11yIssues(page);

  // The wait is 203.0.113.7's: the same user name from 127.0.0.1 is judged at once (one failure
  // of 127.0.0.1's twenty, as e2e/session.spec.ts spends one).
  // (A request context takes the test's options, X-Forwarded-For too, unless given its own.)
  const elsewhere = await playwright.request.newContext({
    baseURL: MAIN_SERVER.url,
    extraHTTPHeaders: {},
  });
  const judged = await elsewhere.post(API_PATHS.token, {
    data: { grant_type: 'password', username: USER, password: 'wrong from elsewhere' },
  });
  expect(judged.status()).toBe(400);
  await elsewhere.dispose();

  // The keyboard cannot send it either; the countdown runs on while the analyst types.
  const sent = tokenRequests.length;
  const shown = await timer.textContent();
  await page.getByLabel('Password', { exact: true }).fill('typed while waiting');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(timer).not.toHaveText(shown ?? '');
  expect(tokenRequests).toHaveLength(sent);

  // At zero the message says so and Sign in works again: the next wrong password is judged.
  await expect(page.getByRole('group')).toHaveText('You can try again now.', {
    timeout: (waitSeconds + 5) * 1000,
  });
  await expect(button).toBeEnabled();
  const judgedAgain = await wrongPassword(page, 99);
  expect(judgedAgain.status()).toBe(400);
  // Judged, and wrong again: the next wait, twice as long, counts down at once.
  expect(Number(judgedAgain.headers()['retry-after'])).toBeGreaterThan(waitSeconds);
  await expect(paused).toContainText(`${PAUSED} Try again in 0:`);
  await expect(button).toBeDisabled();
});
