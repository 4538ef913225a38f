import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** The project's root: the directory holding package.json, src/ and dist/. */
export const ROOT = join(import.meta.dirname, '..');
/** Where `vite build` writes the app and `npm start` serves it from. */
export const DIST = join(ROOT, 'dist');
/** The build's folder of hashed files (Vite's `build.assetsDir`, left at its default). */
export const ASSETS_DIR = 'assets';

/** What a build is made from: a build older than any of these is stale. */
const BUILD_INPUTS = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Whether dist/ holds a build of the sources as they are, and if not, why not. */
type BuildState = { readonly current: true } | { readonly current: false; reason: string };

interface Newest {
  readonly path: string;
  readonly mtimeMs: number;
}

function newestChange(path: string): Newest | undefined {
  if (!existsSync(path)) return undefined;
  const stats = statSync(path);
  let newest: Newest = { path, mtimeMs: stats.mtimeMs };
  if (!stats.isDirectory()) return newest;
  for (const entry of readdirSync(path)) {
    const inner = newestChange(join(path, entry));
    if (inner && inner.mtimeMs > newest.mtimeMs) newest = inner;
  }
  return newest;
}

/**
 * Compares dist/index.html with every build input by modification time: a `git pull`, a checkout
 * or an edit touches what it changes, and a deleted file touches its directory.
 */
function buildState(): BuildState {
  const built = join(DIST, 'index.html');
  if (!existsSync(built)) return { current: false, reason: 'missing' };
  const builtAt = statSync(built).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestChange(join(ROOT, input));
    if (newest && newest.mtimeMs > builtAt) {
      return {
        current: false,
        reason: `older than its sources (${relative(ROOT, newest.path)} changed since)`,
      };
    }
  }
  return { current: true };
}

/**
 * `vite build` in a process of its own: built in this one, the server (or the proxy's supervisor,
 * which serves nothing) kept the build's ~900 MB for as long as it ran.
 */
async function buildInChild(): Promise<void> {
  // The package exports no bin path; its package.json is exported, and bin/ sits beside it.
  const vite = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(errors.trim() || `vite build exited with ${String(code)}`);
}

/** The build could not be brought up to date; the message says why and what to do. */
export class BuildFailed extends Error {}

/**
 * Makes dist/ a build of the sources as they are, rebuilding when it is stale or missing, so
 * `npm start` never serves an old app and never needs anything but the build.
 */
export async function ensureCurrentBuild(say: (line: string) => void): Promise<void> {
  const state = buildState();
  if (state.current) return;
  say(`  Rebuilding the app: the build in dist/ is ${state.reason}. This takes a little while…`);
  try {
    await buildInChild();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BuildFailed(
      [
        `Cannot start: the app's build in dist/ is ${state.reason}, and rebuilding it failed:`,
        reason,
        'Fix the problem, check with `npm run build`, then run `npm start` again.',
      ].join('\n'),
    );
  }
  say('  Rebuilt.');
}
