import { existsSync } from 'node:fs';
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

const DIST = join(import.meta.dirname, '..', 'dist');

/** `auto` serves dist/ when a build exists, else compiles with Vite. */
export function resolveServeMode(mode: 'auto' | ResolvedServeMode): ResolvedServeMode {
  if (mode !== 'auto') return mode;
  return existsSync(join(DIST, 'index.html')) ? 'dist' : 'vite';
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
