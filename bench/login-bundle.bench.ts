/**
 * The login route's initial JavaScript in gzip, as a real Chromium loads it from a fresh
 * production build served by our own server, and that none of it is recharts or chart code (they
 * load on demand, when a result is charted); how fast the login page paints against a static copy
 * of its form (login-paint.ts); and, for information only, the JavaScript that a signed-in
 * workspace (/q/13f_holdings) adds on top, the charts' chunk and all of the build's JavaScript
 * (its old goal is retired: docs/decisions/0031-recharts-and-domain-folders.md). Exits 1 when a
 * goal is missed.
 *
 *   npx tsx bench/login-bundle.bench.ts
 *
 * Each script is gzipped on its own at level 9 (the most a server could send, and what a
 * precompressing build step would use); kB here is 1000 bytes, as in Vite's build report.
 */
import { withDeadline } from './stats.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { App } from '../server/app.ts';
import { DEMO_USERS } from '../server/embedded/auth/users.ts';
import { chromiumLaunchOptions } from '../testing/chromium.ts';
import { buildDemoApp } from './demo-app.ts';
import { measurePaint, reportPaint, staticLoginRoute } from './login-paint.ts';
import type { StaticLogin } from './login-paint.ts';

const GOAL_KB = 130;
const GZIP_LEVEL = 9;
/** Visits of each page (the app's /login, its static copy) for the paint times. */
const PAINT_RUNS = 10;
const BUDGET_MS = 120_000;
const STEP_MS = 15_000;
const ROOT = join(import.meta.dirname, '..');
/**
 * A string recharts' code holds (the class of every chart's SVG root) and so does our chart code
 * (which looks the SVG up by it): a script containing it carries recharts or the charts.
 */
const RECHARTS_MARKER = 'recharts-surface';

interface Script {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
  /** Whether the script holds RECHARTS_MARKER. */
  readonly recharts: boolean;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const sum = (scripts: readonly Script[], key: 'raw' | 'gzip') =>
  scripts.reduce((total, script) => total + script[key], 0);

/** Same-origin script bodies by path, in load order; a path loaded again is counted once. */
function collectScripts(page: Page, origin: string): Map<string, Promise<Script>> {
  const scripts = new Map<string, Promise<Script>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || url.origin !== origin) return;
    if (scripts.has(url.pathname)) return;
    const script = response.ok()
      ? response.body().then((body) => ({
          path: url.pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: GZIP_LEVEL }).length,
          recharts: body.includes(RECHARTS_MARKER),
        }))
      : Promise.reject(new Error(`${url.pathname} answered ${response.status()}`));
    // Awaited later; until then a failure (say, the browser closing) must not crash the process.
    script.catch(() => undefined);
    scripts.set(url.pathname, script);
  });
  return scripts;
}

function printTable(title: string, scripts: readonly Script[]): void {
  console.log(`\n${title}`);
  console.log(`${'  script'.padEnd(56)}${'raw kB'.padStart(10)}${'gzip kB'.padStart(10)}`);
  for (const { path, raw, gzip, recharts } of scripts) {
    const mark = recharts ? '  (recharts)' : '';
    console.log(`  ${path.padEnd(54)}${kB(raw).padStart(10)}${kB(gzip).padStart(10)}${mark}`);
  }
  const total = `  total (${scripts.length} file${scripts.length === 1 ? '' : 's'})`;
  console.log(
    `${total.padEnd(56)}${kB(sum(scripts, 'raw')).padStart(10)}${kB(sum(scripts, 'gzip')).padStart(10)}`,
  );
}

let app: App | undefined;
let browser: Browser | undefined;
let staticLogin: StaticLogin | undefined;

interface Measures {
  login: Script[];
  workspace: Script[] | string;
  paint: Awaited<ReturnType<typeof measurePaint>>;
}

