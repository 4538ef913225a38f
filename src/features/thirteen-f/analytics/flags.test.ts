import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { flagsByRow, positionFlags, UNIT_CHANGE_DAY } from './flags.ts';
import type { Position } from './positions.ts';

/** A June 2024 position filed on time at $100 a share, unless overridden. */
const position = (fields: Partial<Position> = {}): Position => ({
  filer: 'TEST CAPITAL',
  period: '2024-06-30',
  cusip: 'C1',
  ticker: 'TCK',
  issuer: 'TICKER INC',
  label: 'TCK',
  option: null,
  security: fields.cusip ?? 'C1',
  value: 10_000,
  shares: 100,
  weight: null,
  status: null,
  pctChange: null,
  filedAt: '2024-08-14T00:00:00Z',
  filing: null,
  ...fields,
});

/** The same security a quarter earlier. */
const march = (fields: Partial<Position> = {}) =>
  position({ period: '2024-03-31', filedAt: '2024-05-15T00:00:00Z', ...fields });

const kinds = (current: Position, previous?: Position) =>
  positionFlags(current, previous).map((flag) => flag.kind);

describe('positionFlags', () => {
  it('flags nothing for an on-time filing in dollars with a steady price', () => {
    expect(positionFlags(position(), march({ value: 9_000 }))).toEqual([]);
    expect(positionFlags(position(), undefined)).toEqual([]);
  });

  describe('unit-change', () => {
    it('flags a filing made before the switch to dollars', () => {
      const old = position({ period: '2022-09-30', filedAt: '2022-11-14 16:02:11' });
      expect(positionFlags(old, undefined)).toEqual([
        {
          kind: 'unit-change',
          message:
            "Filed on Nov 14, 2022, before SEC's switch to dollars on Jan 3, 2023: the value was reported in thousands and scaled, so it is rounded to $1,000.",
        },
      ]);
    });

    it('starts on the switch day itself', () => {
      expect(UNIT_CHANGE_DAY).toBe('2023-01-03');
      const at = (filedAt: string) => position({ period: '2022-12-31', filedAt });
      expect(kinds(at('2023-01-02T23:59:59Z'))).toEqual(['unit-change']);
      expect(kinds(at('2023-01-03T00:00:00Z'))).toEqual([]);
      expect(kinds(at('2023-01-03 00:00:00'))).toEqual([]);
    });

    it('flags a change measured against a filing in thousands', () => {
      const previous = position({ period: '2022-09-30', filedAt: '2022-11-14' });
      const flags = positionFlags(
        position({ period: '2022-12-31', filedAt: '2023-02-14' }),
        previous,
      );
      expect(flags).toEqual([
        {
          kind: 'unit-change',
          message:
            "The previous period was filed on Nov 14, 2022, before SEC's switch from thousands to dollars on Jan 3, 2023: the change compares a value rounded to $1,000 with an exact one.",
        },
      ]);
    });

    it('says nothing without a filing date', () => {
      expect(kinds(position({ filedAt: null }), position({ filedAt: '2022-11-14' }))).toEqual([]);
      expect(kinds(position(), position({ filedAt: null }))).toEqual([]);
    });
  });

  describe('price-jump', () => {
    // March: $100 a share (10,000 / 100).
    const priced = (price: number) => position({ value: price * 100 });

    it('allows exactly 5× either way and flags just beyond', () => {
      expect(kinds(priced(500), march())).toEqual([]);
      expect(kinds(priced(20), march())).toEqual([]);
      expect(kinds(priced(500.01), march())).toEqual(['price-jump']);
      expect(kinds(priced(19.99), march())).toEqual(['price-jump']);
    });

    it('calls a ×1000 jump a unit error, either way', () => {
      const [up] = positionFlags(priced(100_000), march());
      expect(up?.message).toBe(
        'The implied price per share went from $100.00 to $100,000.00 (×1,000) since Mar 31, 2024: looks like a thousands/dollars unit error.',
      );
      const [down] = positionFlags(priced(0.1), march());
      expect(down?.message).toBe(
        'The implied price per share went from $100.00 to $0.10 (÷1,000) since Mar 31, 2024: looks like a thousands/dollars unit error.',
      );
    });

    it('calls 500× to 2000× a unit error, and other jumps a split or data error', () => {
      const cause = (price: number) => positionFlags(priced(price), march())[0]?.message ?? '';
      expect(cause(50_000)).toMatch(/×500\).*unit error\.$/);
      expect(cause(200_000)).toMatch(/×2,000\).*unit error\.$/);
      expect(cause(49_000)).toMatch(/×490\).*: a split or a data error\.$/);
      expect(cause(201_000)).toMatch(/×2,010\).*: a split or a data error\.$/);
      expect(cause(2_500)).toBe(
        'The implied price per share went from $100.00 to $2,500.00 (×25) since Mar 31, 2024: a split or a data error.',
      );
      expect(cause(10)).toMatch(/\(÷10\).*a split or a data error\.$/);
    });

    it('needs positive values and shares in both quarters', () => {
      expect(kinds(priced(100_000), undefined)).toEqual([]);
      expect(kinds(position({ shares: null, value: 1e9 }), march())).toEqual([]);
      expect(kinds(position({ value: 0, shares: 0 }), march())).toEqual([]);
      expect(kinds(priced(100_000), march({ value: null }))).toEqual([]);
    });
  });

  describe('late', () => {
    it('allows 45 days after the quarter and flags 46', () => {
      expect(kinds(position({ filedAt: '2024-08-14 23:59:59' }))).toEqual([]);
      expect(positionFlags(position({ filedAt: '2024-08-15 00:00:01' }), undefined)).toEqual([
        {
          kind: 'late',
          message:
            'Filed 46 days after the quarter, after its deadline of Aug 14, 2024: an amendment or a late filing (quarter ended Jun 30, 2024, filed Aug 15, 2024; 13F reports are due 45 days after the quarter, or the next business day).',
        },
      ]);
    });

    it('rolls the deadline over a weekend and a holiday: filed on Tue Feb 17, 2026 is on time', () => {
      const q4 = (filedAt: string) => position({ period: '2025-12-31', filedAt });
      expect(kinds(q4('2026-02-17 16:05:00'))).toEqual([]);
      expect(positionFlags(q4('2026-02-18 09:00:00'), undefined)[0]?.message).toMatch(
        /^Filed 49 days after the quarter, after its deadline of Feb 17, 2026:/,
      );
    });

    it('counts UTC days from the date part, across a year end', () => {
      const q4 = (filedAt: string) => position({ period: '2023-12-31', filedAt });
      expect(kinds(q4('2024-02-14T23:30:00-05:00'))).toEqual([]);
      expect(kinds(q4('2024-02-15T00:00:00Z'))).toEqual(['late']);
      expect(positionFlags(q4('2024-12-20T10:00:00Z'), undefined)[0]?.message).toMatch(
        /^Filed 355 days /,
      );
    });

    it('needs a period and a filing date', () => {
      expect(kinds(position({ period: '', filedAt: '2030-01-01' }))).toEqual([]);
      expect(kinds(position({ filedAt: 'soon' }))).toEqual([]);
    });
  });

  it('reports several flags of one position in a fixed order', () => {
    const late = position({ period: '2022-06-30', filedAt: '2022-12-01', value: 10_000_000 });
    expect(kinds(late, march({ period: '2022-03-31', filedAt: '2022-05-13' }))).toEqual([
      'unit-change',
      'price-jump',
      'late',
    ]);
  });
});

