/**
 * A bench page (a folder with an index.html, e.g. bench/table-page) in a real (headless)
 * Chromium, for the browser benchmarks: builds the page with the app's Vite config into a
 * temporary folder, serves it (static-server.ts), launches Chromium (testing/chromium.ts), all
 * under the benchmark's deadline, and cleans up after, whether it finished, failed or ran out of
 * time. The page exposes its measures as `window.bench` (the page's protocol.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { serveStatic } from './static-server.ts';
import { withDeadline } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');

export interface BrowserPageOptions {
  /** The page's folder: its index.html is the build's entry. */
  readonly pageDir: string;
  /** The start of the temporary build folder's name, e.g. `charts-bench-`. */
  readonly tempPrefix: string;
  /** Vite build options beyond the bench's own (no source maps, warnings only). */
  readonly build?: { readonly chunkSizeWarningLimit?: number };
  /** The whole benchmark's time: build, launch, measuring. */
  readonly budgetMs: number;
  /** One step's time: launching Chromium, loading the page, one call into it. */
  readonly stepMs: number;
  readonly viewport: { readonly width: number; readonly height: number };
}

/** The methods of a page's `window.bench` (the page's protocol). */
type BenchMethods<B> = { readonly [K in keyof B]: (...args: never) => unknown };

/** A loaded bench page in its own browser context. */
export interface BenchPage<B extends BenchMethods<B>> {
  /** Calls `window.bench[name](...args)` in the page; fails after the step's time. */
  readonly call: <K extends keyof B & string>(
    name: K,
    ...args: Parameters<B[K]>
  ) => Promise<Awaited<ReturnType<B[K]>>>;
  /** Throws when the page has thrown since it was opened. */
  readonly assertNoErrors: () => void;
  /** Chromium's version, user agent and binary, and the viewport: the notes' first line. */
  readonly describeBrowser: () => Promise<string>;
  readonly close: () => Promise<void>;
}

/** The built page, served, in Chromium: what the benchmark's `measure` gets. */
export interface BrowserBench {
  /** Set once the run is over (or out of time): a step still under way must not start more. */
  readonly finished: () => boolean;
  /** The page in a fresh browser context at the viewport, once it has set `window.bench`. */
  readonly open: <B extends BenchMethods<B>>() => Promise<BenchPage<B>>;
}

/**
 * Builds, serves and launches as `options` say, runs `measure` in that browser, all within the
 * budget, and hands the result to `report`; then closes and deletes all it started, also when
 * anything failed or ran out of time.
 */
export async function runInBrowser<T>(
  options: BrowserPageOptions,
  measure: (bench: BrowserBench) => Promise<T>,
  report: (result: T) => void,
): Promise<void> {
  const run = { finished: false };
  // A call, not a property read: TypeScript keeps a narrowed property narrowed across `await`.
  const finished = () => run.finished;
  let browser: Browser | undefined;
  let server: Server | undefined;
  let outDir: string | undefined;

  async function start(): Promise<T> {
    outDir = await mkdtemp(join(tmpdir(), options.tempPrefix));
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: options.pageDir,
      base: '/',
      build: { outDir, emptyOutDir: true, sourcemap: false, ...options.build },
      logLevel: 'warn',
    });
    if (finished()) {
      await rm(outDir, { recursive: true, force: true });
      throw new Error('out of time after the build');
    }
    const served = await serveStatic(outDir);
    server = served.server;

    const launched = await chromium.launch({
      ...chromiumLaunchOptions,
      headless: true,
      timeout: options.stepMs,
    });
    browser = launched;
    if (finished()) {
      await launched.close();
      served.server.close();
      throw new Error('out of time while launching Chromium');
    }
    return measure({
      finished,
      open: () => openPage(launched, served.origin, options),
    });
  }

  try {
    report(await withDeadline(start(), options.budgetMs, 'the benchmark'));
  } finally {
    run.finished = true;
    await browser?.close();
    await new Promise<void>((resolve) => {
      if (server)
        server.close(() => {
          resolve();
        });
      else resolve();
    });
    if (outDir) await rm(outDir, { recursive: true, force: true });
  }
}

interface BenchWindow {
  bench?: Record<string, unknown>;
}

async function openPage<B extends BenchMethods<B>>(
  browser: Browser,
  origin: string,
  { stepMs, viewport }: BrowserPageOptions,
): Promise<BenchPage<B>> {
  const context = await browser.newContext({ viewport });
  try {
    context.setDefaultTimeout(stepMs);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(origin, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as BenchWindow).bench !== undefined);
    return {
      call: (name, ...args) => {
        const evaluation = page.evaluate(
          ([method, params]) => {
            const bench = (window as BenchWindow).bench;
            if (!bench) throw new Error('window.bench is missing');
            return (bench[method] as (...values: unknown[]) => unknown).apply(bench, params);
          },
          [name, args] as [string, unknown[]],
        ) as Promise<Awaited<ReturnType<B[typeof name]>>>;
        return withDeadline(evaluation, stepMs, `window.bench.${name}`);
      },
      assertNoErrors: () => {
        if (pageErrors.length > 0) throw new Error(`the page threw: ${pageErrors.join('; ')}`);
      },
      describeBrowser: async () => {
        const userAgent = await page.evaluate(() => navigator.userAgent);
        return (
          `Chromium ${browser.version()}, headless (${/Headless/.test(userAgent) ? 'HeadlessChrome user agent' : userAgent}), ` +
          `${chromiumLaunchOptions.executablePath ?? "Playwright's build"}, viewport ${viewport.width}x${viewport.height}`
        );
      },
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
