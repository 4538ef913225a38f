/**
 * How fast the login page paints, against the floor of this machine: the app's /login and a
 * static copy of its form, both served by the same server in the same run, measured in turns in
 * fresh browser contexts (an empty cache: a first visit). The copy is the app's own markup once
 * the form shows, with only the CSS rules that match it, and no script: the bench writes it into
 * a temporary folder and serves it from a route it adds to its own server instance, so it never
 * becomes a file of dist/ or a route of the product.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { formatMs, percentile, withDeadline } from './stats.ts';

/** The static copy's address on the bench's server; outside the product's routes and dist/. */
const STATIC_PATH = '/bench-only/static-login';
/** First contentful paint of the app's /login: at most this many times the static page's… */
const FCP_RATIO_GOAL = 2;
/** …and at most this. */
const FCP_GOAL_MS = 400;
const SIGN_IN = 'Sign in';
/**
 * tsx compiles this file with esbuild's keepNames, which wraps the inner functions of what is
 * handed to the page in calls to a `__name` helper that only exists in Node: the page gets one.
 */
const NAME_HELPER = 'globalThis.__name ??= (target) => target;';

/** The static copy: its address, how it is written, and its removal once the run ends. */
export interface StaticLogin {
  readonly path: string;
  /** Writes the copy of `page`'s form (loaded, signed out, the form showing). */
  readonly capture: (page: Page) => Promise<void>;
  readonly remove: () => Promise<void>;
}

/** Adds the static copy's route to `server` (before it listens); the copy is written later. */
export async function staticLoginRoute(server: FastifyInstance): Promise<StaticLogin> {
  const dir = await mkdtemp(join(tmpdir(), 'login-paint-'));
  const file = join(dir, 'index.html');
  server.get(STATIC_PATH, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(await readFile(file)),
  );
  return {
    path: STATIC_PATH,
    capture: async (page) => {
      await page.evaluate(NAME_HELPER);
      await writeFile(file, await page.evaluate(copyOfPage));
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * In the page: the document without its scripts, links and styles, and one style element with
 * the style rules that match something in it (pseudo-classes and elements set aside, so hover and
 * focus still look the same; :root's custom properties match) and every other rule (font faces,
 * keyframes).
 */
function copyOfPage(): string {
  const matches = (selector: string): boolean => {
    const bare = selector
      .replace(
        /::[a-z-]+(\([^)]*\))?|:(hover|focus|focus-visible|focus-within|active|disabled)\b/g,
        '',
      )
      .trim();
    try {
      return bare === '' || document.querySelector(bare) !== null;
    } catch {
      return false;
    }
  };
  const keep = (rules: CSSRuleList): string[] =>
    [...rules].flatMap((rule) => {
      if (rule instanceof CSSStyleRule)
        return rule.selectorText.split(',').some(matches) ? [rule.cssText] : [];
      if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
        const inner = keep(rule.cssRules);
        return inner.length > 0 ? [`@${rule.cssText.split('{')[0]}{${inner.join('')}}`] : [];
      }
      if (rule instanceof CSSLayerBlockRule) {
        return [`@layer ${rule.name}{${keep(rule.cssRules).join('')}}`];
      }
      return [rule.cssText];
    });
  const css = [...document.styleSheets].flatMap((sheet) => keep(sheet.cssRules)).join('\n');
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('script, link, style')) element.remove();
  const style = document.createElement('style');
  style.textContent = css;
  copy.querySelector('head')?.append(style);
  return `<!doctype html>\n${copy.outerHTML}`;
}

/** One visit: first contentful paint and when the Sign in button's text was painted. */
interface Visit {
  readonly fcp: number;
  readonly button: number;
}

/** Both pages' visits, and the machine's 1-minute load average before and after them. */
interface Visits {
  readonly app: Visit[];
  readonly static: Visit[];
  readonly load: readonly [number, number];
}

/**
 * Before any of the page's scripts: marks the Sign in button's label for Element Timing as soon
 * as it is in the document, so its paint time is reported like first contentful paint is.
 */
