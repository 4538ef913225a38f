import type { RowFilter, RowFilterCondition } from '../../lib/url-state/row-filter.ts';
import type { CategoryPoint, MonthBucket, MonthlySeriesEntry } from './aggregate.ts';
import type { ModuleChartId } from './series.ts';

/** Every 'YYYY-MM' from `from` to `to`, inclusive. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  while (year * 12 + month <= last && months.length < 1200) {
    months.push(`${String(year)}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The table filter for a clicked category bar ("Other" selects every category folded into it). */
export function categoryFilter(field: string, point: CategoryPoint): RowFilter {
  const values = point.other ? [...(point.members ?? [])] : [point.key];
  return { label: point.label, conditions: [{ field, op: 'in', values }] };
}

/** Which rows belong to a series of a monthly chart, in the same terms the series were built. */
function seriesConditions(module: ModuleChartId, series: MonthlySeriesEntry): RowFilterCondition[] {
  const keys = series.other ? [...(series.members ?? [])] : [series.key];
  switch (module) {
    case 'accounthistory':
      return [{ field: 'field', op: 'in', values: keys }];
    case 'manager_presentation__c':
      return [{ field: 'type__c', op: 'in', values: keys }];
    case 'updates':
      if (series.key === 'Job change')
        return [{ field: 'job_change__c', op: 'in', values: ['true'] }];
      if (series.key === 'Role change') {
        return [{ field: 'role_change__c', op: 'in', values: ['true'] }];
      }
      return [
        { field: 'job_change__c', op: 'notIn', values: ['true'] },
        { field: 'role_change__c', op: 'notIn', values: ['true'] },
        { field: 'field_name__c', op: 'notIn', values: [''] },
      ];
    default:
      return [];
  }
}

/** The table filter for a clicked segment of a stacked monthly bar. */
export function monthlyFilter(
  module: ModuleChartId,
  dateField: string,
  bucket: MonthBucket,
  series: MonthlySeriesEntry,
): RowFilter {
  return {
    label: `${series.label} · ${bucket.label}`,
    conditions: [
      { field: dateField, op: 'month', values: monthsBetween(bucket.from, bucket.to) },
      ...seriesConditions(module, series),
    ],
  };
}
