import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { RowFilter } from '../../lib/url-state/row-filter.ts';
import type { ChartSettings } from '../../lib/url-state/workspace-view.ts';
import { ModuleChart } from '../module-charts/module-chart.tsx';
import { isModuleChartId } from '../module-charts/series.ts';
import { ThirteenFCharts } from '../thirteen-f/charts/thirteen-f-charts.tsx';

/**
 * The charts of a result, reading the same rows as the table. Loaded on demand (recharts is
 * large): the workspace imports this module lazily.
 */
export function ChartPanel({
  module,
  rows,
  body,
  onFilter,
  chosen,
  settings,
  onSettingsChange,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[];
  body: Readonly<Record<string, unknown>>;
  onFilter: (filter: RowFilter) => void;
  /** The filter a chart's bar put on the table, if any: the charts mark that bar. */
  chosen?: RowFilter | undefined;
  /** The chart settings (tab, top N, filer, period…), kept by the workspace in its link. */
  settings: ChartSettings;
  onSettingsChange: (next: ChartSettings) => void;
}) {
  if (module === '13f_holdings') {
    return (
      <ThirteenFCharts
        rows={rows}
        body={body}
        onFilter={onFilter}
        chosen={chosen}
        settings={settings}
        onSettingsChange={onSettingsChange}
      />
    );
  }
  if (isModuleChartId(module))
    return (
      <ModuleChart module={module} rows={rows} body={body} onFilter={onFilter} chosen={chosen} />
    );
  return null;
}
