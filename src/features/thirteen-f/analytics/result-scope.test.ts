import { describe, expect, it } from 'vitest';
import { countSentence, exportNameParts, resultScope } from './result-scope.ts';

const BERKSHIRE = 'BERKSHIRE HATHAWAY INC';
const ALDER = 'ALDER CREEK CAPITAL (DATA-QUALITY DEMO)';

function row(filer: string, period: string, status = 'UNCHANGED') {
  return { companyname: filer, periodofreport: period, status };
}

const NOT_PINNED = { filer: null, period: null };
const PINNED = { filer: BERKSHIRE, period: '2025-03-31' };

describe('exportNameParts: what a file name says it holds', () => {
  it('names one filer in one period, the day whatever time the service wrote', () => {
    expect(exportNameParts([row(BERKSHIRE, '2025-03-31'), row(BERKSHIRE, '2025-03-31')])).toEqual([
      BERKSHIRE,
      '2025-03-31',
      '13f',
    ]);
    expect(exportNameParts([row(BERKSHIRE, '2025-03-31 00:00:00')])).toEqual([
      BERKSHIRE,
      '2025-03-31',
      '13f',
    ]);
  });

  it('counts several filers in one period, and spans one filer’s periods', () => {
    const filers = ['A', 'B', 'C'].map((filer) => row(filer, '2025-03-31'));
    expect(exportNameParts(filers)).toEqual(['13f', '3 filers', '2025-03-31']);
    const periods = ['2025-12-31', '2024-03-31', '2024-06-30'].map((day) => row(BERKSHIRE, day));
    expect(exportNameParts(periods)).toEqual([BERKSHIRE, '13f', '2024-03-31', 'to', '2025-12-31']);
  });

  it('names nothing for several filers over several periods, or a row that says no filer', () => {
    expect(exportNameParts([row('A', '2025-03-31'), row('B', '2024-12-31')])).toBeUndefined();
    expect(
      exportNameParts([row(BERKSHIRE, '2025-03-31'), { periodofreport: '2025-03-31' }]),
    ).toBeUndefined();
    expect(exportNameParts([])).toBeUndefined();
  });
});

describe('resultScope: whether the table must say whose and when', () => {
  it('is one filer and period when the filter pins both, even on a first page', () => {
    const scope = resultScope([row(BERKSHIRE, '2025-03-31')], PINNED, false);
    expect(scope).toEqual({
      spans: false,
      single: { filer: BERKSHIRE, period: '2025-03-31' },
      pinned: true,
      soldOut: 0,
    });
  });

  it('is one filer and period unpinned only once every row is loaded', () => {
    const rows = [row(ALDER, '2023-03-31')];
    expect(resultScope(rows, NOT_PINNED, true)).toMatchObject({ spans: false, pinned: false });
    // The next page could be another filer's: the table names them.
    expect(resultScope(rows, NOT_PINNED, false)).toMatchObject({ spans: true, single: null });
  });

  it('spans when the rows hold two filers or two periods', () => {
    expect(
      resultScope([row('A', '2025-03-31'), row('B', '2025-03-31')], NOT_PINNED, true).spans,
    ).toBe(true);
    const history = [row(BERKSHIRE, '2025-03-31'), row(BERKSHIRE, '2024-12-31')];
    expect(resultScope(history, { filer: BERKSHIRE, period: null }, true).spans).toBe(true);
  });

  it('claims nothing while the rows do not say whose they are', () => {
    expect(resultScope([{ cusip: '037833100' }], NOT_PINNED, true)).toMatchObject({
      spans: false,
      single: null,
    });
  });
});

describe('countSentence: the count line', () => {
  const portfolio = [
    ...Array.from({ length: 36 }, () => row(BERKSHIRE, '2025-03-31')),
    row(BERKSHIRE, '2025-03-31', 'SOLD OUT'),
    row(BERKSHIRE, '2025-03-31', 'SOLD OUT'),
  ];

  it('says what the SOLD OUT rows are, so the records and the positions add up', () => {
    const scope = resultScope(portfolio, PINNED, true);
    expect(countSentence(38, 38, scope)).toBe(
      '38 records match: 36 positions held, 2 sold out since the previous quarter.',
    );
  });

  it('counts the loaded rows when they are not all', () => {
    const scope = resultScope(portfolio.slice(10), PINNED, false);
    expect(countSentence(38, 28, scope)).toBe(
      '38 records match; of the 28 loaded, 26 positions held, 2 sold out since the previous quarter.',
    );
  });

  it('names the one filer and period when the chips do not', () => {
    const rows = [row(ALDER, '2023-03-31'), row(ALDER, '2023-03-31', 'SOLD OUT')];
    expect(countSentence(2, 2, resultScope(rows, NOT_PINNED, true))).toBe(
      `2 records match: ${ALDER} at Mar 31, 2023; 1 position held, 1 sold out since the previous quarter.`,
    );
    expect(countSentence(1, 1, resultScope(rows.slice(0, 1), NOT_PINNED, true))).toBe(
      `1 record matches: ${ALDER} at Mar 31, 2023.`,
    );
  });

  it('stays the plain count when there is nothing to explain', () => {
    const rows = [row(BERKSHIRE, '2025-03-31')];
    expect(countSentence(25, 1, resultScope(rows, PINNED, false))).toBe('25 records match.');
  });

  it('counts no held positions when every row is SOLD OUT', () => {
    const sold = [row(BERKSHIRE, '2025-03-31', 'SOLD OUT')];
    expect(countSentence(1, 1, resultScope(sold, PINNED, true))).toBe(
      '1 record matches: 1 sold out since the previous quarter.',
    );
  });
});
