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
