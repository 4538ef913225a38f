/**
 * What the results-table bench page (main.tsx) exposes as `window.bench` for
 * bench/results-table.bench.ts to call through `page.evaluate`. All times are milliseconds.
 */
export interface TableBench {
  /** Unmounts the table, then mounts it with every row: from `setState` to the painted frame. */
  mount(): Promise<number>;
  /** Clicks the header of `label` on an unsorted table: from the click to the painted frame. */
  sortByHeader(label: string): Promise<{ readonly ms: number; readonly ariaSort: string | null }>;
  /** `Array.prototype.sort` of a copy of the rows by `field`, largest first, as numbers. */
  plainSort(field: string): number;
  /** Scrolls the table's scroller down `rows` rows over `durationMs`, one step per frame. */
  scroll(
    rows: number,
    durationMs: number,
  ): Promise<{
    readonly intervals: number[];
    /** The height of a rendered row, in CSS pixels. */
    readonly rowHeight: number;
    /** The scroll distance per row (the virtualizer's spacing), in CSS pixels. */
    readonly rowPitch: number;
    /** The aria-rowindex of the first row in view once the scroll ended (header row is 1). */
    readonly landedRowIndex: number;
  }>;
  /** Frame intervals of an idle page over `durationMs`: the browser's own frame rate. */
  idleFrames(durationMs: number): Promise<number[]>;
  /** Whether timers have full resolution (a cross-origin isolated page), not 100 µs steps. */
  isolated(): boolean;
  /** Our `toCsv` of every row and field. */
  ourCsv(): { readonly ms: number; readonly length: number };
  /** `Papa.unparse` of the same rows and fields. */
  papaCsv(): { readonly ms: number; readonly length: number };
  /** The Excel-ready CSV of the same rows and fields (labels, typed cells). */
  excelCsv(): { readonly ms: number; readonly length: number };
  /** The XLSX workbook of the same rows and fields, written here as its worker writes it. */
  xlsx(): { readonly ms: number; readonly length: number };
  /** The size of the data. */
  info(): { readonly rowCount: number; readonly columnCount: number };
}
