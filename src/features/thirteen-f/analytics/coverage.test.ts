import { describe, expect, it } from 'vitest';
import {
  countedCoverage,
  coverageSentence,
  filingCounts,
  latestCompleteOf,
  latestCompleteQuarter,
  quarterCoverage,
} from './coverage.ts';

const set = (...names: string[]) => new Set(names);
const ten = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];

describe('quarterCoverage', () => {
  it('counts who filed against who filed the quarter before, and says why the others did not', () => {
    const before = set(...ten);
    const filed = set('A', 'B', 'C', 'NEW');
    const inSeason = quarterCoverage('2026-03-31', filed, before, '2026-04-20');
    expect(coverageSentence(inSeason)).toBe('4 of 11 managers filed');
    expect(inSeason.complete).toBe(false);
    expect(inSeason.share).toBeCloseTo(0.3);
    expect(inSeason.deadline).toBe('2026-05-15');
    expect(inSeason.missing[0]).toEqual({ manager: 'D', absence: 'not-yet' });
    // After the deadline a manager without a filing is no longer in the data, not a seller.
    const after = quarterCoverage('2026-03-31', filed, before, '2026-05-16');
    expect(after.missing.every((entry) => entry.absence === 'not-in-data')).toBe(true);
    // On the deadline day itself, a filing may still come.
    expect(quarterCoverage('2026-03-31', filed, before, '2026-05-15').missing[0]?.absence).toBe(
      'not-yet',
    );
  });

  it('groups the thousands of the whole universe of filers', () => {
    const managers = Array.from({ length: 8037 }, (_, i) => `MANAGER ${String(i)}`);
    const all = quarterCoverage('2025-06-30', set(...managers), set(...managers), '2026-01-01');
    expect(coverageSentence(all)).toBe('8,037 of 8,037 managers filed');
  });

  it('is complete at 90 % of the quarter before, and with nothing before to judge by', () => {
    const before = set(...ten);
    expect(quarterCoverage('2025-12-31', set(...ten.slice(1)), before, '2026-11-27').complete).toBe(
      true,
    );
    expect(quarterCoverage('2025-12-31', set(...ten.slice(2)), before, '2026-11-27').complete).toBe(
      false,
    );
    expect(quarterCoverage('2022-12-31', set('A'), set(), '2026-11-27').complete).toBe(true);
  });
});

describe('latestCompleteQuarter', () => {
  // The shipped data's shape: one manager at Jun 30, 2026, four at Mar 31, 36 of 37 at Dec 31.
  const all = Array.from({ length: 37 }, (_, index) => `M${String(index)}`);
  const filers: Record<string, ReadonlySet<string>> = {
    '2026-06-30': set('M1'),
    '2026-03-31': set('M1', 'M2', 'M3', 'M4'),
    '2025-12-31': set(...all.slice(1)),
    '2025-09-30': set(...all),
  };
  const periods = ['2026-06-30', '2026-03-31', '2025-12-31', '2025-09-30'];

  it('skips the quarters still filling up', () => {
    expect(latestCompleteQuarter(periods, (period) => filers[period] ?? set())).toBe('2025-12-31');
  });

  it('waits while a later quarter is unknown, and says when none is complete', () => {
    expect(
      latestCompleteQuarter(periods, (period) =>
        period === '2026-03-31' ? undefined : filers[period],
      ),
    ).toBeUndefined();
    expect(
      latestCompleteQuarter(periods.slice(0, 2), (period) => filers[period] ?? set('X', 'Y')),
    ).toBeNull();
  });
});

describe('countedCoverage', () => {
  it('judges a quarter from counts alone as from the names they count', () => {
    const before = set(...ten);
    const filed = set('A', 'B', 'C', 'NEW');
    const named = quarterCoverage('2026-03-31', filed, before, '2026-04-20');
    const counted = countedCoverage('2026-03-31', { filed: 4, before: 10, both: 3 }, '2026-04-20');
    expect(counted).toEqual({ ...named, missing: null });
    expect(coverageSentence(counted)).toBe('4 of 11 managers filed');
    expect(filingCounts(filed, before)).toEqual({ filed: 4, before: 10, both: 3 });
  });

  it('finds the latest complete quarter from counts', () => {
    const counts: Record<string, { filed: number; before: number; both: number }> = {
      '2026-03-31': { filed: 4, before: 36, both: 4 },
      '2025-12-31': { filed: 36, before: 37, both: 36 },
    };
    expect(latestCompleteOf(['2026-03-31', '2025-12-31'], (period) => counts[period])).toBe(
      '2025-12-31',
    );
    expect(latestCompleteOf(['2026-03-31', '2025-09-30'], (period) => counts[period])).toBe(
      undefined,
    );
  });
});
