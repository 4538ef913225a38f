/**
 * How a workspace's results are being looked at: table or chart, the table's client-side sort,
 * hidden and ordered columns, chart settings and a clicked bar's row filter. Client-side only,
 * never part of the query sent; carried by links and saved queries, kept per module in memory.
 */
import { z } from 'zod/mini';
import { isLiteralObject } from './literal-object.ts';
import { rowFilterSchema } from './row-filter.ts';

const chartSchema = z.custom<Record<string, string | number | boolean>>(
  (value) =>
    isLiteralObject(value) &&
    Object.values(value).every(
      (setting) =>
        typeof setting === 'string' ||
        typeof setting === 'boolean' ||
        (typeof setting === 'number' && Number.isFinite(setting)),
    ),
  { message: 'view.chart must map names to text, numbers or true/false' },
);

/** How the results were being looked at: client-side only, never part of the query sent. */
export const workspaceViewSchema = z.strictObject({
  mode: z.optional(z.enum(['table', 'chart'])),
  /** The table's client-side sort, first key first. */
  sort: z.optional(z.array(z.strictObject({ id: z.string(), desc: z.boolean() }))),
  /** Hidden column ids. */
  hidden: z.optional(z.array(z.string())),
  /** Column ids in display order. */
  order: z.optional(z.array(z.string())),
  /** Chart settings by name: tab, top N, filer, period… */
  chart: z.optional(chartSchema),
  /** The clicked bar's filter on the table's rows. */
  filter: z.optional(rowFilterSchema),
});

/** How a link's results are viewed: table or chart, client sort, columns, chart settings. */
export type WorkspaceView = z.infer<typeof workspaceViewSchema>;

/** A view's chart settings by name (tab, top N, filer, period…). */
export type ChartSettings = NonNullable<WorkspaceView['chart']>;

/**
 * Chart settings that name something in the rows (a filer, a period, a security): they belong
 * to the rows they were chosen on. The others (tab, top N, switches) are how the analyst likes
 * to look, whatever the rows.
 */
const ROW_BOUND_CHART_SETTINGS = new Set(['filer', 'period', 'holding']);

/**
 * The view a new query starts with: no chart filter, no chart choice of a filer, period or
 * security from the old rows, and the client sort only on columns the new query returns
 * (`columns`: its fields). What it keeps is what still applies, so a link never carries state
 * chosen on rows it does not show.
 */
export function viewForNewQuery(view: WorkspaceView, columns: readonly string[]): WorkspaceView {
  const chart = Object.entries(view.chart ?? {}).filter(
    ([name]) => !ROW_BOUND_CHART_SETTINGS.has(name),
  );
  const sort = (view.sort ?? []).filter((key) => columns.includes(key.id));
  return {
    ...view,
    filter: undefined,
    chart: chart.length > 0 ? Object.fromEntries(chart) : undefined,
    sort: sort.length > 0 ? sort : undefined,
  };
}
