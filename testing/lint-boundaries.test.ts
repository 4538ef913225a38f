/**
 * The architecture's boundaries are ESLint rules (eslint.config.js); this checks that the rules
 * still fire, so the enforcement cannot vanish silently with a config edit. Each snippet is
 * linted as if it sat at the given path, against the project's own config (type-aware rules off,
 * which these rules do not need), and only the import-x and size rules are reported.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) =>
    ruleId.startsWith('import-x/') || ruleId.startsWith('max-lines') || ruleId.startsWith('local/'),
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('lint boundaries', () => {
  /** A one-import snippet: `name` from `specifier`, used so the import is not unused. */
  const importing = (name: string, specifier: string) =>
    `import { ${name} } from '${specifier}';\nexport const planted = ${name};\n`;

  it.each([
    ['src/features/builder/planted.ts', 'sortRecords', '../results/sort.ts'],
    ['src/features/results/planted.ts', 'toPositions', '../thirteen-f/analytics/positions.ts'],
    [
      'src/features/thirteen-f/charts/planted.ts',
      'isModuleChartId',
      '../../module-charts/series.ts',
    ],
    ['src/features/results/planted.ts', 'LARGE_RESULT_ROWS', '../workspace/use-run-flow.ts'],
  ])('a feature never imports another feature (%s: %s from %s)', async (path, name, specifier) => {
    expect(await problems(path, importing(name, specifier))).toStrictEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature never imports another/),
    ]);
  });

  it('a feature imports its own files, src/lib/ and src/components/', async () => {
    const found = await problems(
      'src/features/builder/planted.ts',
      [
        "import { summarize } from './summary.ts';",
        "import { moved } from '../../components/moved.ts';",
        "import { nextPageOffset } from '../../lib/api/paging.ts';",
        'export const planted = [summarize, moved, nextPageOffset];',
        '',
      ].join('\n'),
    );
    expect(found).toStrictEqual([]);
  });

  it('the workspace feature composes the others', async () => {
    const found = await problems(
      'src/features/workspace/planted.ts',
      [
        "import { summarize } from '../builder/summary.ts';",
        "import { sortRecords } from '../results/sort.ts';",
        'export const planted = [summarize, sortRecords];',
        '',
      ].join('\n'),
    );
    expect(found).toStrictEqual([]);
  });

  it('no feature imports src/app/, the workspace included', async () => {
    for (const feature of ['builder', 'workspace']) {
      const found = await problems(
        `src/features/${feature}/planted.ts`,
        importing('returnAddress', '../../app/safe-redirect.ts'),
      );
      expect(found).toStrictEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import src\/app\//),
      ]);
    }
  });

  it('only src/app/ imports the workspace feature', async () => {
    const fromMain = importing('WorkspacePage', './features/workspace/workspace-page.tsx');
    const fromApp = importing('WorkspacePage', '../features/workspace/workspace-page.tsx');
    expect(await problems('src/main.tsx', fromMain)).toStrictEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Only src\/app\/ imports the workspace/,
      ),
    ]);
    expect(await problems('src/app/planted.ts', fromApp)).toStrictEqual([]);
  });

  it.each([
    ['src/lib/url-state/planted.ts', 'sortRecords', '../../features/results/sort.ts'],
    [
      'src/components/charts/planted.ts',
      'toPositions',
      '../../features/thirteen-f/analytics/positions.ts',
    ],
    ['src/components/planted.ts', 'returnAddress', '../app/safe-redirect.ts'],
  ])(
    'src/lib/ and src/components/ import neither features nor the app (%s)',
    async (path, name, specifier) => {
      expect(await problems(path, importing(name, specifier))).toStrictEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*import neither features nor/),
      ]);
    },
  );

  it('src/lib/ never imports src/components/', async () => {
    expect(
      await problems('src/lib/format/planted.ts', importing('moved', '../../components/moved.ts')),
    ).toStrictEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports src\/components\//),
    ]);
  });

  it('a src/lib/ folder imports only the ones below it', async () => {
    for (const [path, name, specifier] of [
      ['src/lib/format/planted.ts', 'nextPageOffset', '../api/paging.ts'],
      ['src/lib/session/planted.ts', 'encodeWorkspaceLink', '../url-state/workspace-link.ts'],
      ['src/lib/url-state/planted.ts', 'TokenSession', '../session/token-session.ts'],
    ] as const) {
      expect(await problems(path, importing(name, specifier))).toStrictEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*imports only the ones below it/),
      ]);
    }
    for (const [path, name, specifier] of [
      ['src/lib/api/planted.ts', 'TokenSession', '../session/token-session.ts'],
      ['src/lib/url-state/planted.ts', 'formatDay', '../format/dates.ts'],
    ] as const) {
      expect(await problems(path, importing(name, specifier))).toStrictEqual([]);
    }
  });

  it('contract/ imports nothing of the project', async () => {
    const found = await problems(
      'contract/planted.ts',
      "import { nextPageOffset } from '../src/lib/api/paging.ts';\nexport const planted = nextPageOffset;\n",
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*contract\/ depends on nothing/),
    );
  });

  it('server/ never imports test support', async () => {
    const found = await problems(
      'server/planted.ts',
      "import { IDENTITY_FIELD } from '../testing/fixtures.ts';\nexport const planted = IDENTITY_FIELD;\n",
    );
    expect(found).toStrictEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports test support/),
    ]);
  });

  it('a name from contract/ is imported from there, never re-exported', async () => {
    const reexport = /^local\/no-contract-reexport: QueryRequestBody comes from contract\//;
    const reexported = await problems(
      'src/lib/planted.ts',
      "import type { QueryRequestBody } from '#contract/request-body';\nexport type { QueryRequestBody };\n",
    );
    const passedOn = await problems(
      'server/planted.ts',
      "export type { QueryRequestBody } from '#contract/request-body';\n",
    );
    const used = await problems(
      'src/lib/planted.ts',
      "import type { QueryRequestBody } from '#contract/request-body';\nexport type Planted = QueryRequestBody;\n",
    );
    expect(reexported).toStrictEqual([expect.stringMatching(reexport)]);
    expect(passedOn).toStrictEqual([expect.stringMatching(reexport)]);
    expect(used).toStrictEqual([]);
  });

  it('an import cycle is an error', async () => {
    // api-client.ts imports api-errors.ts; api-errors.ts importing it back closes a cycle.
    const found = await problems(
      'src/lib/api/api-errors.ts',
      "import { createApiClient } from './api-client.ts';\nexport const planted = createApiClient;\n",
    );
    expect(found).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/));
  });

  it('a function over 80 lines is an error in shipped code, not in a test', async () => {
    // Blank lines and comments do not count: 81 steps and four more lines make 85.
    const body = Array.from({ length: 81 }, (_, index) => `  total += ${index}; // step`).join(
      '\n',
    );
    const code = `export function planted(): number {\n  let total = 0;\n\n${body}\n  return total;\n}\n`;
    expect(await problems('src/lib/planted.ts', code)).toStrictEqual([
      expect.stringMatching(
        /^max-lines-per-function: Function 'planted' has too many lines \(85\)/,
      ),
    ]);
    expect(await problems('src/lib/planted.test.ts', code)).toStrictEqual([]);
  });
});
