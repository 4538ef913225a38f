import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

/** Serves the browser app: a request handler that falls through to `next` when it has nothing. */
export type AssetHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

/** How the browser app is served: compiled on the fly by Vite, or the built files in dist/. */
export type ResolvedServeMode = 'vite' | 'dist';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** What a build is made from: a build older than any of these is stale. */
const BUILD_INPUTS = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

/** True when dist/ holds a build at least as new as every source it is built from. */
export function buildIsCurrent(): boolean {
  const built = join(DIST, 'index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return BUILD_INPUTS.every((input) => newestChange(join(ROOT, input)) <= builtAt);
}

/**
 * `auto` serves dist/ when its build is current (the install builds it), else compiles with
 * Vite, so an edited source is never hidden behind an old build.
 */
export function resolveServeMode(mode: 'auto' | ResolvedServeMode): ResolvedServeMode {
  if (mode !== 'auto') return mode;
  return buildIsCurrent() ? 'dist' : 'vite';
}

/** The asset handler for a mode, and how to stop it. */
export async function createAssetHandler(
  mode: ResolvedServeMode,
  httpServer: Server | undefined,
): Promise<{ handle: AssetHandler; close: () => Promise<void> }> {
  if (mode === 'dist') {
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error('SERVE_MODE=dist but dist/index.html is missing: run `npm run build` first');
    }
    const serve = sirv(DIST, {
      single: true,
      etag: true,
      gzip: false,
      setHeaders(response, pathname) {
        // Hashed file names change with their content, so they may be cached for a year;
        // index.html must be revalidated so a new build is picked up at once.
        response.setHeader(
          'Cache-Control',
          pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    return { handle: serve, close: () => Promise.resolve() };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: httpServer ? { server: httpServer } : false },
    appType: 'spa',
    logLevel: 'warn',
  });
  return { handle: vite.middlewares, close: () => vite.close() };
}
