import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from './embedded/auth/passwords.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  scripts: Record<string, string>;
};

/** The files a script runs with `tsx` or `node` (flags such as `watch` and `--ignore x` skipped). */
function entryFiles(script: string): string[] {
  const files: string[] = [];
  for (const command of script.split(/&&|\|\||;/)) {
    const words = command.trim().split(/\s+/);
    const runner = words.findIndex((word) => word === 'tsx' || word === 'node');
    if (runner === -1) continue;
    const file = words
      .slice(runner + 1)
      .find((word) => /\.(?:[cm]?[jt]s|tsx)$/.test(word) && !word.startsWith('-'));
    if (file !== undefined) files.push(file.replace(/^['"]|['"]$/g, ''));
  }
  return files;
}

describe('npm scripts', () => {
  it('finds the entry file of tsx and node commands', () => {
    expect(
      entryFiles("tsx watch --clear-screen=false --ignore './src/**' server/dev.ts; node a.js"),
    ).toEqual(['server/dev.ts', 'a.js']);
  });

  it.each(Object.entries(scripts).filter(([, script]) => entryFiles(script).length > 0))(
    '%s: every file it runs exists',
    (_name, script) => {
      const missing = entryFiles(script).filter((file) => !existsSync(`${root}${file}`));
      expect(missing).toEqual([]);
    },
  );

  it('covers the scripts that run a file', () => {
    const covered = Object.keys(scripts).filter((name) => entryFiles(scripts[name] ?? '').length);
    expect(covered).toEqual(
      expect.arrayContaining(['start', 'dev', 'bench', 'hash-password', 'import-13f', 'test:e2e']),
    );
  });

  it('hash-password prints an scrypt hash of the password', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', 'hash-password', '--', 'x'], {
      cwd: root,
    });
    const hash = stdout
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('scrypt$'));
    expect(hash).toMatch(/^scrypt\$\S+$/);
    expect(await verifyPassword('x', hash ?? '')).toBe(true);
    expect(await verifyPassword('y', hash ?? '')).toBe(false);
  });
});
