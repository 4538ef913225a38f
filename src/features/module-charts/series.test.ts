import { describe, expect, it } from 'vitest';
import { change, holding, metro, presentation, row } from '../../../testing/module-rows.ts';
import type { Wire } from '../../../testing/module-rows.ts';
import { MODULE_CHARTS, isModuleChartId, moduleSeries } from './series.ts';

interface UpdateFields {
  readonly type__c?: Wire;
  readonly field_name__c?: Wire;
  readonly job_change__c?: Wire;
  readonly role_change__c?: Wire;
  readonly last_updated_date__c?: Wire;
  readonly createddate?: Wire;
}
/** A contact update as the demo writes it: a job change names AccountId, a role change Title. */
function update(kind: 'job' | 'role' | 'field', day: string, fields: UpdateFields = {}) {
  return row({
    sfid: 'a0U5g00000FtUmZEAV',
    type__c: { job: 'Job Change', role: 'Role Change', field: 'Field Change' }[kind],
    field_name__c: { job: 'AccountId', role: 'Title', field: 'Email' }[kind],
    job_change__c: kind === 'job',
    role_change__c: kind === 'role',
    last_updated_date__c: day,
    createddate: `${day}T16:04:12Z`,
    ...fields,
  });
}

const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('module charts', () => {
  it('has a chart for each CRM module and none for 13F holdings', () => {
    expect(Object.keys(MODULE_CHARTS).sort()).toEqual([
      'accounthistory',
      'investment_holdings',
      'manager_presentation__c',
      'metro_area__c',
      'updates',
    ]);
    expect(isModuleChartId('updates')).toBe(true);
    expect(isModuleChartId('13f_holdings')).toBe(false);
  });

  it('investment holdings: fund balance by asset class, bars capped by width', () => {
    const classes = [
      'Equity',
      'Fixed Income',
      'Cash & Equivalents',
      'Hedge Funds',
      'Real Estate',
      'Private Equity',
      'Infrastructure',
    ];
    const rows = classes.flatMap((name, i) => [
      holding(name, 1_000_000 * (10 - i)),
      holding(name, '250000.50'),
    ]);
    const result = moduleSeries('investment_holdings', rows, { width: 120 });
    expect(MODULE_CHARTS.investment_holdings).toMatchObject({
      title: 'Fund balance by asset class',
      kind: 'category',
    });
    if (result.kind !== 'category') throw new Error('expected a category chart');
    expect(result.points.map((point) => point.label)).toEqual([
      'Equity',
      'Fixed Income',
      'Cash & Equivalents',
      'Hedge Funds',
      'Other (3)',
    ]);
    expect(result.points[0]).toMatchObject({ value: 10_250_000.5, count: 2 });
    expect(sumOf(result.points.map((point) => point.count))).toBe(rows.length);
  });

  it('account history: changes per field per month', () => {
    const rows = [
      change('AUM__c', '2025-06-15'),
      change('Owner', '2025-06-20'),
      change('AUM__c', '2025-08-01'),
    ];
    const result = moduleSeries('accounthistory', rows, { width: 600 });
    if (result.kind !== 'monthly') throw new Error('expected a monthly chart');
    expect(result.dateField).toBe('createddate');
    expect(result.series.series.map((entry) => entry.key)).toEqual(['AUM__c', 'Owner']);
    // The legend names a field as the catalog does; the key stays the value a click filters by.
    expect(result.series.series.map((entry) => entry.label)).toEqual(['AUM', 'Owner']);
    expect(result.series.buckets.map((bucket) => [bucket.label, bucket.values])).toEqual([
      ['Jun 2025', { AUM__c: 1, Owner: 1 }],
      ['Jul 2025', { AUM__c: 0, Owner: 0 }],
      ['Aug 2025', { AUM__c: 1, Owner: 0 }],
    ]);
  });

  it('metro areas: metro areas per country', () => {
    const rows = [
      metro('New York–Newark', 'United States'),
      metro('Chicago', 'United States'),
      metro('Toronto', 'Canada'),
      metro('Unplaced', null),
    ];
    const result = moduleSeries('metro_area__c', rows, { width: 600 });
    if (result.kind !== 'category') throw new Error('expected a category chart');
    expect(result.points.map((point) => [point.label, point.value])).toEqual([
      ['United States', 2],
      ['(none)', 1],
      ['Canada', 1],
    ]);
  });

  it('manager presentations: documents per type per month, on the ISO creation instant', () => {
    const rows = [
      presentation('Pitch Book', '2024-03-15T23:38:37Z'),
      presentation('Quarterly Update', '2024-03-31T23:59:59Z'),
      presentation('Quarterly Update', '2024-04-01T00:00:01Z'),
      presentation(null, '2024-04-02T09:00:00Z'),
    ];
    const result = moduleSeries('manager_presentation__c', rows, { width: 600 });
    if (result.kind !== 'monthly') throw new Error('expected a monthly chart');
    expect(result.series.buckets.map((bucket) => [bucket.key, bucket.values])).toEqual([
      ['2024-03', { 'Quarterly Update': 1, '': 0, 'Pitch Book': 1 }],
      ['2024-04', { 'Quarterly Update': 1, '': 1, 'Pitch Book': 0 }],
    ]);
    expect(result.series.series.find((entry) => entry.key === '')?.label).toBe('(none)');
  });

  it('updates: job, role and field changes partition the demo rows instead of repeating the total', () => {
    const rows = [
      update('job', '2024-03-02'),
      update('role', '2024-03-09'),
      update('field', '2024-03-20'),
      update('field', '2024-04-01'),
    ];
    const result = moduleSeries('updates', rows, { width: 600 });
    if (result.kind !== 'monthly') throw new Error('expected a monthly chart');
    expect(result.dateField).toBe('last_updated_date__c');
    expect(result.series.series.map((entry) => [entry.key, entry.total])).toEqual([
      ['Field change', 2],
      ['Job change', 1],
      ['Role change', 1],
    ]);
    expect(result.series.buckets.map((bucket) => bucket.total)).toEqual([3, 1]);
  });

  it('updates: reads "true" flags, counts a row in several series, and falls back to createddate', () => {
    const rows = [
      update('field', '2024-05-05', { job_change__c: 'true', last_updated_date__c: undefined }),
      update('role', '2024-06-05', {
        role_change__c: 'true',
        field_name__c: 'Department',
        last_updated_date__c: undefined,
      }),
      update('field', '2024-06-06', { field_name__c: ' ', last_updated_date__c: undefined }),
    ];
    const result = moduleSeries('updates', rows, { width: 600 });
    if (result.kind !== 'monthly') throw new Error('expected a monthly chart');
    expect(result.dateField).toBe('createddate');
    expect(result.series.buckets.map((bucket) => [bucket.key, bucket.values])).toEqual([
      ['2024-05', { 'Field change': 1, 'Job change': 1, 'Role change': 0 }],
      ['2024-06', { 'Field change': 1, 'Job change': 0, 'Role change': 1 }],
    ]);
  });

  it('updates: falls back on type__c when the flags are not returned', () => {
    const rows = [
      update('job', '2024-03-02', { job_change__c: undefined, role_change__c: undefined }),
      update('role', '2024-03-03', { job_change__c: null, role_change__c: null }),
    ];
    const result = moduleSeries('updates', rows, { width: 600 });
    if (result.kind !== 'monthly') throw new Error('expected a monthly chart');
    expect(result.series.series.map((entry) => entry.key)).toEqual(['Job change', 'Role change']);
  });
});
