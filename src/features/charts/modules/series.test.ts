import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import {
  MODULE_CHARTS,
  countByMonth,
  isModuleChartId,
  moduleSeries,
  sumByCategory,
  type CategoryPoint,
  type MonthlySeries,
} from './series.ts';

// Factories shaped like the demo service's rows (server/embedded/demo), every field optional so
// a test can drop or null any of them.
type Wire = string | number | boolean | null | undefined;

function row(fields: Record<string, Wire>): ServiceRecord {
  const record: ServiceRecord = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) record[key] = value;
  return record;
}

const holding = (asset_class__c: Wire, fund_balance__c: Wire): ServiceRecord =>
  row({
    sfid: 'a0H5g00000FsySyEAJ',
    name: 'Tidemark Event Driven Fund',
    asset_class__c,
    fund_balance__c,
  });
const change = (field: Wire, createddate: Wire): ServiceRecord =>
  row({ accountid: '0015g00000Jm3MaAAJ', field, datatype: 'Text', createddate });
const metro = (name: string, country__c: Wire): ServiceRecord =>
  row({ name, country__c, sort_order__c: 10, createddate: '2023-03-11T18:43:27Z' });
const presentation = (type__c: Wire, createddate: Wire): ServiceRecord =>
  row({ name: 'Cairnside – Q4 2023 Product Overview', type__c, createddate });

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

const byKey = (points: readonly CategoryPoint[]) =>
  Object.fromEntries(points.map((point) => [point.key, point.value]));
const bucketKeys = (result: MonthlySeries) => result.buckets.map((bucket) => bucket.key);
const sumOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const single = (field: string) => (r: ServiceRecord) => [String(r[field])];
const wide = { maxSeries: 10, maxBuckets: 100 };

describe('sumByCategory', () => {
  it('sums the value per category, largest first, and counts rows', () => {
    const rows = [holding('Equity', 100), holding('Cash', 500), holding('Equity', 50)];
    expect(sumByCategory(rows, 'asset_class__c', 'fund_balance__c', 10)).toEqual([
      { key: 'Cash', label: 'Cash', value: 500, count: 1 },
      { key: 'Equity', label: 'Equity', value: 150, count: 2 },
    ]);
  });

  it('counts rows when there is no value field', () => {
    const rows = [
      metro('Boston', 'United States'),
      metro('Lyon', 'France'),
      metro('NYC', 'United States'),
    ];
    expect(byKey(sumByCategory(rows, 'country__c', null, 10))).toEqual({
      'United States': 2,
      France: 1,
    });
  });

  it('reads numeric strings as numbers; non-numeric values count but add nothing', () => {
    const rows = [holding('Equity', '1000.5'), holding('Equity', 'n/a'), holding('Equity', null)];
    expect(sumByCategory(rows, 'asset_class__c', 'fund_balance__c', 10)).toEqual([
      { key: 'Equity', label: 'Equity', value: 1000.5, count: 3 },
    ]);
  });

  it('puts rows without a category under "(none)"', () => {
    const rows = [holding(null, 1), holding(undefined, 2), holding('', 3), holding('Equity', 1)];
    const [none] = sumByCategory(rows, 'asset_class__c', 'fund_balance__c', 10);
    expect(none).toEqual({ key: '', label: '(none)', value: 6, count: 3 });
  });

  it('folds the smallest categories into "Other (n)" within the limit, keeping totals', () => {
    const classes = ['A', 'B', 'C', 'D', 'E', 'F'];
    const rows = classes.flatMap((name, i) => [holding(name, (6 - i) * 10), holding(name, 1)]);
    const points = sumByCategory(rows, 'asset_class__c', 'fund_balance__c', 4);
    expect(points.map((point) => point.label)).toEqual(['A', 'B', 'C', 'Other (3)']);
    expect(points[3]).toMatchObject({ other: true, members: ['D', 'E', 'F'], value: 63, count: 6 });
    expect(sumOf(points.map((point) => point.value))).toBe(216);
    expect(sumOf(points.map((point) => point.count))).toBe(rows.length);
  });

  it('does not fold when the categories fit exactly, and orders ties by key', () => {
    const rows = [holding('Zeta', 5), holding('Alpha', 5), holding('Mid', 5)];
    const points = sumByCategory(rows, 'asset_class__c', 'fund_balance__c', 3);
    expect(points.map((point) => point.key)).toEqual(['Alpha', 'Mid', 'Zeta']);
  });
});

