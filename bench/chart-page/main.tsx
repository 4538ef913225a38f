/**
 * The real chart components alone (not the app), for bench/charts.bench.ts: `ModuleChart` for
 * two CRM modules and the 13F `ThirteenFCharts`, in the app's UI provider and a query client.
 * Nothing renders until the bench calls `window.bench.render()` (see protocol.ts).
 *
 * There is no server and no session: `fetch` is a stub answering every request 401 at once, so
 * what the 13F charts fetch besides the rows (the previous quarter, the filer's account) fails
 * fast and cleanly through the app's own API client, as it would for a lapsed session.
 */
import '@mantine/core/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import type { ServiceRecord } from '#contract/response';
import { ModuleChart } from '../../src/features/module-charts/module-chart.tsx';
import { ThirteenFCharts } from '../../src/features/thirteen-f/charts/thirteen-f-charts.tsx';
import {
  nextFrame,
  paintedAfterCommit,
  signalCommit,
  startBenchPage,
  withTimeout,
} from '../page-kit.tsx';
import type { ChartBench, ChartCase, ChartRender, Surface } from './protocol.ts';
import {
  investmentHoldingsRows,
  THIRTEEN_F_FILER,
  THIRTEEN_F_PERIOD,
  thirteenFRows,
  updatesRows,
} from './rows.ts';

/** The width the chart gets, as in a workspace on a wide screen. */
const HOST_WIDTH = 1200;
/** Frames the drawn chart must stay the same, with nothing in flight, to count as settled. */
const QUIET_FRAMES = 12;

/** The body of the 13F result: one filer and one period, pinned as the starter query does. */
const THIRTEEN_F_BODY = {
  module: '13f_holdings',
  filters: {
    filter: [
      { companyname: { $equals: THIRTEEN_F_FILER } },
      { periodofreport: { $equals: THIRTEEN_F_PERIOD } },
    ],
  },
};

const stub = { requests: 0, pending: 0 };
window.fetch = () => {
  stub.requests++;
  stub.pending++;
  return new Promise((resolve) => {
    setTimeout(() => {
      stub.pending--;
      resolve(
        new Response(
          JSON.stringify({
            error: 'invalid_token',
            error_message: 'The bench page has no session.',
          }),
          { status: 401, headers: { 'content-type': 'application/json' } },
        ),
      );
    }, 0);
  });
};

const noFilter = () => undefined;

interface Mounted {
  readonly key: number;
  readonly chart: ChartCase;
  readonly rows: readonly ServiceRecord[];
  readonly client: QueryClient;
}

let setMounted: ((mounted: Mounted | null) => void) | undefined;
let mountedNow: Mounted | null = null;

function ChartUnderTest({ chart, rows }: { chart: ChartCase; rows: readonly ServiceRecord[] }) {
  if (chart === '13f_holdings')
    return <ThirteenFCharts rows={rows} body={THIRTEEN_F_BODY} onFilter={noFilter} />;
  return <ModuleChart module={chart} rows={rows} body={{ module: chart }} onFilter={noFilter} />;
}

function Bench() {
  const [mounted, set] = useState<Mounted | null>(null);
  useLayoutEffect(() => {
    setMounted = set;
    mountedNow = mounted;
  });
  // A parent's layout effect runs after its children's: the chart's commit is complete here.
  useLayoutEffect(() => {
    signalCommit();
  }, [mounted]);
  return (
    <div id="host" style={{ width: HOST_WIDTH, padding: 0 }}>
      {mounted && (
        // The app's query client settings (src/app/App.tsx): the API client retries itself.
        <QueryClientProvider key={mounted.key} client={mounted.client}>
          <ChartUnderTest chart={mounted.chart} rows={mounted.rows} />
        </QueryClientProvider>
      )}
    </div>
  );
}

function host(): HTMLElement {
  const element = document.getElementById('host');
  if (!element) throw new Error('no #host element');
  return element;
}

/** Marks of a line's vertices in a path's `d`: one command letter per point drawn. */
const PATH_COMMANDS = /[MLHVCSQTA]/gi;

