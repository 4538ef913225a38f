import { readFile } from 'node:fs/promises';
import { read, utils } from '@e965/xlsx';
import type { CellObject, WorkSheet } from '@e965/xlsx';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signIn } from './journey.ts';

/** A filer of the demo whose late 2023-03-31 filing is flagged, Apple among its positions. */
const FLAGGED_QUARTER = {
  module: '13f_holdings',
  filters: {
    fields: [
      'nameofissuer',
      'ticker',
      'cusip',
      'value',
      'portfolio_pct_weight',
      'periodofreport',
      'filedat',
    ],
    filter: [
      { companyname: { $equals: 'ALDER CREEK CAPITAL (DATA-QUALITY DEMO)' } },
      { periodofreport: { $equals: '2023-03-31' } },
    ],
    order_by: 'value:DESC',
  },
};

// The filer leads after the flags: the query does not return it, and a file says whose it is.
const LABELS = [
  'Data-quality flags',
  'Filer',
  'Issuer',
  'Ticker',
  'CUSIP',
  'Value (USD)',
  'Portfolio weight',
  'Period of report',
  'Filed at (UTC)',
];
const API_NAMES = ['', 'companyname', ...FLAGGED_QUARTER.filters.fields];

async function exportAs(page: Page, form: RegExp): Promise<Buffer> {
  await page.goto(`/login?redirect=${encodeURIComponent('/q/13f_holdings')}`);
  await signIn(page, 'analyst', 'analyst-demo');
  await expect(page.getByRole('heading', { name: '13F holdings' })).toBeVisible();
  await page.goto(`/q/13f_holdings#query=${encodeURIComponent(JSON.stringify(FLAGGED_QUARTER))}`);
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemradio', { name: form }).click();
  await page.getByRole('menuitemcheckbox', { name: 'API names as a second header row' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /rows loaded/ }).click();
  return readFile(await (await downloading).path());
}

/** What a spreadsheet reads: the header lines and Apple's row, each cell typed. */
function expectTypedAsExcelWould(sheet: WorkSheet, labels_ = LABELS) {
  const [labels, names, ...rows] = utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
  });
  expect(labels).toEqual(labels_);
  expect(names?.map((name) => name ?? '')).toEqual(API_NAMES);
  const apple = rows.find((row) => row[3] === 'AAPL');
  expect(apple?.[1]).toBe('ALDER CREEK CAPITAL (DATA-QUALITY DEMO)');
  expect(apple?.[4]).toBe('037833100');
  expect(apple?.[5]).toBe(74205000);
  expect(typeof apple?.[6]).toBe('number');
  expect(apple?.[7]).toBeInstanceOf(Date);
  expect((apple?.[7] as Date).toISOString().slice(0, 10)).toBe('2023-03-31');
  expect(apple?.[8]).toBeInstanceOf(Date);
  expect(String(apple?.[0])).toMatch(
    /^From amendment \S+ \(13F-HR\/A, a restatement\), filed Aug 21, 2023, 143 days after the quarter/,
  );
  // Every CUSIP shows its nine characters: text where Excel would damage it, else plain digits.
  for (const row of rows) expect(String(row[4])).toMatch(/^[0-9A-Z]{9}$/);
}

test('the Excel-ready CSV reads back typed: codes text, numbers numbers, dates dates, flags', async ({
  page,
}) => {
  const bytes = await exportAs(page, /^Excel-ready CSV/);
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // SheetJS parses CSV as Excel does: ="..." is text, ISO days are dates, numbers numbers.
  const book = read(text.slice(1), { type: 'string', cellDates: true });
  // The CSV's percents are the numbers shown (25.76), its header says so.
  const labels = LABELS.map((label) => (label === 'Portfolio weight' ? `${label} (%)` : label));
  expectTypedAsExcelWould(book.Sheets[book.SheetNames[0] ?? ''] as WorkSheet, labels);
});

test('the XLSX reads back typed, its two header rows frozen', async ({ page }) => {
  const bytes = await exportAs(page, /^Excel workbook/);
  const book = read(bytes, { cellDates: true, cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''] as WorkSheet;
  expectTypedAsExcelWould(sheet);
  expect((sheet.G3 as CellObject | undefined)?.z).toBe('0.00%');
  const xml = strFromU8(
    unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml'] ?? new Uint8Array(),
  );
  expect(xml).toContain(
    '<pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/>',
  );
});