async function measure(): Promise<Measures> {
  // Build first, so the numbers are those of the sources as they are now, not of an old dist/.
  app = await buildDemoApp();
  staticLogin = await staticLoginRoute(app.server);
  const origin = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;

  browser = await chromium.launch({ ...chromiumLaunchOptions, timeout: STEP_MS });
  const context = await browser.newContext();
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();
  const scripts = collectScripts(page, origin);

  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
  const login = await Promise.all(scripts.values());
  await staticLogin.capture(page);
  const paint = await measurePaint(
    browser,
    { app: `${origin}/login`, static: `${origin}${staticLogin.path}` },
    PAINT_RUNS,
    STEP_MS,
  );

  // The workspace part is informational: a sign-in flow broken mid-edit must not hide the goal.
  let workspace: Script[] | string;
  let step = 'signing in';
  try {
    const [analyst] = DEMO_USERS;
    await page.getByLabel('User name').fill(analyst.username);
    await page.getByLabel('Password', { exact: true }).fill(analyst.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    step = 'waiting for the Modules heading';
    await page.getByRole('heading', { name: 'Modules' }).waitFor({ state: 'visible' });
    step = 'opening /q/13f_holdings';
    await page.goto(`${origin}/q/13f_holdings`, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (landed !== '/q/13f_holdings') throw new Error(`the workspace redirected to ${landed}`);
    workspace = (await Promise.all(scripts.values())).slice(login.length);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    workspace = `${step}: ${message ?? ''}`;
  }
  return { login, workspace, paint };
}

/** The build's scripts (dist/assets/*.js) whose names pass `test`, each gzipped on its own. */
function builtScripts(test: RegExp): { name: string; gzip: number }[] {
  const assets = join(ROOT, 'dist', 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js') && test.test(name))
    .map((name) => ({
      name,
      gzip: gzipSync(readFileSync(join(assets, name)), { level: GZIP_LEVEL }).length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

const totalGzip = (scripts: readonly { gzip: number }[]) =>
  scripts.reduce((total, script) => total + script.gzip, 0);

/** Prints the XLSX writer's lazy size; whether a measured page loaded it early (it must not). */
function reportXlsx(loaded: readonly Script[]): boolean {
  const chunks = builtScripts(/^xlsx[.-]/);
  const names = chunks.map((script) => script.name);
  const gzip = totalGzip(chunks);
  const early = loaded.filter((script) => names.some((name) => script.path.endsWith(name)));
  const lazy = names.length > 0 && early.length === 0;
  console.log(
    `XLSX export's lazy chunks (${names.join(', ') || 'none found'}): ${kB(gzip)} kB gzip; ` +
      `loaded before an XLSX export: ${early.length > 0 ? 'yes' : 'no'} (goal: no) — ${lazy ? 'met' : 'NOT met'}`,
  );
  return lazy;
}

/**
 * For information: the charts' chunk (recharts and the chart views, loaded when a result is
 * charted), and every script of the build (pages, chunks loaded on demand, workers) with the five
 * largest. The whole app's old goal (≤ 350 kB) is retired: what counts is what a page loads.
 */
function reportBuiltScripts(): void {
  const charts = builtScripts(/^charts-/);
  console.log(
    `charts chunk (${charts.map((script) => script.name).join(', ') || 'none found'}): ` +
      `${kB(totalGzip(charts))} kB gzip (for information; its goal is that /login loads none of it)`,
  );
  const scripts = builtScripts(/./);
  const largest = scripts
    .slice(0, 5)
    .map((script) => `${script.name} ${kB(script.gzip)}`)
    .join(', ');
  console.log(
    `whole app's JavaScript: ${kB(totalGzip(scripts))} kB gzip in ${String(scripts.length)} scripts ` +
      `(for information); largest: ${largest}`,
  );
}

try {
  const { login, workspace, paint } = await withDeadline(measure(), BUDGET_MS, 'the benchmark');

  console.log(`Production build in Chromium; each script gzipped at level ${GZIP_LEVEL}.`);
  printTable('Login route (/login), until network idle and the Sign in button shows:', login);
  if (typeof workspace === 'string') {
    console.log(`\nSigned-in workspace (/q/13f_holdings) adds: not measured (${workspace})`);
  } else {
    printTable('Signed-in workspace (/q/13f_holdings) adds, for information:', workspace);
  }
  const loginGzip = sum(login, 'gzip');
  const met = login.length > 0 && loginGzip <= GOAL_KB * 1000;
  console.log(
    `\nlogin route initial JS: ${kB(loginGzip)} kB gzip (goal ≤ ${GOAL_KB} kB) — ${met ? 'met' : 'NOT met'}`,
  );
  const withRecharts = login.filter((script) => script.recharts);
  const chartFree = login.length > 0 && withRecharts.length === 0;
  const found = withRecharts.map((script) => script.path).join(', ');
  console.log(
    `login route scripts with recharts or chart code ('${RECHARTS_MARKER}'): ${found || 'none'} ` +
      `(goal: none) — ${chartFree ? 'met' : 'NOT met'}`,
  );
  if (typeof workspace !== 'string') {
    const loaded = workspace.some((script) => script.recharts);
    console.log(
      `signed-in workspace loads recharts before a result is charted: ${loaded ? 'yes' : 'no'} (for information)`,
    );
  }
  const xlsxLazy = reportXlsx([...login, ...(typeof workspace === 'string' ? [] : workspace)]);
  reportBuiltScripts();
  const paintMet = reportPaint(paint);
  process.exitCode = met && chartFree && xlsxLazy && paintMet ? 0 : 1;
} finally {
  await browser?.close();
  await app?.close();
  await staticLogin?.remove();
}
