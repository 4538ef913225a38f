import { existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

/** True for the API's path space, which the app's assets never answer. */
export function isApiPath(url: string): boolean {
  return (
    url === '/index.php/api' ||
    url.startsWith('/index.php/api/') ||
    url.startsWith('/index.php/api?')
  );
}

/** Serves dist/: hashed assets cached for a year, everything else revalidated. */
async function registerBuild(app: FastifyInstance): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('SERVE_MODE=dist but dist/index.html is missing: run `npm run build` first');
  }
  await app.register(fastifyStatic, {
    root: DIST,
    cacheControl: false,
    setHeaders(reply, path) {
      // Hashed file names change with their content, so they may be cached for a year;
      // index.html must be revalidated so a new build is picked up at once.
      reply.header(
        'Cache-Control',
        path.startsWith(join(DIST, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** Serves through Vite's dev middleware: on-the-fly compilation and hot reload on our port. */
async function registerVite(app: FastifyInstance): Promise<() => Promise<void>> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'spa',
    logLevel: 'warn',
  });
  await app.register(middie);
  app.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if (isApiPath(request.url ?? '/')) next();
    else vite.middlewares(request, response, next);
  });
  return () => vite.close();
}

/** Registers the app's assets for a mode; returns how to stop them. */
export async function registerAssets(
  app: FastifyInstance,
  mode: ResolvedServeMode,
): Promise<() => Promise<void>> {
  if (mode === 'vite') return registerVite(app);
  await registerBuild(app);
  return () => Promise.resolve();
}
