import { Alert, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ServiceRecord } from '#contract/response';
import { sameRowFilter } from '../../lib/url-state/row-filter.ts';
import type { RowFilter } from '../../lib/url-state/row-filter.ts';
import { chosenShape } from '../../components/charts/chosen-bar.tsx';
import { ChartFrame } from '../../components/charts/chart-frame.tsx';
import type { ChartTable } from '../../components/charts/chart-frame.tsx';
import { LegendLabel } from '../../components/charts/legend-label.tsx';
import { formatCount, formatUsd, formatUsdCompact } from '../../components/charts/chart-format.ts';
import { PRIMARY, seriesColor } from '../../components/charts/colors.ts';
import { missingFieldsMessage } from '../../components/charts/missing-fields.ts';
import type { CategoryPoint, MonthBucket, MonthlySeries } from './aggregate.ts';
import { categoryFilter, monthlyFilter } from './cross-filters.ts';
import { monthTickInterval, shortBucketLabel } from './months.ts';
import { chartTitle, MODULE_CHARTS, moduleSeries } from './series.ts';
import type { ModuleChartId } from './series.ts';

const BAR_ROW = 26;
/** The field a category chart groups by, and whether it sums money. */
const CATEGORY_FIELDS: Partial<Record<ModuleChartId, { field: string; money: boolean }>> = {
  investment_holdings: { field: 'asset_class__c', money: true },
  metro_area__c: { field: 'country__c', money: false },
};

function CategoryBars({
  module,
  points,
  width,
  onFilter,
  chosen,
}: {
  module: ModuleChartId;
  points: readonly CategoryPoint[];
  width: number;
  onFilter: (filter: RowFilter) => void;
  chosen: RowFilter | undefined;
}) {
  const spec = CATEGORY_FIELDS[module] ?? { field: '', money: false };
  const format = spec.money ? formatUsd : formatCount;
  const data = points.map((point) => ({
    ...point,
    fill: point.other ? seriesColor(0, true) : PRIMARY,
  }));
  const chart = MODULE_CHARTS[module];
  const top = points[0];
  return (
    <ChartFrame
      title={chart.title}
      notes={[`${chart.description} Click a bar to show its rows in the table.`]}
      summary={
        top
          ? `${String(points.length)} bar${points.length === 1 ? '' : 's'}; the largest is ${top.label} with ${format(top.value)} (${formatCount(top.count)} rows).`
          : 'No rows to chart.'
      }
      table={{
        columns: ['Category', spec.money ? 'Fund balance (USD)' : 'Count', 'Rows'],
        rows: points.map((point) => [point.label, format(point.value), formatCount(point.count)]),
      }}
    >
      <BarChart
        layout="vertical"
        width={width}
        height={Math.max(160, data.length * BAR_ROW + 48)}
        data={data}
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis
          type="number"
          tickFormatter={(value: number) =>
            spec.money ? formatUsdCompact(value) : formatCount(value)
          }
        />
        <YAxis type="category" dataKey="label" width={150} interval={0} />
        <Tooltip
          formatter={(value) => [format(Number(value)), spec.money ? 'Fund balance' : 'Count']}
        />
        <Bar
          dataKey="value"
          name={spec.money ? 'Fund balance' : 'Count'}
          maxBarSize={28}
          cursor="pointer"
          isAnimationActive={false}
          onClick={(_item, index) => {
            const point = points[index];
            if (point) onFilter(categoryFilter(spec.field, point));
          }}
          {...chosenShape(points, (point) =>
            sameRowFilter(categoryFilter(spec.field, point), chosen),
          )}
        />
      </BarChart>
    </ChartFrame>
  );
}

const GRANULARITY_COLUMNS = { month: 'Month', quarter: 'Quarter', year: 'Year' } as const;

/** The buckets' range, the busiest one, and each series' total. */
function monthlySummary(series: MonthlySeries): string {
  const busiest = series.buckets.reduce<(typeof series.buckets)[number] | undefined>(
    (best, bucket) => (best === undefined || bucket.total > best.total ? bucket : best),
    undefined,
  );
  return busiest
    ? `${String(series.buckets.length)} ${series.granularity}${series.buckets.length === 1 ? '' : 's'} from ${series.buckets[0]?.label ?? ''} to ${series.buckets.at(-1)?.label ?? ''}; the busiest is ${busiest.label} with ${formatCount(busiest.total)}. Series: ${series.series.map((entry) => `${entry.label} ${formatCount(entry.total)}`).join(', ')}.`
    : 'No dated rows to chart.';
}

/** One row per bucket: each series' count and the total. */
function monthlyTable(series: MonthlySeries): ChartTable {
  return {
    columns: [
      GRANULARITY_COLUMNS[series.granularity],
      ...series.series.map((entry) => entry.label),
      'Total',
    ],
    rows: series.buckets.map((bucket) => [
      bucket.label,
      ...series.series.map((entry) => formatCount(bucket.values[entry.key] ?? 0)),
      formatCount(bucket.total),
    ]),
  };
}

interface MonthlyBarsProps {
  readonly module: ModuleChartId;
  readonly series: MonthlySeries;
  readonly dateField: string;
  readonly width: number;
  readonly onFilter: (filter: RowFilter) => void;
  readonly chosen: RowFilter | undefined;
}

/** The monthly chart's left and right margins and count axis width, for the plot's width. */
const MONTHLY_LEFT = 8;
const MONTHLY_RIGHT = 24;
const MONTHLY_Y_AXIS = 48;

