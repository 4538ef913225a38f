import { read, utils } from '@e965/xlsx';
import type { CellObject, WorkSheet } from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import type { FieldDefinition } from '#contract/catalog';
import { sheetOf } from './xlsx-sheet.ts';
import type { PostedColumn } from './xlsx-sheet.ts';
import { writeXlsx, XLSX_MAX_ROWS } from './xlsx-writer.ts';

const module = '13f_holdings';
function column(id: string, header?: string): PostedColumn {
  const field = findField(module, id) as FieldDefinition;
  return { id, header: header ?? field.label, apiName: id, field };
}

const rows = [
  {
    cusip: '037833100',
    nameofissuer: 'AT&T <INC>\u0007',
    value: '5631118993',
    portfolio_pct_weight: '3.5',
    periodofreport: '2025-03-31',
    filedat: '2025-05-15 16:05:09',
  },
  {
    cusip: '46090E103',
    nameofissuer: 'INVESCO QQQ',
    value: 1234.5,
    portfolio_pct_weight: null,
    periodofreport: 'not a day',
    filedat: '2025-05-15T18:05:09+02:00',
  },
];
const columns = [
  {
    id: 'flags',
    header: 'Data-quality flags',
    apiName: '',
    field: undefined,
    texts: ['', 'A unit error.'],
  },
  column('cusip'),
  column('nameofissuer'),
  column('value'),
  column('portfolio_pct_weight'),
  column('periodofreport'),
  column('filedat', 'Filed at (UTC)'),
];

/** One cell of a sheet, typed (SheetJS indexes a sheet by any key). */
const at = (sheet: WorkSheet, ref: string) => sheet[ref] as CellObject | undefined;

function workbook(apiNameRow: boolean) {
  const bytes = writeXlsx(sheetOf({ columns, rows, apiNameRow }));
  const parts = unzipSync(bytes);
  const sheetXml = strFromU8(parts['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  const book = read(bytes, { cellDates: true, cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('no sheet');
  return { sheet, sheetXml };
}

describe('writeXlsx, read back with SheetJS', () => {
  it('types every cell: codes text, numbers numbers, percents as fractions, days and times dates', () => {
    const { sheet } = workbook(true);
    expect(at(sheet, 'B3')).toMatchObject({ t: 's', v: '037833100' });
    expect(at(sheet, 'B4')).toMatchObject({ t: 's', v: '46090E103' });
    expect(at(sheet, 'D3')).toMatchObject({ t: 'n', v: 5631118993, z: '#,##0' });
    expect(at(sheet, 'D4')).toMatchObject({ t: 'n', v: 1234.5, z: '#,##0.00' });
    expect(at(sheet, 'E3')).toMatchObject({ t: 'n', v: 0.035, z: '0.00%' });
    expect(at(sheet, 'E4')).toBeUndefined();
    expect(at(sheet, 'F3')?.t).toBe('d');
    expect((at(sheet, 'F3')?.v as Date).toISOString()).toBe('2025-03-31T00:00:00.000Z');
    // A value the data wrote oddly stays text, as written.
    expect(at(sheet, 'F4')).toMatchObject({ t: 's', v: 'not a day' });
    expect((at(sheet, 'G3')?.v as Date).toISOString()).toBe('2025-05-15T16:05:09.000Z');
    expect((at(sheet, 'G4')?.v as Date).toISOString()).toBe('2025-05-15T16:05:09.000Z');
    expect(at(sheet, 'G3')?.z).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('heads with the labels, then the API names, and keeps the flags and awkward text', () => {
    const { sheet } = workbook(true);
    const [labels, names, first, second] = utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: true,
      defval: null,
    });
    expect(labels).toEqual([
      'Data-quality flags',
      'CUSIP',
      'Issuer',
      'Value (USD)',
      'Portfolio weight',
      'Period of report',
      'Filed at (UTC)',
    ]);
    expect(names).toEqual([
      '',
      'cusip',
      'nameofissuer',
      'value',
      'portfolio_pct_weight',
      'periodofreport',
      'filedat',
    ]);
    // XML cannot carry a bell character: it is dropped, the rest escaped and read back intact.
    expect(first?.[2]).toBe('AT&T <INC>');
    expect(first?.[0]).toBeNull();
    expect(second?.[0]).toBe('A unit error.');
  });

  it('freezes the header rows, bolds the labels and sizes the columns', () => {
    const two = workbook(true).sheetXml;
    expect(two).toMatch(
      /<pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"\/>/,
    );
    expect(workbook(false).sheetXml).toMatch(/<pane ySplit="1" topLeftCell="A2"/);
    expect(two).toMatch(/<c r="A1" t="s" s="1">/);
    const widths = [...two.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((m) =>
      Number(m[2]),
    );
    expect(widths).toHaveLength(7);
    // The flags header is the widest text of its column; the CUSIP column stays narrow.
    expect(widths[0]).toBe('Data-quality flags'.length + 2);
    expect(widths[1]).toBeLessThan(widths[0] ?? 0);
  });

  it('refuses more rows than Excel holds, rather than write a workbook missing rows', () => {
    const sheet = {
      columns: [{ header: 'a', apiName: 'a', width: 8 }],
      apiNameRow: false,
      rowCount: XLSX_MAX_ROWS,
      cell: () => ({ type: 'empty' }) as const,
    };
    expect(() => writeXlsx(sheet)).toThrow(
      /Excel holds 1,048,576 rows per sheet; this export has 1,048,576/,
    );
  });
});
