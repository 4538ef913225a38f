/**
 * What the chart bench page (main.tsx) exposes as `window.bench` for bench/charts.bench.ts to
 * call through `page.evaluate`. All times are milliseconds from `performance.now()`.
 */

/** The charts measured: two CRM module charts and the 13F charts. */
export type ChartCase = 'updates' | 'investment_holdings' | '13f_holdings';

/** One drawn recharts surface (`svg.recharts-surface`) in the chart under test. */
export interface Surface {
  /** Its width in CSS pixels. */
  readonly width: number;
  /** Bars, dots, symbols, sectors and line vertices drawn in it. */
  readonly elements: number;
}

/** One render of a chart, from handing it the rows until it has painted and settled. */
export interface ChartRender {
  /** The longest main-thread task reported by PerformanceObserver('longtask'); 0 when none (< 50 ms). */
  readonly longestTaskMs: number;
  /** The long tasks (≥ 50 ms) the render caused: start (from `setState`) and duration. */
  readonly longTasks: readonly { readonly at: number; readonly ms: number }[];
  /** From `setState` with the rows to the painted frame that first showed the final chart. */
  readonly paintMs: number;
  /** From `setState` to settled: the chart unchanged for a while and no request in flight. */
  readonly settledMs: number;
  readonly surfaces: readonly Surface[];
  /** Requests the chart sent (answered 401 by the page's stub `fetch`). */
  readonly requests: number;
  /** The chart's notes, title and summary as text, to check what it says it drew from. */
  readonly text: string;
}

export interface ChartBench {
  /** Generates (once) the rows of `chart` with `rowCount` rows; returns the time it took. */
  prepare(chart: ChartCase, rowCount: number): number;
  /** Unmounts any chart, then mounts `chart` on its prepared rows and measures it. */
  render(chart: ChartCase, rowCount: number): Promise<ChartRender>;
  /** The page's conditions: long-task support and timer resolution. */
  info(): {
    readonly longTaskSupported: boolean;
    readonly isolated: boolean;
    readonly hostWidth: number;
  };
}
