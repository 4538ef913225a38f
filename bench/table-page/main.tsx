/**
 * The results table alone, on 100,000 synthetic 13F rows, for bench/results-table.bench.ts: it
 * renders nothing until the bench calls `window.bench.mount()` (see protocol.ts).
 */
import '@mantine/core/styles.css';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { SortingState } from '@tanstack/react-table';
import Papa from 'papaparse';
import { useLayoutEffect, useState } from 'react';
import { CATALOG } from '#contract/catalog';
import { parseSearch, stringifySearch } from '../../src/app/search-params.ts';
import { toCsv } from '../../src/lib/format/csv.ts';
import { excelCsvField } from '../../src/features/results/excel-csv.ts';
import { sheetCell } from '../../src/features/results/sheet-cells.ts';
import { sheetOf } from '../../src/features/results/xlsx-sheet.ts';
import { writeXlsx } from '../../src/features/results/xlsx-writer.ts';
import { createFormatters } from '../../src/features/results/format.ts';
import { ResultsTable } from '../../src/features/results/results-table.tsx';
import type { ResultColumn } from '../../src/features/results/result-column.ts';
import { useResultsTableState } from '../../src/features/results/table-state.ts';
import {
  nextPaint,
  paintedAfterCommit,
  signalCommit,
  startBenchPage,
  withTimeout,
} from '../page-kit.tsx';
import type { TableBench } from './protocol.ts';
import { generateRows } from './rows.ts';

const ROW_COUNT = 100_000;

const fields = CATALOG['13f_holdings'].fields;
const columns: ResultColumn[] = fields.map((field) => ({
  id: field.name,
  label: field.label,
  field,
}));
const csvColumns = fields.map((field) => ({ id: field.name, header: field.name }));
const sheetColumns = fields.map((field) => ({
  id: field.name,
  header: field.label,
  apiName: field.name,
  field,
}));
const fieldOf = new Map(fields.map((field) => [field.name, field]));
const format = createFormatters('en-US');
const rows = generateRows(ROW_COUNT);
const NO_SELECTION: ReadonlySet<Record<string, unknown>> = new Set();

interface Controls {
  readonly mounted: number | null;
  readonly sorting: SortingState;
  readonly setMounted: (key: number | null) => void;
  readonly setSorting: (sorting: SortingState) => void;
}

let controls: Controls | undefined;

function Bench() {
  // The key of the mounted table (a new key is a fresh mount), or null for no table.
  const [mounted, setMounted] = useState<number | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const tableState = useResultsTableState();
  useLayoutEffect(() => {
    controls = { mounted, sorting, setMounted, setSorting };
  });
  // A parent's layout effect runs after its children's: the table's commit is complete here.
  useLayoutEffect(() => {
    signalCommit();
  }, [mounted, sorting]);
  return (
    <div style={{ padding: 16 }}>
      {mounted !== null && (
        <ResultsTable
          key={mounted}
          rows={rows}
          columns={columns}
          format={format}
          sorting={sorting}
          onSortingChange={setSorting}
          table={tableState}
          onOpenRow={() => undefined}
          selection={NO_SELECTION}
          onSelectionChange={() => undefined}
        />
      )}
    </div>
  );
}

function current(): Controls {
  if (!controls) throw new Error('the bench page has not rendered');
  return controls;
}

let nextKey = 0;

async function unmount(): Promise<void> {
  const { mounted, setMounted } = current();
  if (mounted !== null) {
    await paintedAfterCommit(() => {
      setMounted(null);
    }, 'unmounting the table');
  }
  await nextPaint();
}

async function ensureMounted(): Promise<void> {
  const { mounted, setMounted } = current();
  if (mounted === null) {
    const key = ++nextKey;
    await paintedAfterCommit(() => {
      setMounted(key);
    }, 'mounting the table');
  }
}

async function resetSorting(): Promise<void> {
  const { sorting, setSorting } = current();
  if (sorting.length > 0) {
    await paintedAfterCommit(() => {
      setSorting([]);
    }, 'clearing the sort');
  }
  await nextPaint();
}

function scroller(): HTMLElement {
  const element = document.querySelector<HTMLElement>(
    '[role="region"][aria-label="Results table"]',
  );
  if (!element) throw new Error('no "Results table" region');
  return element;
}