function markSignInButton(label: string): void {
  const mark = () => {
    for (const button of document.querySelectorAll('button')) {
      if (button.textContent.trim() !== label) continue;
      for (const element of [button, ...button.querySelectorAll('*')]) {
        element.setAttribute('elementtiming', 'sign-in');
      }
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
}

/** The fields of an Element Timing entry that TypeScript's DOM types do not have yet. */
interface ElementTiming {
  readonly identifier: string;
  readonly renderTime: number;
}

/** Waits for both paint entries of the page just loaded, in its own clock (ms from navigation). */
function paintTimes(): Promise<Visit> {
  return new Promise((resolve) => {
    const found: { fcp?: number; button?: number } = {};
    const done = () => {
      if (found.fcp !== undefined && found.button !== undefined)
        resolve({ fcp: found.fcp, button: found.button });
    };
    new PerformanceObserver((list) => {
      found.fcp ??= list.getEntriesByName('first-contentful-paint')[0]?.startTime;
      done();
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & ElementTiming)[]) {
        if (entry.identifier === 'sign-in') found.button ??= entry.renderTime;
      }
      done();
    }).observe({ type: 'element', buffered: true });
  });
}

async function visit(browser: Browser, url: string, stepMs: number): Promise<Visit> {
  const context = await browser.newContext();
  try {
    context.setDefaultTimeout(stepMs);
    await context.addInitScript(NAME_HELPER);
    await context.addInitScript(markSignInButton, SIGN_IN);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('button', { name: SIGN_IN }).waitFor({ state: 'visible' });
    return await withDeadline(page.evaluate(paintTimes), stepMs, `the paint entries of ${url}`);
  } finally {
    await context.close();
  }
}

/** The app's and the static page's visits, `runs` each, in turns (ABBA, so neither always leads). */
export async function measurePaint(
  browser: Browser,
  urls: { readonly app: string; readonly static: string },
  runs: number,
  stepMs: number,
): Promise<Visits> {
  const visits = { app: [] as Visit[], static: [] as Visit[] };
  const [loadBefore = 0] = loadavg();
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? (['app', 'static'] as const) : (['static', 'app'] as const);
    for (const which of order) visits[which].push(await visit(browser, urls[which], stepMs));
  }
  const [loadAfter = 0] = loadavg();
  return { ...visits, load: [loadBefore, loadAfter] };
}

const spread = (samples: readonly number[]) =>
  `median ${formatMs(percentile(samples, 50))} (${formatMs(Math.min(...samples))}–${formatMs(Math.max(...samples))})`;

/** Prints both pages' paint times and the goals; true when the app's FCP meets both. */
export function reportPaint(visits: Visits): boolean {
  const fcp = (which: 'app' | 'static') => visits[which].map((visit) => visit.fcp);
  const button = (which: 'app' | 'static') => visits[which].map((visit) => visit.button);
  const appFcp = percentile(fcp('app'), 50);
  const staticFcp = percentile(fcp('static'), 50);
  const runs = String(visits.app.length);
  const load = visits.load.map((value) => value.toFixed(1)).join(' → ');
  console.log(
    `\nLogin page paint, ${runs} fresh browser contexts each, in turns (cold cache; ` +
      `load average ${load} on ${String(availableParallelism())} cores):`,
  );
  console.log(`  app /login:   FCP ${spread(fcp('app'))}; Sign in button ${spread(button('app'))}`);
  console.log(
    `  static page:  FCP ${spread(fcp('static'))}; Sign in button ${spread(button('static'))}`,
  );
  const ratio = appFcp / staticFcp;
  const met = ratio <= FCP_RATIO_GOAL && appFcp <= FCP_GOAL_MS;
  console.log(
    `login FCP: ${formatMs(appFcp)} = ${ratio.toFixed(2)}× the static page's ` +
      `(goal ≤ ${String(FCP_RATIO_GOAL)}× and ≤ ${String(FCP_GOAL_MS)} ms) — ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}
