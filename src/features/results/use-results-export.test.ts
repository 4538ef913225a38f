import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { resultsCsv, resultsExcelCsv } from './use-results-export.ts';

const BOM = '\uFEFF';
const module = '13f_holdings';
const columns = ['value', 'nameofissuer'].map((id) => ({
  id,
  label: findField(module, id)?.label ?? id,
  field: findField(module, id),
}));
const rows = [
  { nameofissuer: 'APPLE INC', value: '1000', cusip: '037833100' },
  { nameofissuer: 'COCA COLA CO', value: '25000', cusip: '191216100' },
];

describe('the CSV of the rows as the table shows them', () => {
  it("keeps the table's sort and column order, headed by wire names, values as sent", () => {
    const csv = resultsCsv(rows, { module, sorting: [{ id: 'value', desc: true }], columns });
    expect(csv).toBe(`${BOM}value,nameofissuer\r\n25000,COCA COLA CO\r\n1000,APPLE INC\r\n`);
  });

  it('writes, Excel-ready, labels as headers, numbers as numbers, text as text', () => {
    const excelColumns = [
      'cusip',
      'ticker',
      'value',
      'portfolio_pct_weight',
      'filedat',
      'periodofreport',
    ].map((id) => ({
      id,
      label: findField(module, id)?.label ?? id,
      field: findField(module, id),
    }));
    const csv = resultsExcelCsv(
      [
        {
          cusip: '037833100',
          ticker: 'AAPL',
          value: '5631118993',
          portfolio_pct_weight: '-2.5',
          filedat: '2025-05-15 16:05:09',
          periodofreport: '2025-03-31',
        },
      ],
      { module, sorting: [], columns: excelColumns, apiNameLine: true },
    );
    expect(csv).toBe(
      `${BOM}CUSIP,Ticker,Value (USD),Portfolio weight (%),Filed at (UTC),Period of report\r\n` +
        'cusip,ticker,value,portfolio_pct_weight,filedat,periodofreport\r\n' +
        '"=""037833100""",AAPL,5631118993,-2.5,2025-05-15 16:05:09,2025-03-31\r\n',
    );
  });

  it('leaves out, Excel-ready, a column empty in every row; the CSV as sent keeps it', () => {
    const withTicker = [
      ...columns,
      { id: 'ticker', label: 'Ticker', field: findField(module, 'ticker') },
    ];
    const blank = rows.map((row) => ({ ...row, ticker: null }));
    expect(resultsExcelCsv(blank, { module, sorting: [], columns: withTicker })).toBe(
      `${BOM}Value (USD),Issuer\r\n1000,APPLE INC\r\n25000,COCA COLA CO\r\n`,
    );
    expect(resultsCsv(blank, { module, sorting: [], columns: withTicker }).split('\r\n')[0]).toBe(
      `${BOM}value,nameofissuer,ticker`,
    );
  });
});

describe('the data-quality flags in the CSV', () => {
  const KO = rows[1] as (typeof rows)[number];
  const notes = new Map([
    [KO, ['The implied price jumped (×1,000): a unit error.', 'Filed 143 days after the quarter.']],
  ]);

  it('leads with a flags column, each row\'s notes joined by " | ", kept with its row when sorted', () => {
    const csv = resultsCsv(rows, {
      module,
      sorting: [{ id: 'value', desc: true }],
      columns,
      notes,
    });
    expect(csv).toBe(
      `${BOM}Data-quality flags,value,nameofissuer\r\n` +
        '"The implied price jumped (×1,000): a unit error. | Filed 143 days after the quarter.",25000,COCA COLA CO\r\n' +
        ',1000,APPLE INC\r\n',
    );
  });

  it('writes the notes as they read in an Excel-ready export, headed without an API name', () => {
    const csv = resultsExcelCsv(rows, { module, sorting: [], columns, notes, apiNameLine: true });
    const [labels, names, apple, cola] = csv.split('\r\n');
    expect(labels).toBe(`${BOM}Data-quality flags,Value (USD),Issuer`);
    expect(names).toBe(',value,nameofissuer');
    // An unflagged row's cell is empty, not the table's "—" for a missing value.
    expect(apple).toBe(',1000,APPLE INC');
    expect(cola).toMatch(/^"The implied price jumped .* after the quarter\.",25000,COCA COLA CO$/);
  });

  it('leaves the column out when no row is flagged, and guards a note that reads as a formula', () => {
    const unflagged = new Map([[KO, []]]);
    for (const write of [resultsCsv, resultsExcelCsv]) {
      expect(write(rows, { module, sorting: [], columns, notes: unflagged }).split('\r\n')[1]).toBe(
        '1000,APPLE INC',
      );
    }
    const hostile = new Map([[KO, ['=HYPERLINK("http://x")']]]);
    const csv = resultsCsv(rows, { module, sorting: [], columns, notes: hostile });
    expect(csv.split('\r\n')[2]).toBe(`"'=HYPERLINK(""http://x"")",25000,COCA COLA CO`);
  });
});
