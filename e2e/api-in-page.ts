import type { Page } from '@playwright/test';

/**
 * Logs in as the demo analyst and runs a query from inside the page, same-origin, as the app's
 * fetch layer does; returns the status and parsed body.
 */
export function queryInPage(page: Page, body: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (queryBody) => {
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
    const response = await fetch('/index.php/api/service', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token },
      body: JSON.stringify(queryBody),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, body);
}
