import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../server/embedded/auth/passwords.ts';

const ROOT = join(import.meta.dirname, '..');

/** Text planted in files a server must never hand out; a body holding one leaked the file. */
const SECRETS = {
  env: 'ENV_SECRET_7f3a91',
  var: 'VAR_SECRET_c04e55',
} as const;

/** URL paths that would hand out a private file of the copy, each with text only that file holds. */
function privateFiles(root: string, passwordHash: string): [string, string][] {
  const config = 'configSchema = z.object';
  return [
    ['/server/config.ts', config],
    ['/server/config.ts?raw', config],
    ['/server/config.ts?import&raw', config],
    [`/@fs${root}/server/config.ts`, config],
    ['/package.json', '"hash-password"'],
    [`/@fs${root}/package.json`, '"hash-password"'],
    ['/tsconfig.json', '"compilerOptions"'],
    ['/vite.config.ts', 'defineConfig'],
    ['/.env', SECRETS.env],
    [`/@fs${root}/.env`, SECRETS.env],
    ['/var/notes.txt', SECRETS.var],
    [`/@fs${root}/var/notes.txt`, SECRETS.var],
    ['/users.json', passwordHash],
    [`/@fs${root}/users.json`, passwordHash],
    ['/@fs/etc/passwd', 'root:'],
  ];
}

/** A throwaway copy of the project, with files that must stay private. */
export interface ProjectCopy {
  readonly root: string;
  /** URL paths of files no server may hand out, each with text only that file holds. */
  readonly privateFiles: readonly [path: string, marker: string][];
  remove(): void;
}

/**
 * Copies the server, contract, package.json and configs into a temporary directory, with the real
 * node_modules and data linked, and a one-line app in place of src/ so a rebuild takes a second or
 * two instead of half a minute. server/ is copied, not linked: it finds the project root from its
 * own location, so the copy must be the root it decides about. With `staleBuild`, dist/ holds an
 * old build dated before every source.
 */
export async function makeProjectCopy(options: { staleBuild: boolean }): Promise<ProjectCopy> {
  const root = mkdtempSync(join(tmpdir(), 'dashboard-copy-'));
  for (const entry of ['server', 'contract', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
    cpSync(join(ROOT, entry), join(root, entry), { recursive: true });
  }
  // A directory of links, not one link: Vite's cache (node_modules/.vite) then stays in the copy.
  mkdirSync(join(root, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '.vite')
      symlinkSync(join(ROOT, 'node_modules', entry), join(root, 'node_modules', entry));
  }
  symlinkSync(join(ROOT, 'data'), join(root, 'data'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'public'));
  mkdirSync(join(root, 'var'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><body><div id="root"></div>' +
      '<script type="module" src="/src/main.ts"></script></body></html>\n',
  );
  writeFileSync(
    join(root, 'src', 'main.ts'),
    "import './tiny.css';\ndocument.body.append('tiny app');\n",
  );
  writeFileSync(join(root, 'src', 'tiny.css'), 'body { margin: 0; }\n');
  // The build prerenders the login page from this module, with the page's stylesheet inlined
  // (vite.config.ts): a tiny module and stylesheet here too.
  mkdirSync(join(root, 'src', 'app'));
  writeFileSync(
    join(root, 'src', 'app', 'login-prerender.tsx'),
    "export const renderLoginPage = (): string => '<p>tiny login</p>';\n",
  );
  writeFileSync(join(root, '.env'), `API_KEY=${SECRETS.env}\n`);
  writeFileSync(join(root, 'var', 'notes.txt'), `${SECRETS.var}\n`);
  const passwordHash = await hashPassword('copy-password');
  writeFileSync(
    join(root, 'users.json'),
    JSON.stringify([{ username: 'copy', passwordHash, modules: ['metro_area__c'] }]),
  );
  if (options.staleBuild) {
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><p>old build</p>\n');
    const longAgo = new Date('2001-01-01T00:00:00Z');
    utimesSync(join(root, 'dist', 'index.html'), longAgo, longAgo);
  }
  return {
    root,
    privateFiles: privateFiles(root, passwordHash),
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A server started by an npm script, with what it printed so far. */
export interface ScriptRun {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the printed URL; rejects with the output when the script exits first. */
  readonly url: Promise<string>;
  /** Resolves with the output once `text` has been printed; rejects when the script exits first. */
  printed(text: string | RegExp): Promise<string>;
  /** The script's exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** This process's environment without what Vitest adds (NODE_ENV=test would change the build). */
function outsideTestEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST') && name !== 'SERVE_MODE',
    ),
  );
}

/**
 * Runs `npm <args>` in a directory, as an analyst would, in its own process group so stopping it
 * also stops what npm started (tsx, node).
 */
export function runScript(cwd: string, args: string[], env: Record<string, string>): ScriptRun {
  const child = spawn('npm', args, {
    cwd,
    env: { ...outsideTestEnv(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiting: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const check of waiting) check();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // 'close', not 'exit': by then everything the script printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));

  function printed(expected: string | RegExp): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
        if (match) resolve(text);
      };
      waiting.push(check);
      check();
      void exited.then(() => {
        check();
        reject(
          new Error(`npm ${args.join(' ')} exited before printing ${String(expected)}:\n${text}`),
        );
      });
    });
  }

  const url = printed(/URL: +http:\/\/\S+\/\n/).then(
    (output) => /URL: +(http:\/\/\S+)\/\n/.exec(output)?.[1] ?? '',
  );
  url.catch(() => undefined);
  return {
    child,
    output: () => text,
    url,
    printed: (expected) => printed(expected),
    exited,
    async stop() {
      try {
        // The whole group: npm may be gone while the server it started still runs.
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Nothing left in the group.
      }
      await exited;
    },
  };
}
