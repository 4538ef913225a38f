import { describe, expect, it } from 'vitest';
import type { FieldKind } from '#contract/catalog';
import { sortRecords } from './sort.ts';

const kinds: Record<string, FieldKind> = { value: 'number', name: 'text', filed: 'datetime' };
const kindOf = (id: string) => kinds[id];
const rows = [
  { name: 'beta', value: '10', filed: '2024-01-02 00:00:00' },
  { name: 'Alpha', value: '9', filed: null },
  { name: null, value: '-1', filed: '2024-01-01 10:00:00' },
  { name: 'alpha', value: '10', filed: '2023-12-31T23:00:00-05:00' },
];

describe('sortRecords', () => {
  it('sorts numeric strings as numbers, not text', () => {
    const sorted = sortRecords(rows, [{ id: 'value', desc: false }], kindOf);
    expect(sorted.map((row) => row.value)).toEqual(['-1', '9', '10', '10']);
  });

  it('keeps missing values last in both directions, and is stable', () => {
    const up = sortRecords(rows, [{ id: 'name', desc: false }], kindOf);
    const down = sortRecords(rows, [{ id: 'name', desc: true }], kindOf);
    expect(up.map((row) => row.name)).toEqual(['Alpha', 'alpha', 'beta', null]);
    expect(down.map((row) => row.name)).toEqual(['beta', 'Alpha', 'alpha', null]);
  });

  it('sorts by several keys, the first one first', () => {
    const sorted = sortRecords(
      rows,
      [
        { id: 'value', desc: true },
        { id: 'name', desc: false },
      ],
      kindOf,
    );
    expect(sorted.map((row) => `${String(row.value)}/${String(row.name)}`)).toEqual([
      '10/alpha',
      '10/beta',
      '9/Alpha',
      '-1/null',
    ]);
  });

  it('compares date-times as instants, offsets included', () => {
    const sorted = sortRecords(rows, [{ id: 'filed', desc: false }], kindOf);
    // 23:00 at -05:00 is 04:00 UTC on 1 Jan, before 10:00 (a SQL date-time, read as UTC).
    expect(sorted.map((row) => row.filed)).toEqual([
      '2023-12-31T23:00:00-05:00',
      '2024-01-01 10:00:00',
      '2024-01-02 00:00:00',
      null,
    ]);
  });

  it('leaves the rows alone without sort keys', () => {
    expect(sortRecords(rows, [], kindOf)).toBe(rows);
  });
});
