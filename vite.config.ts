import { existsSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';
import type { Plugin } from 'vite';

/** `text` with `search` replaced; a build whose index.html no longer has it fails, loudly. */
function replaceIn(text: string, search: string | RegExp, replace: (match: string) => string) {
  if (text.match(search) === null) {
    throw new Error(`prerender-login-page: index.html has no ${String(search)}`);
  }
  return text.replace(search, replace);
}

/**
 * The app's page with the login form already in it, for the server to answer /login with: the
 * form as React renders it signed out (src/app/login-prerender.tsx), which main.tsx hydrates;
 * the page's stylesheet in the page, not linked (a linked one arrives with the scripts, which
 * then often run before the first paint: the form paints with the HTML, as a static page does);
 * and Mantine's light colour scheme, which its provider would set only once the scripts run.
 */
function loginPage(index: string, form: string, stylesheets: Map<string, string>): string {
  let page = replaceIn(index, '<html lang="en">', () => {
    return '<html lang="en" data-mantine-color-scheme="light">';
  });
  page = replaceIn(page, '<div id="root"></div>', () => `<div id="root">${form}</div>`);
  return replaceIn(page, /<link rel="stylesheet" crossorigin href="\/[^"]+\.css">/g, (link) => {
    const css = stylesheets.get(/href="\/([^"]+)"/.exec(link)?.[1] ?? '');
    if (css === undefined) throw new Error(`prerender-login-page: no stylesheet for ${link}`);
    // The link stays, neither fetched nor applied: Vite's loader of lazy chunks skips the
    // stylesheets a page links, and would otherwise add this one again after the app's own,
    // which would then lose to it. `disabled` keeps the parser from fetching it, a media that
    // matches nothing keeps Chromium's preload scanner (which ignores `disabled`) from it.
    return `<style>${css}</style>${link.replace('>', ' media="not all" disabled>')}`;
  });
}

const PRERENDER_ENTRY = join(import.meta.dirname, 'src/app/login-prerender.tsx');

/**
 * Writes dist/login.html (see loginPage) next to index.html, which answers every other route
 * and stays empty, so no other page shows a stale form.
 */
function prerenderLoginPage(): Plugin {
  let appBuild = false;
  let rendered: Promise<string> | undefined;
  return {
    name: 'prerender-login-page',
    apply: 'build',
    configResolved(config) {
      // The bench pages build with this configuration too (bench/browser-page.ts), and so does
      // the stand-in app of server/main.test.ts: neither has a login page to prerender.
      appBuild = config.root === import.meta.dirname && existsSync(PRERENDER_ENTRY);
    },
    buildStart() {
      if (!appBuild) return;
      // Started with the build, so loading the page's modules overlaps with bundling.
      rendered = runnerImport<{ renderLoginPage: () => string }>(PRERENDER_ENTRY, {
        configFile: false,
        logLevel: 'warn',
      }).then(({ module }) => module.renderLoginPage());
      // Awaited in generateBundle; a failure there fails the build.
      rendered.catch(() => undefined);
    },
    generateBundle: {
      // After Vite's own HTML plugin has written index.html with its scripts and stylesheet.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!rendered || index?.type !== 'asset') return;
        const stylesheets = new Map<string, string>();
        for (const file of Object.values(bundle)) {
          if (file.type === 'asset' && file.fileName.endsWith('.css'))
            stylesheets.set(file.fileName, String(file.source));
        }
        this.emitFile({
          type: 'asset',
          fileName: 'login.html',
          source: loginPage(String(index.source), await rendered, stylesheets),
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), prerenderLoginPage()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // Rolldown's report of plugins that took much of the build's time ([PLUGIN_TIMINGS]): on
      // two cores shared with other work, Vite's own CSS and HTML plugins trip it now and then
      // (so would prerenderLoginPage, which waits for its render), and `npm install` (prepare)
      // would print it to a new user as a problem to fix. Only this check is off; every other
      // warning stays.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // Left to itself, Rolldown cuts the app into ~40 small files along shared imports; each
          // pays its own gzip dictionary and cross-chunk glue (26.6 kB gzip of 488.7:
          // docs/decisions/chunk-groups.md). Fewer, larger chunks compress better. The four groups
          // follow what each screen needs: a group takes the files its test names and, recursively,
          // their static imports not taken by a group of higher priority; what is only imported
          // dynamically stays lazy.
          groups: [
            // /login: the entry and the login shell, nothing of the signed-in app.
            {
              name: 'login',
              priority: 40,
              test: /[\\/]src[\\/](main\.tsx|app[\\/]login-shell\.tsx)$/,
            },
            // Signed in: the app's frame and the landing page.
            {
              name: 'shell',
              priority: 30,
              test: /[\\/]src[\\/]app[\\/](App\.tsx|routes[\\/](app-layout|landing-page)\.tsx)$/,
            },
            // A query: the builder, results and saved queries.
            {
              name: 'workspace',
              priority: 20,
              test: /[\\/]src[\\/]features[\\/](workspace[\\/]workspace-page|saved-queries[\\/]saved-queries-page)\.tsx$/,
            },
            // recharts and what it draws with (d3 scales, its redux store): a chunk of its own,
            // loaded with the charts. One file with the chart code would pass Vite's 500 kB
            // warning, and the library changes less often than our charts: it stays cached.
            {
              name: 'recharts',
              priority: 15,
              test: /[\\/]node_modules[\\/]recharts[\\/]/,
            },
            // Charts, and the views made of them: loaded only when a chart is shown.
            {
              name: 'charts',
              priority: 10,
              test: /[\\/]src[\\/](features[\\/]workspace[\\/]chart-panel\.tsx|app[\\/]routes[\\/](security|quarter|compare)-page\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    // The dev server hands out the project's files; it is for this machine only.
    host: '127.0.0.1',
    fs: {
      strict: true,
      // Only what the app is built from (resolved against the root); Vite's own client is added
      // by Vite. Everything else in the project (server/, var/, users files, configs) is refused.
      allow: ['index.html', 'src', 'contract', 'public', 'node_modules'],
      // Vite's defaults, plus the data a checkout may hold, in case the list above ever widens.
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key,p12,pfx,cer,der}',
        '.npmrc',
        '.yarnrc.yml',
        '**/.git/**',
        '*.duckdb',
        '*.duckdb.wal',
        '**/var/**',
      ],
    },
  },
});
