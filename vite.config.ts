import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself, Rolldown cuts the app into ~40 small files along shared imports; each
          // pays its own gzip dictionary and cross-chunk glue (#21: 26.6 kB gzip of 488.7). Fewer,
          // larger chunks compress better. The four groups follow what each screen needs: a group
          // takes the files its test names and, recursively, their static imports not taken by a
          // group of higher priority; what is only imported dynamically stays lazy.
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
              test: /[\\/]src[\\/](app[\\/]routes[\\/]workspace-page\.tsx|features[\\/]saved-queries[\\/]saved-queries-page\.tsx)$/,
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
              test: /[\\/]src[\\/](features[\\/]charts[\\/]chart-panel\.tsx|app[\\/]routes[\\/](security|quarter|compare)-page\.tsx)$/,
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
