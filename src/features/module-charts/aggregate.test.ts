import { describe, expect, it } from 'vitest';
import type { ServiceRecord } from '#contract/response';
import { change, holding, metro, presentation, row } from '../../../testing/module-rows.ts';
import {
  countByMonth,
  sumByCategory,
  type CategoryPoint,
  type MonthlySeries,
} from './aggregate.ts';

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
