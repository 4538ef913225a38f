/**
 * Chart series for the five CRM modules, computed from query result rows with the aggregations
 * of aggregate.ts. Pure data: the chart components render what these return.
 */
import { findField } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { parseBoolean } from '#contract/values';
import { maxBarsForWidth } from '../../components/charts/downsample.ts';
import { categoryKey, countByMonth, sumByCategory } from './aggregate.ts';
import type { CategoryPoint, MonthlySeries } from './aggregate.ts';
import { monthIndexOf } from './months.ts';

/** The modules with a chart of their own here (13F holdings has its own charts). */
export type ModuleChartId =
  | 'investment_holdings'
  | 'accounthistory'
  | 'metro_area__c'
  | 'manager_presentation__c'
  | 'updates';

/** What a module's chart shows, and which fields a query must return for it. */
export interface ModuleChart {
  /** A monthly chart's title is followed by the bucket it draws ("per quarter"): see chartTitle. */
  readonly title: string;
  readonly description: string;
  readonly requiredFields: readonly string[];
  readonly kind: 'category' | 'monthly';
}

/** The chart of each of the five CRM modules. */
export const MODULE_CHARTS: Readonly<Record<ModuleChartId, ModuleChart>> = {
  investment_holdings: {
    title: 'Fund balance by asset class',
    description: 'Total fund balance of the holdings in each asset class, largest first.',
    requiredFields: ['asset_class__c', 'fund_balance__c'],
    kind: 'category',
  },
  accounthistory: {
    title: 'Changes per field',
    description: 'Account field changes over time, stacked by the field that changed.',
    requiredFields: ['field', 'createddate'],
    kind: 'monthly',
  },
  metro_area__c: {
    title: 'Metro areas per country',
    description: 'Number of metro areas in each country, largest first.',
    requiredFields: ['country__c'],
    kind: 'category',
  },
  manager_presentation__c: {
    title: 'Documents per type',
    description: 'Presentation documents created over time, stacked by presentation type.',
    requiredFields: ['type__c', 'createddate'],
    kind: 'monthly',
  },
  updates: {
    title: 'Job changes, role changes and field changes',
    description:
      'Contact updates by the date of the change (of creation when the change date is not returned).',
    requiredFields: ['job_change__c', 'role_change__c', 'field_name__c', 'last_updated_date__c'],
    kind: 'monthly',
  },
};

/**
 * The chart's title as drawn: a monthly chart says the bucket it counts by, which narrows from
 * months to quarters or years when the months would not fit the pane.
 */
export function chartTitle(chart: ModuleChart, granularity?: MonthlySeries['granularity']): string {
  return chart.kind === 'monthly' ? `${chart.title} per ${granularity ?? 'month'}` : chart.title;
}

/** True when `module` has a chart in MODULE_CHARTS. */
export function isModuleChartId(module: string): module is ModuleChartId {
  return Object.hasOwn(MODULE_CHARTS, module);
}

/** A module's chart data: category bars, or a stacked monthly chart and the date it counts by. */
export type ModuleSeries =
  | { readonly kind: 'category'; readonly points: CategoryPoint[] }
  | { readonly kind: 'monthly'; readonly series: MonthlySeries; readonly dateField: string };

/** The chart's pixel width, and how many stacked series it may show (colours stay distinct). */
export interface ModuleSeriesOptions {
  readonly width: number;
  readonly maxSeries?: number;
}

/** Enough colours to tell apart; more series fold into "Other". */
const DEFAULT_MAX_SERIES = 8;

/**
 * The update kinds a row counts as. Demo and vendor rows name the changed field on every
 * update, AccountId for a job change and Title for a role change, so a field change is a named
 * field the job or role change does not already account for; otherwise every row would count
 * as a field change and that series would only repeat the total. Without the flags (fields not
 * returned), type__c ('Job Change', 'Role Change') decides.
 */
function updateKinds(row: ServiceRecord): string[] {
  const kinds: string[] = [];
  const type = row.type__c;
  const job = parseBoolean(row.job_change__c) ?? type === 'Job Change';
  const role = parseBoolean(row.role_change__c) ?? type === 'Role Change';
  if (job) kinds.push('Job change');
  if (role) kinds.push('Role change');
  const field = row.field_name__c;
  if (typeof field === 'string' && field.trim() !== '') {
    // Lower-casing only when a flag is set keeps the common plain field change cheap.
    const name = job || role ? field.trim().toLowerCase() : '';
    if (!(job && name === 'accountid') && !(role && name === 'title')) kinds.push('Field change');
  }
  return kinds;
}

/** The change date when the rows carry one, else the creation date. */
function updatesDateField(rows: readonly ServiceRecord[]): string {
  // Stops at the first dated row: the whole scan only happens when the field is unusable.
  const dated = rows.some((row) => monthIndexOf(row.last_updated_date__c) !== undefined);
  return dated ? 'last_updated_date__c' : 'createddate';
}

/** A single-valued series: the row's value of `field`, '' (shown "(none)") when missing. */
function by(field: string): (row: ServiceRecord) => readonly string[] {
  return (row) => [categoryKey(row[field])];
}

/** `chart` with its series named by the catalog's labels of `field`'s values (`AUM__c` → AUM). */
function labelled(chart: ModuleSeries, module: ModuleChartId, field: string): ModuleSeries {
  const labels = findField(module, field)?.valueLabels;
  if (chart.kind !== 'monthly' || labels === undefined) return chart;
  const series = chart.series.series.map((entry) => ({
    ...entry,
    label: labels[entry.key] ?? entry.label,
  }));
  return { ...chart, series: { ...chart.series, series } };
}

/**
 * The chart data of `module` for `rows`, sized for a chart `width` pixels wide: bars at one per
 * ~24 px, monthly columns likewise (at least twelve; coarsened to quarters or years beyond that).
 */
export function moduleSeries(
  module: ModuleChartId,
  rows: readonly ServiceRecord[],
  options: ModuleSeriesOptions,
): ModuleSeries {
  const limit = maxBarsForWidth(options.width);
  const byMonth = (
    dateField: string,
    seriesOf: (row: ServiceRecord) => readonly string[],
  ): ModuleSeries => ({
    kind: 'monthly',
    series: countByMonth(rows, dateField, seriesOf, {
      maxSeries: options.maxSeries ?? DEFAULT_MAX_SERIES,
      // A stacked column is a bar like any other (one per ~24 px, far below a line's two points
      // per pixel), and at least a year of months: a longer span coarsens to quarters. Each
      // column costs a rectangle per series, which is what a 100k-row chart's drawing time is.
      maxBuckets: Math.max(12, maxBarsForWidth(options.width)),
    }),
    dateField,
  });
  switch (module) {
    case 'investment_holdings': {
      const points = sumByCategory(rows, 'asset_class__c', 'fund_balance__c', limit);
      return { kind: 'category', points };
    }
    case 'metro_area__c':
      return { kind: 'category', points: sumByCategory(rows, 'country__c', null, limit) };
    case 'accounthistory':
      return labelled(byMonth('createddate', by('field')), 'accounthistory', 'field');
    case 'manager_presentation__c':
      return byMonth('createddate', by('type__c'));
    case 'updates':
      return byMonth(updatesDateField(rows), updateKinds);
  }
}