/** The aria-rowindex of the first body row whose top half is below the sticky header. */
function firstRowInView(): number {
  const region = scroller();
  const headBottom = region.querySelector('thead')?.getBoundingClientRect().bottom ?? 0;
  for (const row of region.querySelectorAll<HTMLElement>('tbody tr[aria-rowindex]')) {
    const box = row.getBoundingClientRect();
    if (box.top + box.height / 2 >= headBottom) return Number(row.getAttribute('aria-rowindex'));
  }
  return Number.NaN;
}

const bench: TableBench = {
  info() {
    return { rowCount: rows.length, columnCount: columns.length };
  },

  async mount() {
    await unmount();
    const { setMounted } = current();
    const key = ++nextKey;
    const start = performance.now();
    const end = await paintedAfterCommit(() => {
      setMounted(key);
    }, 'mounting the table');
    return end - start;
  },

  async sortByHeader(label) {
    await ensureMounted();
    await resetSorting();
    const button = Array.from(scroller().querySelectorAll<HTMLElement>('thead th button')).find(
      (candidate) => candidate.textContent.startsWith(label),
    );
    if (!button) throw new Error(`no header button "${label}"`);
    const start = performance.now();
    const end = await paintedAfterCommit(() => {
      button.click();
    }, `sorting by ${label}`);
    return { ms: end - start, ariaSort: button.closest('th')?.getAttribute('aria-sort') ?? null };
  },

  plainSort(field) {
    const start = performance.now();
    const sorted = rows.slice().sort((a, b) => Number(b[field]) - Number(a[field]));
    const ms = performance.now() - start;
    if (sorted.length !== rows.length) throw new Error('the plain sort lost rows');
    return ms;
  },

  async scroll(count, durationMs) {
    await ensureMounted();
    await resetSorting();
    const region = scroller();
    region.scrollTop = 0;
    await nextPaint();
    await nextPaint();
    const rowHeight = region
      .querySelector('tbody tr[aria-rowindex]')
      ?.getBoundingClientRect().height;
    if (!rowHeight) throw new Error('no rendered rows to scroll');
    // The virtualizer's spacing of rows, which is what a scroll offset maps to.
    const headHeight = region.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const rowPitch = (region.scrollHeight - headHeight) / rows.length;
    const distance = count * rowPitch;
    const stamps = await withTimeout(
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const step = (time: number) => {
          times.push(time);
          const progress = Math.min(1, (time - (times[0] ?? time)) / durationMs);
          region.scrollTop = progress * distance;
          if (progress < 1) requestAnimationFrame(step);
          else resolve(times);
        };
        requestAnimationFrame(step);
      }),
      'scrolling',
    );
    // The last position's scroll event and render happen in the frame after the last step.
    await nextPaint();
    await nextPaint();
    const intervals = stamps.slice(1).map((time, index) => time - (stamps[index] ?? time));
    return { intervals, rowHeight, rowPitch, landedRowIndex: firstRowInView() };
  },

  idleFrames(durationMs) {
    return withTimeout(
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const step = (time: number) => {
          times.push(time);
          if (time - (times[0] ?? time) < durationMs) requestAnimationFrame(step);
          else resolve(times.slice(1).map((later, index) => later - (times[index] ?? later)));
        };
        requestAnimationFrame(step);
      }),
      'idle frames',
    );
  },

  isolated() {
    return window.crossOriginIsolated;
  },

  ourCsv() {
    const start = performance.now();
    const text = toCsv(rows, csvColumns);
    return { ms: performance.now() - start, length: text.length };
  },

  papaCsv() {
    const start = performance.now();
    const text = Papa.unparse(rows, { columns: csvColumns.map((column) => column.id) });
    return { ms: performance.now() - start, length: text.length };
  },

  excelCsv() {
    const start = performance.now();
    const text = toCsv(rows, sheetColumns, {
      field: (value, column) => excelCsvField(sheetCell(value, fieldOf.get(column.id))),
    });
    return { ms: performance.now() - start, length: text.length };
  },

  xlsx() {
    const start = performance.now();
    const bytes = writeXlsx(sheetOf({ columns: sheetColumns, rows, apiNameRow: false }));
    return { ms: performance.now() - start, length: bytes.length };
  },
};

// The table's CUSIP cells are router links (to the security view): the page is a router's only
// route, as in the app, or every CUSIP cell throws. Loaded first, so the page renders at once.
// Search is written as the app writes it: each link's href costs what it costs there.
const rootRoute = createRootRoute({ component: Bench });
const router = createRouter({
  routeTree: rootRoute,
  history: createMemoryHistory({ initialEntries: ['/'] }),
  parseSearch,
  stringifySearch,
});
await router.load();

startBenchPage(bench, <RouterProvider router={router} />);