describe('countByMonth', () => {
  it('fills the months without rows with zeros so the axis is continuous', () => {
    const rows = [change('Rating', '2024-01-10'), change('Owner', '2024-04-02')];
    const result = countByMonth(rows, 'createddate', single('field'), wide);
    expect(bucketKeys(result)).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
    expect(result.buckets[1]).toEqual({
      key: '2024-02',
      label: 'Feb 2024',
      from: '2024-02',
      to: '2024-02',
      values: { Owner: 0, Rating: 0 },
      total: 0,
    });
    expect(result.buckets[3]?.values).toEqual({ Owner: 1, Rating: 0 });
  });

  it('takes the month as written, whatever the date form, with no time-zone shift', () => {
    const rows = [
      change('Rating', '2024-01-31T23:30:00Z'),
      change('Rating', '2024-01-31 23:59:59'),
      change('Rating', '2024-01-15'),
      change('Rating', '2024-02-01T00:00:00+05:00'),
    ];
    const result = countByMonth(rows, 'createddate', single('field'), wide);
    expect(result.buckets.map((bucket) => bucket.total)).toEqual([3, 1]);
  });

  it('counts rows without a usable date as undated, outside every bucket', () => {
    const rows = [
      change('Rating', '2024-05-01'),
      change('Rating', null),
      change('Rating', undefined),
      change('Rating', 'yesterday'),
      change('Rating', '2024-13-01'),
      change('Rating', '20240501'),
    ];
    const result = countByMonth(rows, 'createddate', single('field'), wide);
    expect(result.undated).toBe(5);
    expect(bucketKeys(result)).toEqual(['2024-05']);
    expect(countByMonth([change('Rating', null)], 'createddate', single('field'), wide)).toEqual({
      buckets: [],
      series: [],
      granularity: 'month',
      undated: 1,
    });
  });

  it('counts a row in each series it belongs to, and not at all when it belongs to none', () => {
    const rows = [row({ d: '2024-03-01', tags: 'a,b' }), row({ d: '2024-03-02', tags: '' })];
    const tags = (r: ServiceRecord) => String(r.tags).split(',').filter(Boolean);
    const result = countByMonth(rows, 'd', tags, wide);
    expect(result.buckets[0]).toMatchObject({ values: { a: 1, b: 1 }, total: 2 });
    expect(result.series.map((entry) => entry.total)).toEqual([1, 1]);
  });

  it('coarsens to quarters when the months do not fit, keeping totals and labelling quarters', () => {
    const rows = ['2023-11-20', '2024-01-05', '2024-02-05', '2024-06-30', '2024-07-01'].map((d) =>
      change('Rating', d),
    );
    const result = countByMonth(rows, 'createddate', single('field'), {
      maxSeries: 5,
      maxBuckets: 6,
    });
    expect(result.granularity).toBe('quarter');
    expect(result.buckets.map((b) => [b.key, b.label, b.from, b.to, b.total])).toEqual([
      ['2023-Q4', 'Q4 2023', '2023-10', '2023-12', 1],
      ['2024-Q1', 'Q1 2024', '2024-01', '2024-03', 2],
      ['2024-Q2', 'Q2 2024', '2024-04', '2024-06', 1],
      ['2024-Q3', 'Q3 2024', '2024-07', '2024-09', 1],
    ]);
  });

  it('coarsens to years when even quarters do not fit', () => {
    const rows = ['2019-12-31', '2021-06-01', '2022-01-01', '2022-12-01'].map((d) =>
      change('Rating', d),
    );
    const result = countByMonth(rows, 'createddate', single('field'), {
      maxSeries: 5,
      maxBuckets: 4,
    });
    expect(result.granularity).toBe('year');
    expect(result.buckets.map((b) => [b.key, b.label, b.from, b.to, b.total])).toEqual([
      ['2019', '2019', '2019-01', '2019-12', 1],
      ['2020', '2020', '2020-01', '2020-12', 0],
      ['2021', '2021', '2021-01', '2021-12', 1],
      ['2022', '2022', '2022-01', '2022-12', 2],
    ]);
  });

  it('folds the smallest series into "Other (n)", keeping every bucket total', () => {
    const fields = ['AUM__c', 'AUM__c', 'AUM__c', 'Owner', 'Owner', 'Phone', 'Name', 'Website'];
    const rows = fields.map((field, i) => change(field, `2024-0${(i % 2) + 1}-10`));
    const result = countByMonth(rows, 'createddate', single('field'), {
      maxSeries: 3,
      maxBuckets: 12,
    });
    expect(result.series).toEqual([
      { key: 'AUM__c', label: 'AUM__c', total: 3 },
      { key: 'Owner', label: 'Owner', total: 2 },
      {
        key: '__other__',
        label: 'Other (3)',
        total: 3,
        other: true,
        members: ['Name', 'Phone', 'Website'],
      },
    ]);
    for (const bucket of result.buckets) {
      expect(Object.keys(bucket.values)).toEqual(['AUM__c', 'Owner', '__other__']);
      expect(sumOf(Object.values(bucket.values))).toBe(bucket.total);
    }
    expect(sumOf(result.buckets.map((bucket) => bucket.total))).toBe(rows.length);
  });
});

describe('100,000 rows', () => {
  const types = ['Quarterly Update', 'Pitch Book', 'Due Diligence', 'Annual Meeting', 'Webinar'];
  const rows = Array.from({ length: 100_000 }, (_, i) =>
    presentation(
      types[i % types.length],
      i % 97 === 0
        ? null
        : `20${10 + (i % 15)}-${String((i % 12) + 1).padStart(2, '0')}-14T10:00:00Z`,
    ),
  );

  it('counts every row once per month, the undated apart', () => {
    const result = countByMonth(rows, 'createddate', single('type__c'), {
      maxSeries: 3,
      maxBuckets: 2400,
    });
    expect(result.granularity).toBe('month');
    expect(result.buckets).toHaveLength(15 * 12);
    expect(sumOf(result.buckets.map((bucket) => bucket.total)) + result.undated).toBe(100_000);
    expect(sumOf(result.series.map((entry) => entry.total))).toBe(100_000 - result.undated);
  });

  it('sums every row into a category', () => {
    const points = sumByCategory(rows, 'type__c', null, 3);
    expect(points).toHaveLength(3);
    expect(sumOf(points.map((point) => point.count))).toBe(100_000);
    expect(sumOf(points.map((point) => point.value))).toBe(100_000);
  });
});

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
