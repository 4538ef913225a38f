import { describe, expect, it } from 'vitest';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import { filingFlags } from './filing-flags.ts';
import { filingFactsOf } from './positions.ts';
import type { FilingFacts } from './positions.ts';

const ORIGINAL: FilingFacts = {
  accession: '0001067983-25-000011',
  amendmentType: null,
  declaredRows: 7,
  importedRows: 7,
  declaredValue: 1_000_000,
  importedValue: 1_000_000,
  confidentialOmitted: false,
};

const flagged = (facts: Partial<FilingFacts> | null, filedAt = '2025-05-15 00:00:00') =>
  filingFlags(
    position({
      period: '2025-03-31',
      filedAt,
      filing: facts === null ? null : { ...ORIGINAL, ...facts },
    }),
  );

describe('filingFlags', () => {
  it('says nothing of an on-time original that reconciles', () => {
    expect(flagged({})).toEqual([]);
  });

  it('names the rows and dollars a filing is short of', () => {
    expect(flagged({ importedRows: 6, importedValue: 900_000 })).toEqual([
      {
        kind: 'incomplete',
        message:
          "The filing does not reconcile: 6 of 7 declared rows imported ($900,000 of the $1,000,000 declared). Its total, every weight and the quarter's changes are of what was imported; a position missing here is not a sale.",
      },
    ]);
  });

  it('takes a total off by rounding as reconciled, and one off by more as not', () => {
    expect(flagged({ importedValue: 999_500 })).toEqual([]);
    expect(flagged({ importedValue: 990_000 }).map((flag) => flag.message)).toEqual([
      expect.stringContaining('every declared row imported, but not the declared total'),
    ]);
  });

  it('cannot check what the filing does not declare', () => {
    expect(flagged({ declaredRows: null, declaredValue: null, importedRows: 3 })).toEqual([]);
  });

  it('says when the filing omits confidential holdings', () => {
    expect(flagged({ confidentialOmitted: true }).map((flag) => flag.kind)).toEqual([
      'confidential',
    ]);
  });

  it('names an amendment, its kind and its date, late or not', () => {
    const [restated] = flagged(
      { accession: '0001067983-25-000020', amendmentType: 'RESTATEMENT' },
      '2025-08-21 00:00:00',
    );
    expect(restated).toEqual({
      kind: 'amended',
      message:
        'From amendment 0001067983-25-000020 (13F-HR/A, a restatement), filed Aug 21, 2025, 143 days after the quarter (the original was due May 15, 2025): it replaces the original filing for the quarter.',
    });
    const [added] = flagged({ accession: null, amendmentType: 'NEW HOLDINGS' });
    expect(added?.message).toBe(
      'From an amendment (13F-HR/A, adding new holdings), filed May 15, 2025, 45 days after the quarter: its rows add to the original filing.',
    );
  });

  it('calls a late original late, and without the service’s fields cannot tell an amendment', () => {
    expect(flagged({}, '2025-05-16 00:00:00').map((flag) => flag.message)).toEqual([
      expect.stringMatching(
        /^Filed 46 days after the quarter, after its deadline of May 15, 2025: a late filing /,
      ),
    ]);
    expect(flagged(null, '2025-05-16 00:00:00').map((flag) => flag.message)).toEqual([
      expect.stringMatching(/: an amendment or a late filing /),
    ]);
  });
});

describe('filingFactsOf', () => {
  it('reads the embedded service’s fields, booleans and numbers as sent', () => {
    expect(
      filingFactsOf({
        accession: '0001067983-25-000011',
        amendmenttype: 'new holdings',
        declaredrows: '7',
        importedrows: 6,
        declaredvalue: 100,
        importedvalue: '90',
        confidentialomitted: '1',
      }),
    ).toEqual({
      accession: '0001067983-25-000011',
      amendmentType: 'NEW HOLDINGS',
      declaredRows: 7,
      importedRows: 6,
      declaredValue: 100,
      importedValue: 90,
      confidentialOmitted: true,
    });
  });

  it('is null for a vendor’s row, which has none of them', () => {
    expect(filingFactsOf({ cusip: '037833100', value: 1 })).toBeNull();
  });
});
