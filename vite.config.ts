import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
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
