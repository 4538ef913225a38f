import { expect, test } from '@playwright/test';
import { signIn } from './journey.ts';

/** The planted filer's Jun 30, 2023 filing: 12 rows declared, Chevron's lost at import. */
const CUT_FILING = {
  module: '13f_holdings',
  filters: {
    filter: [
      { companyname: { $equals: 'ALDER CREEK CAPITAL (DATA-QUALITY DEMO)' } },
      { periodofreport: { $equals: '2023-06-30' } },
    ],
    order_by: 'value:DESC',
  },
};

test('a filing short of its declared rows is flagged on its rows, its SOLD OUT row no sale', async ({
  page,
}) => {
  await page.goto(
    `/login?redirect=${encodeURIComponent(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(CUT_FILING))}`)}`,
  );
  await signIn(page, 'analyst', 'analyst-demo');
  const flags = page.getByRole('alert').filter({ hasText: 'Data-quality flags' });
  await expect(flags).toContainText(
    /The filing does not reconcile: 11 of 12 declared rows imported \(\$[\d,]+ of the \$[\d,]+ declared\)/,
  );
  await expect(flags).toContainText('a position missing here is not a sale');
  // Every row of the filing carries it, Chevron's SOLD OUT row included.
  const table = page.getByRole('grid', { name: 'Results' });
  await table
    .getByRole('row')
    .filter({ hasText: 'CHEVRON CORP NEW' })
    .getByText('CHEVRON CORP NEW', { exact: true })
    .click();
  const details = page.getByRole('dialog', { name: 'Row details' });
  await expect(details).toContainText('11 of 12 declared rows imported');
});
