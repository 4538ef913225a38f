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
