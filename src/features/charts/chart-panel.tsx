import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { RowFilter } from '../../lib/row-filter.ts';
import { ModuleChart } from './modules/module-chart.tsx';
import { isModuleChartId } from './modules/series.ts';
import { ThirteenFCharts } from './thirteen-f/thirteen-f-charts.tsx';

/**
 * The charts of a result, reading the same rows as the table. Loaded on demand (recharts is
 * large): the workspace imports this module lazily.
 */
export function ChartPanel({
  module,
  rows,
  body,
  onFilter,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[];
  body: Readonly<Record<string, unknown>>;
  onFilter: (filter: RowFilter) => void;
}) {
  if (module === '13f_holdings')
    return <ThirteenFCharts rows={rows} body={body} onFilter={onFilter} />;
  if (isModuleChartId(module))
    return <ModuleChart module={module} rows={rows} onFilter={onFilter} />;
  return null;
}
