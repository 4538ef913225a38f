/**
 * The app as the browser benches measure it: a fresh production build of the sources as they are
 * now (not an old dist/), served by our own server on the embedded demo, not yet listening (a
 * bench may add its own routes first).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { createApp } from '../server/app.ts';
import type { App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/log.ts';

const ROOT = join(import.meta.dirname, '..');

export async function buildDemoApp(): Promise<App> {
  await build({ root: ROOT, logLevel: 'warn' });
  // A filing store that does not exist keeps an operator's imported filings out of the run.
  const config = loadConfig({
    SERVE_MODE: 'dist',
    LOG_LEVEL: 'silent',
    FILINGS_DB: join(tmpdir(), `no-filing-store-${process.pid}.duckdb`),
  });
  return createApp({ config, logger: createLogger('silent') });
}
