import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import {
  filersAndPeriods,
  longValue,
  previousQuarterEnd,
  toNumber,
  toPositions,
} from './positions.ts';

/** A row of TEST CAPITAL's June 2024 filing with the given fields. */
const row = (fields: ServiceRecord = {}): ServiceRecord => ({
  companyname: 'TEST CAPITAL',
  periodofreport: '2024-06-30',
  ...fields,
});

describe('toNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12.5 ', 12.5],
    ['-100', -100],
    ['1,234,567', 1_234_567],
    ['1e3', 1000],
    ['.5', 0.5],
    [10n, 10],
  ])('reads %s as %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([null, undefined, '', ' ', 'n/a', '12abc', Number.NaN, Infinity, true, {}])(
    'reads %s as null',
    (input) => {
      expect(toNumber(input)).toBeNull();
    },
  );
});

describe('toPositions', () => {
  it('reads every field, numbers given as strings', () => {
    const [only] = toPositions([
      row({
        cusip: '037833100',
        ticker: 'AAPL',
        nameofissuer: 'APPLE INC',
        value: '84,248,000,000',
        shrsorprnamt: '400000000',
        portfolio_pct_weight: '30.0919',
        status: 'REDUCED',
        pct_change_qoq: '-49.33',
        filedat: '2024-08-14 16:05:23',
      }),
    ]);
    expect(only).toEqual({
      filer: 'TEST CAPITAL',
      period: '2024-06-30',
      cusip: '037833100',
      ticker: 'AAPL',
      issuer: 'APPLE INC',
      label: 'AAPL',
      option: null,
      security: '037833100',
      value: 84_248_000_000,
      shares: 400_000_000,
      weight: 30.0919,
      status: 'REDUCED',
      pctChange: -49.33,
      filedAt: '2024-08-14 16:05:23',
      filing: null,
    });
  });

  it('leaves absent fields empty or null, and labels by issuer, else CUSIP', () => {
    const [bare, named] = toPositions([{ cusip: 'c1' }, { cusip: 'C2', nameofissuer: 'TWO' }]);
    expect(bare).toEqual({
      filer: '',
      period: '',
      cusip: 'C1',
      ticker: null,
      issuer: '',
      label: 'C1',
      option: null,
      security: 'C1',
      value: null,
      shares: null,
      weight: null,
      status: null,
      pctChange: null,
      filedAt: null,
      filing: null,
    });
    expect(named?.label).toBe('TWO');
  });

  it('skips rows without a CUSIP', () => {
    const positions = toPositions([
      row({ value: 1 }),
      row({ cusip: '', value: 2 }),
      row({ cusip: '  ', value: 3 }),
      row({ cusip: null, value: 4 }),
      row({ cusip: 'C1', value: 5 }),
    ]);
    expect(positions.map((p) => [p.cusip, p.value])).toEqual([['C1', 5]]);
  });

  it('sums one security over its rows, per filer and period', () => {
    const positions = toPositions([
      row({ cusip: 'C1', value: 100, shrsorprnamt: 10, portfolio_pct_weight: 1 }),
      row({ cusip: 'c1', value: '200', shrsorprnamt: '20', portfolio_pct_weight: '2' }),
      row({ cusip: 'C1', periodofreport: '2024-03-31', value: 7 }),
      row({ cusip: 'C1', companyname: 'OTHER LLC', value: 9 }),
    ]);
    expect(positions.map((p) => [p.filer, p.period, p.value, p.shares, p.weight])).toEqual([
      ['TEST CAPITAL', '2024-06-30', 300, 30, 3],
      ['TEST CAPITAL', '2024-03-31', 7, null, null],
      ['OTHER LLC', '2024-06-30', 9, null, null],
    ]);
  });

  it('sums what is present, but has no weight when any row lacks it', () => {
    const [only] = toPositions([
      row({ cusip: 'C1', value: 100, portfolio_pct_weight: 1 }),
      row({ cusip: 'C1', shrsorprnamt: 5 }),
      row({ cusip: 'C1', value: 'n/a', shrsorprnamt: 5, portfolio_pct_weight: 2 }),
    ]);
    expect(only).toMatchObject({ value: 100, shares: 10, weight: null });
  });

  it('keeps the issuer name of the largest row, the first ticker and the latest filing', () => {
    const [only] = toPositions([
      row({ cusip: 'C1', nameofissuer: 'SMALL NAME', value: 1, filedat: '2024-08-14 09:00:00' }),
      row({ cusip: 'C1', nameofissuer: 'BIG NAME', value: 9, ticker: 'BIG' }),
      row({ cusip: 'C1', nameofissuer: 'MID NAME', value: 5, ticker: 'OTHER' }),
      row({ cusip: 'C1', filedat: '2024-08-14T10:00:00Z' }),
      row({ cusip: 'C1', filedat: '2024-08-14T10:30:00+01:00' }),
    ]);
    expect(only).toMatchObject({ issuer: 'BIG NAME', ticker: 'BIG', label: 'BIG' });
    expect(only?.filedAt).toBe('2024-08-14T10:00:00Z');
  });

  it('reads served statuses in any case, and nothing else as one', () => {
    const positions = toPositions([
      row({ cusip: 'C1', status: 'sold out' }),
      row({ cusip: 'C2', status: 'CLOSED' }),
      row({ cusip: 'C3', status: null }),
    ]);
    expect(positions.map((p) => p.status)).toEqual(['SOLD OUT', null, null]);
  });

  it('keeps a put and a call apart from the shares of their CUSIP, labelled as options', () => {
    const name = (suffix: string) => `TEST CAPITAL 2024-06-30 AAPL${suffix}`;
    const apple = { cusip: '037833100', ticker: 'AAPL', nameofissuer: 'APPLE INC' };
    const positions = toPositions([
      row({ ...apple, name: name(''), value: 900, shrsorprnamt: 90 }),
      row({ ...apple, name: name(' PUT'), value: 200, shrsorprnamt: 20 }),
      row({ ...apple, name: name(' CALL'), value: 50, shrsorprnamt: 5 }),
      row({ ...apple, name: name(''), value: 100, shrsorprnamt: 10 }),
      row({ ...apple, name: name(' PUT'), value: 30, shrsorprnamt: 3 }),
    ]);
    expect(
      positions.map((p) => [p.security, p.cusip, p.option, p.label, p.value, p.shares]),
    ).toEqual([
      ['037833100', '037833100', null, 'AAPL', 1000, 100],
      ['037833100 Put', '037833100', 'Put', 'AAPL Put', 230, 23],
      ['037833100 Call', '037833100', 'Call', 'AAPL Call', 50, 5],
    ]);
  });

  it('labels an option without a ticker by issuer, else CUSIP, and the kind', () => {
    const positions = toPositions([
      row({ cusip: 'C1', nameofissuer: 'ONE', name: 'TEST CAPITAL 2024-06-30 C1 PUT' }),
      row({ cusip: 'C2', name: 'TEST CAPITAL 2024-06-30 C2 CALL' }),
    ]);
    expect(positions.map((p) => p.label)).toEqual(['ONE Put', 'C2 Call']);
  });

  it('cannot tell options apart in rows without a name: they count with the shares', () => {
    const positions = toPositions([
      row({ cusip: 'C1', value: 900 }),
      row({ cusip: 'C1', value: 200 }),
    ]);
    expect(positions.map((p) => [p.security, p.option, p.value])).toEqual([['C1', null, 1100]]);
  });

  it('reads the day of a period sent as a datetime', () => {
    const [only] = toPositions([row({ cusip: 'C1', periodofreport: '2024-06-30T00:00:00Z' })]);
    expect(only?.period).toBe('2024-06-30');
  });
});