/** A row of TEST CAPITAL for security C1 at $100 a share, on time, unless overridden. */
const row = (fields: ServiceRecord = {}): ServiceRecord => ({
  companyname: 'TEST CAPITAL',
  periodofreport: '2024-06-30',
  filedat: '2024-08-14T00:00:00Z',
  cusip: 'C1',
  value: 10_000,
  shrsorprnamt: 100,
  ...fields,
});
const marchRow = (fields: ServiceRecord = {}) =>
  row({ periodofreport: '2024-03-31', filedat: '2024-05-15T00:00:00Z', ...fields });

describe('gap', () => {
  it('flags a position whose filer has no filing for the quarter before, only an older one', () => {
    const flags = positionFlags(position(), undefined, '2023-12-31');
    expect(flags.map((flag) => flag.kind)).toEqual(['gap']);
    expect(flags[0]?.message).toBe(
      'No filing for the quarter before (Mar 31, 2024) in the data, a 13F-NT or none: status and change are not computed (the latest earlier filing is for Dec 31, 2023).',
    );
  });

  it('says nothing when the quarter before was filed, or no earlier filing is known', () => {
    expect(kinds(position(), march())).toEqual([]);
    expect(positionFlags(position(), undefined, '2024-03-31')).toEqual([]);
    expect(positionFlags(position(), undefined, undefined)).toEqual([]);
    // A year end follows the third quarter.
    expect(
      positionFlags(
        position({ period: '2024-12-31', filedAt: '2025-02-14' }),
        undefined,
        '2024-09-30',
      ),
    ).toEqual([]);
  });
});

