import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProjectCopy, runScript } from '../testing/project-copy.ts';
import type { ProjectCopy, ScriptRun } from '../testing/project-copy.ts';

// Each case spawns `npm start` on a copy of the project: a rebuild and a DuckDB start-up, so the
// budget is generous on a shared two-core machine (a harness limit, nothing is timed).
const SPAWN_BUDGET_MS = 180_000;
const SERVER_ENV = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', USERS_FILE: 'users.json' };

describe('npm start on a tree whose build is older than its sources', () => {
  let copy: ProjectCopy;
  let run: ScriptRun;
  let baseUrl: string;

  beforeAll(async () => {
    copy = await makeProjectCopy({ staleBuild: true });
    run = runScript(copy.root, ['start'], SERVER_ENV);
    baseUrl = await run.url;
  }, SPAWN_BUDGET_MS);
  afterAll(async () => {
    await run.stop();
    copy.remove();
  });

  it('says it rebuilds, then serves the new build, not the old one nor the sources', async () => {
    expect(run.output()).toMatch(/Rebuilding the app/);
    expect(run.output()).toMatch(/Assets: +built files from dist\//);
    const page = await (await fetch(`${baseUrl}/`)).text();
    expect(page).not.toContain('old build');
    expect(page).not.toContain('/src/main.ts');
    expect(page).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    expect(page).toBe(readFileSync(join(copy.root, 'dist', 'index.html'), 'utf8'));
  });

  it('hands out no file from outside the build', async () => {
    const page = await (await fetch(`${baseUrl}/`)).text();
    const answers: string[] = [];
    for (const [path, marker] of copy.privateFiles) {
      const response = await fetch(`${baseUrl}${path}`);
      const body = await response.text();
      // Unknown paths get the app's page (client-side routes), or a 404: nothing else.
      const verdict = body.includes(marker) ? 'LEAKED' : body === page ? 'page' : 'other';
      answers.push(`${path} ${String(response.status)} ${verdict}`);
    }
    expect(answers.filter((answer) => !/ (200 page|404 (page|other))$/.test(answer))).toEqual([]);
  });

  it('sends the production CSP: scripts from our origin only, no WebSocket', async () => {
    const response = await fetch(`${baseUrl}/`);
    const csp = new Map(
      (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat().filter((source) => /^wss?:/.test(source))).toEqual([]);
  });
});

describe('npm start when the stale build cannot be rebuilt', () => {
  it(
    'refuses to start and says why',
    async () => {
      const copy = await makeProjectCopy({ staleBuild: true });
      writeFileSync(join(copy.root, 'src', 'main.ts'), 'document.body.append(("unclosed";\n');
      const run = runScript(copy.root, ['start'], SERVER_ENV);
      try {
        // Today's code served the sources instead: it printed its URL and kept running.
        const output = await run.printed(/Cannot start|URL: /);
        expect(output).not.toMatch(/URL: /);
        expect(await run.exited).toBe(1);
        expect(run.output()).toMatch(
          /Cannot start: the app's build in dist\/ is older than its sources/,
        );
        expect(run.output()).toMatch(/npm run build/);
      } finally {
        await run.stop();
        copy.remove();
      }
    },
    SPAWN_BUDGET_MS,
  );
});
