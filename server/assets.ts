import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ASSETS_DIR, ROOT } from './build.ts';

/**
 * How the browser app is served: the built files in dist/ (`npm start`), or compiled on the fly by
 * Vite's dev server (`npm run dev` only: it reads the project's sources).
 */
export type ServeMode = 'vite' | 'dist';

/** True for the API's path space, which the app's assets never answer. */
export function isApiPath(url: string): boolean {
  return (
    url === '/index.php/api' ||
    url.startsWith('/index.php/api/') ||
    url.startsWith('/index.php/api?')
  );
}

/**
 * True for a path that names a file, not one of the app's pages: anything in the build's folder
 * of hashed files, or a last segment with a file extension (no route of the app has one).
 */
export function isFilePath(path: string): boolean {
  return (
    path.startsWith(`/${ASSETS_DIR}/`) ||
    /\.[a-z0-9]{1,8}$/i.test(path.slice(path.lastIndexOf('/')))
  );
}

/** Serves the build: hashed assets cached for a year, everything else revalidated. */
async function registerBuild(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` first');
  }
  await app.register(fastifyStatic, {
    root: dist,
    cacheControl: false,
    setHeaders(reply, path) {
      // Hashed file names change with their content, so they may be cached for a year;
      // index.html must be revalidated so a new build is picked up at once.
      reply.header(
        'Cache-Control',
        path.startsWith(join(dist, ASSETS_DIR))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

/**
 * Serves through Vite's dev middleware: on-the-fly compilation and hot reload on our port. The
 * files it may read are vite.config.ts's `server.fs` allow list.
 */
async function registerVite(app: FastifyInstance): Promise<() => Promise<void>> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    root: ROOT,
    // Imported in place: the default loader writes a temporary copy of the config and deletes it,
    // which `tsx watch` takes for a change and restarts the server over and over.
    configLoader: 'native',
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

/** Registers the app's assets for a mode (`dist`: the build's folder); returns how to stop them. */
export async function registerAssets(
  app: FastifyInstance,
  mode: ServeMode,
  dist: string,
): Promise<() => Promise<void>> {
  if (mode === 'vite') return registerVite(app);
  await registerBuild(app, dist);
  return () => Promise.resolve();
}