describe('flagsByRow', () => {
  it('flags a gap from the filer periods the rows and the context show', () => {
    const june = row();
    // The context holds only the filer's latest earlier filing (a period, no position).
    const earlier = { companyname: 'TEST CAPITAL', periodofreport: '2023-12-31' };
    expect(
      flagsByRow([june], [earlier])
        .get(june)
        ?.map((flag) => flag.kind),
    ).toEqual(['gap']);
    expect(flagsByRow([june], [earlier, marchRow()]).has(june)).toBe(false);
    // Rows spanning periods: June follows December over a missing March; December is first.
    const december = row({ periodofreport: '2023-12-31', filedat: '2024-02-14' });
    const spanning = flagsByRow([december, june]);
    expect([...spanning.keys()]).toEqual([june]);
    expect(spanning.get(june)?.map((flag) => flag.kind)).toEqual(['gap']);
  });

  it('compares with the previous quarter given as context, by row identity', () => {
    const jumped = row({ value: '10000000' });
    const steady = row({ cusip: 'C2' });
    const flags = flagsByRow([jumped, steady], [marchRow(), marchRow({ cusip: 'C2' })]);
    expect([...flags.keys()]).toEqual([jumped]);
    expect(flags.get(jumped)?.map((flag) => flag.kind)).toEqual(['price-jump']);
    expect(flags.has(row({ value: '10000000' }))).toBe(false);
  });

  it('compares rows spanning periods with the latest earlier one of the same filer', () => {
    const rows = [
      row({ periodofreport: '2023-12-31', filedat: '2024-02-14', value: 10_000_000 }),
      marchRow({ value: 10_000 }),
      row({ value: 10_100 }),
      row({ companyname: 'OTHER LLC', value: 9_000_000 }),
    ];
    const flags = flagsByRow(rows);
    // March jumped from December; June is steady against March, not against December.
    expect([...flags.keys()]).toEqual([rows[1]]);
    expect(flags.get(rows[1] ?? {})?.[0]?.message).toContain('÷1,000');
  });

  it('flags every row of an aggregated position, comparing the sums', () => {
    const halves = [
      row({ value: 5_000_000, shrsorprnamt: 50 }),
      row({ value: 5_000_000, shrsorprnamt: 50 }),
    ];
    const flags = flagsByRow(halves, [
      marchRow({ value: 5_000, shrsorprnamt: 50 }),
      marchRow({ value: 5_000, shrsorprnamt: 50 }),
    ]);
    expect(flags.size).toBe(2);
    expect(flags.get(halves[0] ?? {})?.[0]?.message).toContain('from $100.00 to $100,000.00');
  });

  it('prefers the rows over context rows of the same filer and period', () => {
    const current = row({ filedat: '2024-09-30' });
    // The context's own copy of June (here at 1000× the price) neither replaces nor adds to it.
    const flags = flagsByRow([current], [row({ value: 10_000_000 }), row(), marchRow()]);
    expect(flags.get(current)?.map((flag) => flag.kind)).toEqual(['late']);
  });

  it('matches rows without a CUSIP by ticker or issuer name', () => {
    const withoutCusip = (fields: ServiceRecord) => ({ ...fields, cusip: undefined });
    const byTicker = withoutCusip(row({ ticker: 'TCK', value: 10_000_000 }));
    const byName = withoutCusip(row({ nameofissuer: 'NAMED INC', value: 10_000_000 }));
    const flags = flagsByRow(
      [byTicker, byName],
      [
        withoutCusip(marchRow({ ticker: 'TCK' })),
        withoutCusip(marchRow({ nameofissuer: 'NAMED INC' })),
      ],
    );
    expect(flags.get(byTicker)?.[0]?.kind).toBe('price-jump');
    expect(flags.get(byName)?.[0]?.kind).toBe('price-jump');
  });

  it('still flags filing-level problems of rows naming no security', () => {
    const late = {
      companyname: 'TEST CAPITAL',
      periodofreport: '2024-06-30',
      filedat: '2024-09-30',
    };
    const flags = flagsByRow([late, { ...late }], [{ ...late, periodofreport: '2024-03-31' }]);
    expect(flags.get(late)?.map((flag) => flag.kind)).toEqual(['late']);
    expect(flags.size).toBe(2);
  });

  it('answers an empty map for no rows or no flags', () => {
    expect(flagsByRow([]).size).toBe(0);
    expect(flagsByRow([row(), marchRow()]).size).toBe(0);
  });
});