describe('filersAndPeriods', () => {
  it('lists filers by name, periods newest first, and every pair with its count', () => {
    const positions = [
      position({ filer: 'ZETA', period: '2024-03-31' }),
      position({ filer: 'ALPHA', period: '2024-06-30' }),
      position({ filer: 'ALPHA', period: '2024-06-30', cusip: 'C2' }),
      position({ filer: 'ALPHA', period: '2023-12-31' }),
      position({ filer: '', period: '' }),
    ];
    expect(filersAndPeriods(positions)).toEqual({
      filers: ['ALPHA', 'ZETA'],
      periods: ['2024-06-30', '2024-03-31', '2023-12-31'],
      pairs: [
        { filer: '', period: '', positions: 1 },
        { filer: 'ALPHA', period: '2024-06-30', positions: 2 },
        { filer: 'ALPHA', period: '2023-12-31', positions: 1 },
        { filer: 'ZETA', period: '2024-03-31', positions: 1 },
      ],
    });
  });

  it('is empty for no positions', () => {
    expect(filersAndPeriods([])).toEqual({ filers: [], periods: [], pairs: [] });
  });
});

describe('longValue', () => {
  it('sums the values of share positions, leaving options out (the weight denominator)', () => {
    expect(
      longValue([
        position({ value: 700 }),
        position({ value: 300, cusip: 'C2' }),
        position({ value: 250, option: 'Put', security: 'C1 Put' }),
        position({ value: 50, option: 'Call', security: 'C1 Call' }),
        position({ value: null, cusip: 'C3' }),
      ]),
    ).toBe(1000);
  });

  it('is 0 for options only, and null when no share position carries a value', () => {
    expect(longValue([position({ value: 5, option: 'Put', security: 'C1 Put' })])).toBe(0);
    expect(longValue([position({ value: null })])).toBeNull();
    expect(longValue([])).toBeNull();
  });
});

describe('previousQuarterEnd', () => {
  it.each([
    ['2024-06-30', '2024-03-31'],
    ['2024-03-31', '2023-12-31'],
    ['2024-09-30', '2024-06-30'],
    ['2024-12-31', '2024-09-30'],
    ['2000-03-31', '1999-12-31'],
    ['2024-05-15', '2024-03-31'],
    ['2025-01-01', '2024-12-31'],
    ['2024-06-30T00:00:00Z', '2024-03-31'],
    ['not a date', ''],
  ])('%s -> %s', (period, expected) => {
    expect(previousQuarterEnd(period)).toBe(expected);
  });
});
