/**
 * The views across managers in the real app on the demo data: a production build served
 * by our server (embedded service, the shipped 13F filings), a real Chromium. Each view is
 * opened by an in-app navigation from the landing page, as an analyst's click would, and the
 * longest main-thread task (PerformanceObserver 'longtask') is taken from that navigation until
 * the view has drawn and settled: its reads, aggregation and charts. Part of the charts bench.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { createApp } from '../server/app.ts';
import type { App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { createLogger } from '../server/log.ts';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { formatMs } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const GOAL_MS = 200;
const RUNS = 3;
const STEP_MS = 30_000;
/** How long the page must stay quiet after the view has drawn before the tasks are read. */
const SETTLE_MS = 1_000;

const comparison = new URLSearchParams({
  v: '1',
  a: 'LONE PINE CAPITAL LLC',
  b: 'TIGER GLOBAL MANAGEMENT LLC',
  period: '2025-12-31',
});

/** Each view: its address, and what shows once it has drawn. */
const VIEWS = [
  {
    label: 'quarter, latest complete (default)',
    path: '/quarter?v=1',
    drawn: (page: Page) => page.getByRole('figure', { name: 'Largest new positions by weight' }),
  },
  {
    label: 'quarter, Sep 30, 2025 (37 managers)',
    path: '/quarter?v=1&period=2025-09-30',
    drawn: (page: Page) => page.getByRole('figure', { name: 'Largest new positions by weight' }),
  },
  {
    label: 'two managers (Lone Pine, Tiger)',
    path: `/compare?${comparison.toString()}`,
    drawn: (page: Page) => page.getByRole('table', { name: 'Positions both hold' }),
  },
  {
    label: 'security (Apple, every quarter)',
    path: '/security?v=1&cusip=037833100',
    drawn: (page: Page) => page.getByRole('figure', { name: /^Holders, buyers and sellers/ }),
  },
] as const;

interface ViewResult {
  readonly label: string;
  /** Each run's longest task (0: none of 50 ms or more). */
  readonly longest: readonly number[];
  /** Each run's time from the navigation to the view drawn. */
  readonly drawnMs: readonly number[];
  readonly rowsRead: string;
}

/** Opens `path` by an in-app navigation (the router follows popstate) and measures it. */
async function openView(page: Page, view: (typeof VIEWS)[number]) {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Modules' }).waitFor();
  await page.waitForTimeout(SETTLE_MS);
  const started = await page.evaluate((path) => {
    const tasks: number[] = [];
    (window as unknown as { benchTasks: number[] }).benchTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    const now = performance.now();
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
    return now;
  }, view.path);
  await view.drawn(page).waitFor();
  const drawn = await page.evaluate(() => performance.now());
  await page.waitForTimeout(SETTLE_MS);
  const tasks = await page.evaluate(
    () => (window as unknown as { benchTasks: number[] }).benchTasks,
  );
  const read =
    (await page
      .getByText(/rows? read|aggregated by the service/)
      .first()
      .textContent()) ?? '';
  return {
    longest: Math.max(0, ...tasks),
    drawnMs: drawn - started,
    rowsRead:
      /[\d,]+ rows? read in \d+ requests?|[\d,]+ and [\d,]+ rows read|aggregated by the service/.exec(
        read,
      )?.[0] ?? read,
  };
}

async function measure(origin: string): Promise<ViewResult[]> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, timeout: STEP_MS });
  try {
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(STEP_MS);
    const page = await context.newPage();
    const [analyst] = DEMO_USERS;
    await page.goto('/login');
    await page.getByLabel('User name').fill(analyst.username);
    await page.getByLabel('Password', { exact: true }).fill(analyst.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const results: ViewResult[] = [];
    for (const view of VIEWS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await openView(page, view));
      results.push({
        label: view.label,
        longest: runs.map((run) => run.longest),
        drawnMs: runs.map((run) => run.drawnMs),
        rowsRead: runs[0]?.rowsRead ?? '',
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * Builds the app, serves it on the demo data, measures each view RUNS times and prints the
 * table; true when every run's longest task is within the goal.
 */
export async function measureAnalysisViews(): Promise<boolean> {
  await build({ root: ROOT, logLevel: 'warn' });
  const config = loadConfig({
    SERVE_MODE: 'dist',
    LOG_LEVEL: 'silent',
    FILINGS_DB: join(tmpdir(), `no-filing-store-${String(process.pid)}.duckdb`),
  });
  let app: App | undefined;
  try {
    app = await createApp({ config, logger: createLogger('silent') });
    const origin = `http://127.0.0.1:${String(await app.listen(0, '127.0.0.1'))}`;
    const results = await measure(origin);
    console.log(
      '\nViews across managers in the app, on the demo data (production build, embedded ' +
        `service, Chromium); each opened ${String(RUNS)} times by an in-app navigation:`,
    );
    console.log(
      `\n  ${'view'.padEnd(38)}${'read'.padEnd(30)}${'longest task'.padStart(20)}${'drawn'.padStart(22)}  goal`,
    );
    let met = true;
    for (const result of results) {
      const ok = result.longest.every((ms) => ms <= GOAL_MS);
      met &&= ok;
      const tasks = result.longest.map((ms) => (ms > 0 ? ms.toFixed(0) : '<50')).join(', ');
      const drawn = result.drawnMs.map((ms) => ms.toFixed(0)).join(', ');
      console.log(
        `  ${result.label.padEnd(38)}${result.rowsRead.padEnd(30)}${`${tasks} ms`.padStart(20)}${`${drawn} ms`.padStart(22)}  ${ok ? 'met' : 'NOT met'}`,
      );
    }
    console.log(
      `\ngoal: no main-thread task over ${formatMs(GOAL_MS)} while a view reads, aggregates and draws — ${met ? 'met' : 'NOT met'}`,
    );
    return met;
  } finally {
    await app?.close();
  }
}
