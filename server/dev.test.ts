import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProjectCopy, runScript } from '../testing/project-copy.ts';
import type { ProjectCopy, ScriptRun } from '../testing/project-copy.ts';

// Each case spawns `npm run dev` on a copy of the project; a harness limit, nothing is timed.
const SPAWN_BUDGET_MS = 120_000;
const DEV_ENV = { PORT: '0', LOG_LEVEL: 'warn', USERS_FILE: 'users.json' };

describe('npm run dev', () => {
  let copy: ProjectCopy;
  let run: ScriptRun;
  let baseUrl: string;

  beforeAll(async () => {
    copy = await makeProjectCopy({ staleBuild: false });
    run = runScript(copy.root, ['run', 'dev'], { ...DEV_ENV, HOST: '127.0.0.1' });
    baseUrl = await run.url;
  }, SPAWN_BUDGET_MS);
  afterAll(async () => {
    await run.stop();
    copy.remove();
  });

  it('warns that it is a development server', () => {
    expect(run.output()).toMatch(/development server/i);
    expect(run.output()).toMatch(/npm start/);
  });

  it("serves the app's sources compiled on the fly", async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/src/main.ts');
    const main = await fetch(`${baseUrl}/src/main.ts`);
    expect(main.status).toBe(200);
    expect(await main.text()).toContain('tiny app');
    expect((await fetch(`${baseUrl}/@vite/client`)).status).toBe(200);
    // The app imports the contract (`#contract/*`), which lives beside src/.
    const contract = await fetch(`${baseUrl}/contract/errors.ts`);
    expect(contract.status).toBe(200);
    expect(await contract.text()).toContain('errorBodySchema');
  });

  it('refuses every file outside its allow list', async () => {
    const leaked: string[] = [];
    for (const [path, marker] of copy.privateFiles) {
      const response = await fetch(`${baseUrl}${path}`);
      if ((await response.text()).includes(marker))
        leaked.push(`${path} ${String(response.status)}`);
    }
    expect(leaked).toEqual([]);
  });
});

describe('npm run dev on a non-loopback interface', () => {
  it(
    'refuses to start and names HOST',
    async () => {
      const copy = await makeProjectCopy({ staleBuild: false });
      const run = runScript(copy.root, ['run', 'dev'], { ...DEV_ENV, HOST: '0.0.0.0' });
      try {
        // `tsx watch` keeps waiting for changes after the server exits, so wait for the words.
        const output = await run.printed(/HOST="0\.0\.0\.0"|URL: /);
        expect(output).not.toMatch(/URL: /);
        expect(output).toMatch(/HOST="0\.0\.0\.0".*loopback/);
      } finally {
        await run.stop();
        copy.remove();
      }
    },
    SPAWN_BUDGET_MS,
  );
});
