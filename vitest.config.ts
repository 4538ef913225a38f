import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'testing/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, '**/*.fuzz.test.ts'],
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
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['testing/setup-dom.ts'],
          // A builder journey types and clicks for seconds in jsdom; on shared cores the default
          // 5 s failed tests that were only slow.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