/** The stacked bars themselves: one stack per bucket, one segment per series. */
function MonthlyBarChart({ module, series, dateField, width, onFilter, chosen }: MonthlyBarsProps) {
  const isChosen = (entry: MonthlySeries['series'][number]) => (bucket: MonthBucket) =>
    sameRowFilter(monthlyFilter(module, dateField, bucket, entry), chosen);
  // A chosen segment fades every other, in its own stack and in the others.
  const anyChosen =
    chosen !== undefined && series.series.some((entry) => series.buckets.some(isChosen(entry)));
  return (
    <BarChart
      width={width}
      height={300}
      data={series.buckets}
      margin={{ left: 8, right: MONTHLY_RIGHT, top: 8, bottom: 8 }}
    >
      <CartesianGrid vertical={false} strokeDasharray="3 3" />
      {/* A fixed step from the plot's width: recharts then skips measuring every label (costly);
          short labels ("Nov ’25") so the last one is not cut at the chart's edge. */}
      <XAxis
        dataKey="label"
        tickFormatter={shortBucketLabel}
        interval={monthTickInterval(
          series.buckets.length,
          width - MONTHLY_LEFT - MONTHLY_Y_AXIS - MONTHLY_RIGHT,
        )}
      />
      <YAxis allowDecimals={false} width={MONTHLY_Y_AXIS} />
      <Tooltip />
      {/* In the series' order, bottom of the stack first; recharts sorts by name unless told. */}
      <Legend itemSorter={null} formatter={(value: string) => <LegendLabel text={value} />} />
      {series.series.map((entry, index) => (
        <Bar
          key={entry.key}
          // A function: recharts reads a string key as a path, and field names may hold dots.
          dataKey={(bucket: MonthBucket) => bucket.values[entry.key] ?? 0}
          name={entry.label}
          stackId="count"
          maxBarSize={48}
          fill={seriesColor(index, entry.other === true)}
          cursor="pointer"
          isAnimationActive={false}
          onClick={(_item, bucketIndex) => {
            const bucket = series.buckets[bucketIndex];
            if (bucket) onFilter(monthlyFilter(module, dateField, bucket, entry));
          }}
          {...chosenShape(series.buckets, isChosen(entry), anyChosen)}
        />
      ))}
    </BarChart>
  );
}

/** Rows counted per month (or quarter, or year), stacked by series, in their frame. */
function MonthlyBars({ module, series, dateField, width, onFilter, chosen }: MonthlyBarsProps) {
  const chart = MODULE_CHARTS[module];
  const legend = series.series.map((entry, index) => ({
    label: entry.label,
    color: seriesColor(index, entry.other === true),
  }));
  const notes = [
    `${chart.description} Counted by ${dateField}, per ${series.granularity}. Click a segment to show its rows in the table.`,
  ];
  if (series.undated > 0)
    notes.push(`${formatCount(series.undated)} rows have no ${dateField} and are not counted.`);
  return (
    <ChartFrame
      title={chartTitle(chart, series.granularity)}
      notes={notes}
      legend={legend}
      summary={monthlySummary(series)}
      table={monthlyTable(series)}
    >
      <MonthlyBarChart
        module={module}
        series={series}
        dateField={dateField}
        width={width}
        onFilter={onFilter}
        chosen={chosen}
      />
    </ChartFrame>
  );
}

/** The chart of one CRM module's rows, sized to the width it has. */
export function ModuleChart({
  module,
  rows,
  body,
  onFilter,
  chosen,
}: {
  module: ModuleChartId;
  rows: readonly ServiceRecord[];
  /** The query that returned the rows: says whether a missing field was asked for. */
  body: Readonly<Record<string, unknown>>;
  onFilter: (filter: RowFilter) => void;
  /** The filter a bar put on the table, if any: that bar is marked, the others faded. */
  chosen?: RowFilter | undefined;
}) {
  const { ref: observe, width: observed } = useElementSize();
  const box = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(observe, box);
  // The first width is read before the first paint: the observer reports it a frame later, and
  // the chart would flash at the narrow default first (fewer bars, then all of them).
  const [initial, setInitial] = useState(0);
  useLayoutEffect(() => {
    setInitial(box.current?.getBoundingClientRect().width ?? 0);
  }, []);
  const width = observed || initial;
  const chartWidth = Math.max(320, Math.floor(width) - 24);
  const chart = MODULE_CHARTS[module];
  const present = useMemo(
    () => new Set(rows.slice(0, 50).flatMap((row) => Object.keys(row))),
    [rows],
  );
  const missing = chart.requiredFields.filter((field) => !present.has(field));
  const data = useMemo(
    () => moduleSeries(module, rows, { width: chartWidth }),
    [module, rows, chartWidth],
  );
  // updates can count by createddate instead; the others need every field named.
  const blocked =
    module === 'updates' ? missing.length === chart.requiredFields.length : missing.length > 0;
  return (
    <div ref={ref}>
      {blocked ? (
        <Alert color="gray" title={chartTitle(chart)}>
          <Text size="sm">
            {missingFieldsMessage(
              missing.map((field) => [field]),
              body,
            )}
          </Text>
        </Alert>
      ) : data.kind === 'category' ? (
        <CategoryBars
          module={module}
          points={data.points}
          width={chartWidth}
          onFilter={onFilter}
          chosen={chosen}
        />
      ) : (
        <MonthlyBars
          module={module}
          series={data.series}
          dateField={data.dateField}
          width={chartWidth}
          onFilter={onFilter}
          chosen={chosen}
        />
      )}
    </div>
  );
}
