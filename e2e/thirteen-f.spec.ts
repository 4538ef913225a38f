import { expect, test } from '@playwright/test';
import { queryInPage } from './api-in-page.ts';

test('real Berkshire Hathaway 13F figures reach the browser through the API', async ({ page }) => {
  await page.goto('/');
  const answer = await queryInPage(page, {
    module: '13f_holdings',
    filters: {
      fields: ['companyname', 'ticker', 'status', 'pct_change_qoq', 'service_account_name'],
      filter: [
        { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
        { periodofreport: { $equals: '2024-06-30' } },
        { ticker: { $equals: 'AAPL' } },
      ],
    },
  });
  const [apple] = (answer.body as { records: Record<string, unknown>[] }).records;
  expect(apple).toMatchObject({
    ticker: 'AAPL',
    status: 'REDUCED',
    service_account_name: 'BERKSHIRE HATHAWAY INC',
  });
  expect(Number(apple?.pct_change_qoq)).toBeCloseTo(-49.33, 2);
});
