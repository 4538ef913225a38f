import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { signIn } from './journey.ts';

/** The 13F starter (Berkshire Hathaway, one quarter, 38 positions), as an analyst opens it. */
async function openStarter(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await signIn(page, 'analyst', 'analyst-demo');
  await page.getByRole('link', { name: /^Try: Berkshire Hathaway/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Rows 1–25 of 38 matching/ }),
  ).toBeVisible();
}

/** What Excel shows for a parsed cell: a `="…"` string literal is its text. */
function shownByExcel(cell: unknown): string {
  const text = String(cell);
  return /^="(.*)"$/.exec(text)?.[1] ?? text;
}

test('the Excel-ready CSV reads back typed in an independent parser', async ({ page }) => {
  await openStarter(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'All 38 matching rows' }).click();
  const download = await downloading;
  const name = download.suggestedFilename();
  expect(name).toMatch(/^berkshire-hathaway-inc-.*\.csv$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `Saved 38 rows to ${name}` }),
  ).toBeVisible();

  // papaparse reads as pandas does: a number is a number, everything else a string.
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, unknown>>(text, {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  expect(rows).toHaveLength(38);
  const headers = parsed.meta.fields ?? [];
  for (const header of headers) {
    expect(
      rows.some((row) => row[header] !== null && row[header] !== ''),
      header,
    ).toBe(true);
  }
  expect(headers).not.toContain('Data-quality flags');
  const weight = headers.find((header) => header.startsWith('Portfolio weight'));
  expect(weight).toBe('Portfolio weight (%)');
  const apple = rows.find((row) => row.Ticker === 'AAPL');
  expect(apple?.Issuer).toBe('APPLE INC');
  expect(typeof apple?.['Value (USD)']).toBe('number');
  expect(apple?.[weight ?? '']).toBeGreaterThan(1);
  expect(apple?.[weight ?? '']).toBeLessThan(100);
  // Apple's CUSIP keeps its leading zero, as Excel shows it.
  expect(shownByExcel(apple?.CUSIP)).toBe('037833100');
  for (const row of rows) {
    expect(typeof row['Value (USD)']).toBe('number');
    expect(shownByExcel(row.CUSIP)).toMatch(/^[0-9A-Z]{9}$/);
    // Ordinary text is plain: the ="…" form is only for text Excel would damage.
    for (const header of ['Issuer', 'Ticker', 'Status', 'Filer']) {
      if (header in row) expect(String(row[header])).not.toMatch(/^="/);
    }
  }
});

test('an exported chart image has its whole title, no line wider than the image', async ({
  page,
}) => {
  await openStarter(page);
  // The first chart: its frame is the region named, as its figure is, by the chart's title.
  const title = (await page.getByRole('figure').first().getAttribute('aria-label')) ?? '';
  expect(title).not.toBe('');
  const chart = page.getByRole('region', { name: title, exact: true });

  const svgDownload = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export chart' }).click();
  await page.getByRole('menuitem', { name: 'SVG (vector)' }).click();
  const svgText = (await readFile(await (await svgDownload).path())).toString('utf8');
  await expect(chart.getByText(/^Saved the chart to .+\.svg$/)).toBeVisible();
  // The browser's own text metrics on the file as saved: every title line inside the width.
  const measured = await page.evaluate((source) => {
    const holder = document.createElement('div');
    holder.innerHTML = source;
    document.body.append(holder);
    const svg = holder.querySelector('svg') as SVGSVGElement;
    const lines = [...svg.querySelectorAll(':scope > text:first-of-type > tspan')].map((span) => ({
      text: span.textContent,
      width: (span as SVGTextContentElement).getComputedTextLength(),
    }));
    const result = {
      width: Number(svg.getAttribute('width')),
      lines,
      name: svg.querySelector(':scope > title')?.textContent,
    };
    holder.remove();
    return result;
  }, svgText);
  expect(measured.name).toBe(title);
  expect(measured.lines.map((line) => line.text).join(' ')).toBe(title.replace(/\s+/g, ' '));
  for (const line of measured.lines) expect(line.width).toBeLessThanOrEqual(measured.width - 8);

  const pngDownload = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export chart' }).click();
  await page.getByRole('menuitem', { name: 'PNG image' }).click();
  const png = await pngDownload;
  await expect(chart.getByText(`Saved the chart to ${png.suggestedFilename()}`)).toBeVisible();
  const bytes = await readFile(await png.path());
  // PNG, drawn at twice the SVG's width.
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.readUInt32BE(16)).toBe(measured.width * 2);
});

test('a CRM export names each account right after its ID, as the table does', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/q/investment_holdings?run=starter');
  await signIn(page, 'analyst', 'analyst-demo');
  const table = page.getByRole('grid', { name: 'Results' });
  // The names are in: an account cell reads "Name · 0015g…".
  const named = table
    .getByRole('gridcell')
    .filter({ hasText: / · 0015g/ })
    .first();
  await expect(named).toBeVisible();
  const [shownName = '', shownId = ''] = (await named.innerText()).split(' · ');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^The \d+ rows loaded$/ }).click();
  const download = await downloading;
  await expect(
    page.getByRole('status').filter({ hasText: `to ${download.suggestedFilename()}` }),
  ).not.toContainText('without account names');

  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, unknown>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const headers = parsed.meta.fields ?? [];
  expect(headers[headers.indexOf('Account ID') + 1]).toBe('Account name');
  const row = parsed.data.find((entry) => entry['Account ID'] === shownId);
  expect(row?.['Account name']).toBe(shownName);
  // No column is empty in every row, the name column included.
  for (const header of headers) {
    expect(
      parsed.data.some((entry) => entry[header] !== null && entry[header] !== ''),
      header,
    ).toBe(true);
  }
});