/** Every chart surface in the host (not the legend's icons): its width and the marks drawn in it. */
function surfaces(): Surface[] {
  const charts = Array.from(host().querySelectorAll<SVGSVGElement>('svg.recharts-surface')).filter(
    (svg) => !svg.closest('.recharts-legend-wrapper'),
  );
  return charts.map((svg) => {
    const marks = svg.querySelectorAll(
      '.recharts-bar-rectangle, .recharts-dot, .recharts-scatter-symbol, .recharts-sector',
    ).length;
    let vertices = 0;
    for (const curve of svg.querySelectorAll('path.recharts-curve')) {
      vertices += (curve.getAttribute('d') ?? '').match(PATH_COMMANDS)?.length ?? 0;
    }
    return { width: svg.getBoundingClientRect().width, elements: marks + vertices };
  });
}

/**
 * Waits, frame by frame, until the chart has drawn and then stayed the same for QUIET_FRAMES
 * frames with no request in flight. The chart is drawn twice at least (at a default width, then
 * at the width measured by its ResizeObserver), so the paint time is that of the first frame
 * that showed the final drawing, not of the first drawing.
 */
async function settle(client: QueryClient): Promise<{ paintedAt: number; settledAt: number }> {
  let first: { signature: string; paintedAt: number } | undefined;
  let same = 0;
  for (;;) {
    const { value, paintedAt } = await nextFrame(() => {
      const drawn = surfaces();
      return {
        signature: JSON.stringify(drawn),
        drawn: drawn.some((surface) => surface.elements > 0),
        busy: stub.pending > 0 || client.isFetching() > 0,
      };
    });
    if (first?.signature === value.signature) {
      same++;
    } else {
      first = { signature: value.signature, paintedAt };
      same = 1;
    }
    if (value.drawn && !value.busy && same >= QUIET_FRAMES)
      return { paintedAt: first.paintedAt, settledAt: paintedAt };
  }
}

function setter(): (mounted: Mounted | null) => void {
  if (!setMounted) throw new Error('the bench page has not rendered');
  return setMounted;
}

const generators: Record<ChartCase, (count: number) => ServiceRecord[]> = {
  updates: updatesRows,
  investment_holdings: investmentHoldingsRows,
  '13f_holdings': thirteenFRows,
};
const prepared = new Map<string, readonly ServiceRecord[]>();
let nextKey = 0;

const bench: ChartBench = {
  info() {
    return {
      longTaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
      isolated: window.crossOriginIsolated,
      hostWidth: host().getBoundingClientRect().width,
    };
  },

  prepare(chart, rowCount) {
    const start = performance.now();
    const key = `${chart}:${rowCount}`;
    if (!prepared.has(key)) prepared.set(key, generators[chart](rowCount));
    return performance.now() - start;
  },

  async render(chart, rowCount) {
    const rows = prepared.get(`${chart}:${rowCount}`);
    if (!rows) throw new Error(`prepare(${chart}, ${rowCount}) first`);
    const previous = mountedNow;
    if (previous) {
      await paintedAfterCommit(() => {
        setter()(null);
      }, 'unmounting the chart');
      previous.client.clear();
    }
    // A few idle frames, so nothing of the unmount or of generating rows is counted.
    for (let i = 0; i < 3; i++) await nextFrame(() => undefined);

    const tasks: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      tasks.push(...list.getEntries());
    });
    observer.observe({ type: 'longtask' });
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    });
    const requestsBefore = stub.requests;
    const start = performance.now();
    setter()({ key: ++nextKey, chart, rows, client });
    const { paintedAt, settledAt } = await withTimeout(settle(client), `rendering ${chart}`);
    // Long-task entries arrive after their task; a task later, every one of the window is in.
    await new Promise((resolve) => setTimeout(resolve, 0));
    tasks.push(...observer.takeRecords());
    observer.disconnect();
    const longTasks = tasks.filter(
      (task) => task.startTime + task.duration > start && task.startTime < settledAt,
    );
    return {
      longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
      longTasks: longTasks.map((task) => ({ at: task.startTime - start, ms: task.duration })),
      paintMs: paintedAt - start,
      settledMs: settledAt - start,
      surfaces: surfaces(),
      requests: stub.requests - requestsBefore,
      text: host().textContent,
    } satisfies ChartRender;
  },
};

startBenchPage(bench, <Bench />);
