import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import { toPositions } from '../thirteen-f/analytics/positions.ts';
import { createFormatters } from './format.ts';
import { sortRecords } from './sort.ts';

/** One 13F row whose numbers came back with thousands separators (a CSV round trip, a vendor). */
const row = {
  companyname: 'TEST CAPITAL',
  periodofreport: '2024-06-30',
  cusip: '037833100',
  value: '1,234',
  shrsorprnamt: '1,000',
};

describe('a served "1,234" is one number everywhere', () => {
  it('is 1234 in the table, in the sort and in the 13F positions', () => {
    const format = createFormatters('en-US');
    const cell = format(row.value, findField('13f_holdings', 'value'));
    expect(cell).toMatchObject({ text: '$1,234', raw: '1,234', align: 'right' });

    const [position] = toPositions([row]);
    expect(position?.value).toBe(1234);
    expect(position?.shares).toBe(1000);

    const sorted = sortRecords(
      [row, { ...row, value: '999' }, { ...row, value: '1,000,000' }],
      [{ id: 'value', desc: false }],
      () => 'number',
    );
    expect(sorted.map((record) => record.value)).toEqual(['999', '1,234', '1,000,000']);
  });
});
