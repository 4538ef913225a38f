import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

/** Scion's Sep 30, 2025 filing, asked for with the module's default fields. */
const SCION = {
  module: '13f_holdings',
  filters: {
    filter: [
      { companyname: { $equals: 'SCION ASSET MANAGEMENT, LLC' } },
      { periodofreport: { $equals: '2025-09-30' } },
    ],
    order_by: 'value:DESC',
  },
};

test('a filing with options shows them apart: Put/Call, no weight, out of the weights chart', async ({
  page,
}) => {
  await page.goto(
    `/login?redirect=${encodeURIComponent(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(SCION))}`)}`,
  );
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(page.getByText(/^22 records match: 8 positions held, 14 sold out/)).toBeVisible();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) =>
    text.trim(),
  );
  // The defaults as returned: Put/Call among them, none of the fields fetched for the flags.
  expect(headers).toContain('Put/Call');
  expect(headers).not.toContain('Accession');
  expect(headers).not.toContain('Rows declared');
  const at = (name: string) => headers.indexOf(name);
  const rows = (await table.getByRole('row').allInnerTexts())
    .slice(1)
    .map((row) => row.split('\t'));
  const options = rows.filter((cells) => ['PUT', 'CALL'].includes(cells[at('Put/Call')] ?? ''));
  // Four options held (PLTR and NVDA puts, PFE and HAL calls), six sold out since June.
  expect(options.filter((cells) => cells[at('Value (USD)')] !== '$0')).toHaveLength(4);
  expect(options.length).toBeGreaterThan(4);
  for (const cells of options) expect(cells[at('Portfolio weight')]).toBe('—');
  const shares = rows.filter((cells) => cells[at('Put/Call')] === '—');
  const weightSum = shares.reduce(
    (sum, cells) => sum + (Number.parseFloat(cells[at('Portfolio weight')] ?? '') || 0),
    0,
  );
  expect(weightSum).toBeCloseTo(100, 1);
  const weights = page.getByRole('region', { name: /^Portfolio weights — SCION/ });
  await expect(weights).toContainText(/4 option positions \(puts and calls, \$[\d,]+ notional/);
  await expect(weights).toContainText('Concentration: top 10 = 100.00%');
});
