import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { createFormatters } from './format.ts';
import { resultsCsv } from './use-csv-export.ts';

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

  it('writes the values as the table shows them when given its formatter', () => {
    const csv = resultsCsv(rows, {
      module,
      sorting: [],
      columns,
      format: createFormatters('en-US'),
    });
    expect(csv).toBe(
      `${BOM}value,nameofissuer\r\n"$1,000",APPLE INC\r\n"$25,000",COCA COLA CO\r\n`,
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

  it('writes the notes as they read, not as a formatted field, in a formatted export', () => {
    const csv = resultsCsv(rows, {
      module,
      sorting: [],
      columns,
      format: createFormatters('en-US'),
      notes,
    });
    const [, apple, cola] = csv.split('\r\n');
    // An unflagged row's cell is empty, not the table's "—" for a missing value.
    expect(apple).toBe(',"$1,000",APPLE INC');
    expect(cola).toMatch(
      /^"The implied price jumped .* after the quarter\.","\$25,000",COCA COLA CO$/,
    );
  });

  it('keeps the column when no row is flagged, and guards a note that reads as a formula', () => {
    expect(resultsCsv(rows, { module, sorting: [], columns, notes: new Map() })).toBe(
      `${BOM}Data-quality flags,value,nameofissuer\r\n,1000,APPLE INC\r\n,25000,COCA COLA CO\r\n`,
    );
    const hostile = new Map([[KO, ['=HYPERLINK("http://x")']]]);
    const csv = resultsCsv(rows, { module, sorting: [], columns, notes: hostile });
    expect(csv.split('\r\n')[2]).toBe(`"'=HYPERLINK(""http://x"")",25000,COCA COLA CO`);
  });
});
