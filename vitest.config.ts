import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Days and numbers follow the locale (src/lib/format/dates.ts). Test workers are processes forked
// after this runs, and ICU reads the default locale from the environment at start: every run, on
// any machine, formats as en-US, the locale the Playwright journeys pin too.
process.env.LC_ALL = 'en_US.UTF-8';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The browser's logic (builder model, formatting, analytics, links…) runs here too: it
          // needs no DOM, and a jsdom window per file cost more than the tests themselves.
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'testing/**/*.test.ts',
            'src/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, '**/*.fuzz.test.ts', '**/*.dom.test.ts'],
          testTimeout: 20_000,
          // Seeding the demo data takes seconds, more when the cores are shared.
          hookTimeout: 30_000,
        },
      },
      {
        // Volume tests (thousands of hostile requests), apart from the unit projects:
        // `npm run test:fuzz`, which `npm test` runs after `test:unit`.
        extends: true,
        test: {
          name: 'fuzz',
          environment: 'node',
          include: ['contract/**/*.fuzz.test.ts', 'server/**/*.fuzz.test.ts'],
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // Components, and the few .ts tests that need a browser API (storage, document): those
          // are named *.dom.test.ts.
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          setupFiles: ['testing/setup-dom.ts'],
          // One window per worker, reset by the setup file before each test file: half the time.
          isolate: false,
          // A builder journey types and clicks for seconds in jsdom; on shared cores the default
          // 5 s failed tests that were only slow.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
