/**
 * Every repository path the README and docs/ name exists, and every link between the docs
 * resolves, anchors included: a doc that names a deleted file fails here, not in a reader's hands.
 *
 * What counts as a named path, in inline code (split on spaces, so a command's paths count too)
 * and in markdown link targets, outside fenced code blocks (those hold commands and output with
 * example paths such as `path/to/manifest.json`):
 * - a path under one of the repository's top-level folders (`server/app.ts`, `src/features/`);
 * - a bare file name with a code or data extension (`package.json`, `wire.ts`): some file in the
 *   repository must have that name;
 * - a glob under a top-level folder (`e2e/*.spec.ts`): it must match at least one file.
 * Decision records (docs/decisions/) are history: they name files as they were when the choice
 * was made, so only their links are checked.
 * Skipped, on purpose: templated paths (`src/features/<name>/`, `data/13f/<filing date>.xml.gz`),
 * whose placeholders name no file; bare globs (`*.fuzz.test.ts`, `*.duckdb`), which are patterns
 * of names rather than paths; URL paths (`/index.php/api/service`) and anything outside the
 * folders below (`dist/`, `var/`, `zod/mini`), which the repository does not hold.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The top-level folders whose paths the docs name. */
const FOLDERS = [
  '.ci',
  'bench',
  'contract',
  'data',
  'docs',
  'e2e',
  'public',
  'server',
  'src',
  'testing',
];

/** Generated or local folders: not part of the repository. */
const NOT_IN_REPOSITORY = new Set([
  '.git',
  'node_modules',
  'dist',
  'var',
  'test-results',
  'playwright-report',
]);

const BARE_FILE = /^[\w.-]+\.(?:ts|tsx|js|json|md|css|html|csv|png)$/;
const TEMPLATED = /[<>{}…$]/;

/** Every file and folder of the repository, as posix paths relative to the root. */
function repositoryEntries(): string[] {
  const entries: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      if (NOT_IN_REPOSITORY.has(entry.name)) continue;
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      entries.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return entries;
}

const ENTRIES = repositoryEntries();
const NAMES = new Set(ENTRIES.map((entry) => posix.basename(entry)));

function globPattern(glob: string): RegExp {
  const source = glob
    .replace(/\/$/, '')
    .split(/(\*\*\/|\*)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^()[\]|\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The markdown outside fenced code blocks, line numbers kept (fenced lines become empty). */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

interface Reference {
  readonly line: number;
  readonly text: string;
}

/** Words of inline code, trimmed of the punctuation around a path in a sentence. */
function codeWords(lines: readonly string[]): Reference[] {
  const words: Reference[] = [];
  lines.forEach((line, index) => {
    for (const [, code = ''] of line.matchAll(/`([^`]+)`/g)) {
      for (const word of code.split(/\s+/)) {
        const text = word.replace(/^["'(]+/, '').replace(/["'),;:.]+$/, '');
        if (text !== '') words.push({ line: index + 1, text });
      }
    }
  });
  return words;
}

/** Link targets of inline markdown links, `[text](target)`, outside inline code. */
function linkTargets(lines: readonly string[]): Reference[] {
  const targets: Reference[] = [];
  lines.forEach((line, index) => {
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const [, target = ''] of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      targets.push({ line: index + 1, text: target });
    }
  });
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown text's headings make, duplicates numbered as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const anchor = anchorOf(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    result.add(count === 0 ? anchor : `${anchor}-${String(count)}`);
  }
  return result;
}

/** Why a path named in code does not hold, or undefined when it does or is not checked. */
function pathProblem(text: string): string | undefined {
  if (TEMPLATED.test(text)) return undefined;
  const top = text.split('/')[0] ?? '';
  const underFolder = text.includes('/') && FOLDERS.includes(top);
  if (text.includes('*')) {
    if (!underFolder) return undefined;
    const pattern = globPattern(text);
    return ENTRIES.some((entry) => pattern.test(entry)) ? undefined : 'matches no file';
  }
  if (underFolder) return existsSync(join(ROOT, text)) ? undefined : 'does not exist';
  if (!text.includes('/') && BARE_FILE.test(text)) {
    return NAMES.has(text) ? undefined : 'no file in the repository has this name';
  }
  return undefined;
}

/** Why a link does not resolve, or undefined when it does or leaves the repository. */
function linkProblem(
  target: string,
  file: string,
  markdown: string,
  read: (path: string) => string,
): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return undefined;
  const [path = '', anchor] = target.split('#');
  const resolved = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path));
  if (path !== '' && !existsSync(join(ROOT, resolved))) return 'does not resolve';
  if (anchor === undefined || !resolved.endsWith('.md')) return undefined;
  const text = path === '' ? markdown : read(resolved);
  return anchors(text).has(anchor) ? undefined : `has no heading #${anchor}`;
}

/** Every named path and link of one markdown file that does not hold. */
function problemsIn(
  file: string,
  markdown: string,
  read: (path: string) => string = (path) => readFileSync(join(ROOT, path), 'utf8'),
): string[] {
  const lines = prose(markdown);
  const problems: string[] = [];
  const paths = file.startsWith('docs/decisions/') ? [] : codeWords(lines);
  for (const { line, text } of paths) {
    const problem = pathProblem(text);
    if (problem) problems.push(`${file}:${String(line)}: \`${text}\` ${problem}`);
  }
  for (const { line, text } of linkTargets(lines)) {
    const problem = linkProblem(text, file, markdown, read);
    if (problem) problems.push(`${file}:${String(line)}: link ${text} ${problem}`);
  }
  return problems;
}

/** README.md and every markdown file under docs/, as repository paths. */
function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => posix.join('docs', path.split('\\').join('/')));
  return ['README.md', ...docs.sort()];
}

describe('the paths the README and docs/ name', () => {
  const files = docFiles();

  it('reads the README and the docs, and finds paths and links in them', () => {
    expect(files).toContain('docs/architecture.md');
    const texts = files.map((file) => prose(readFileSync(join(ROOT, file), 'utf8')));
    const named = texts
      .flatMap((lines) => codeWords(lines))
      .filter(({ text }) => {
        return text.includes('/') && FOLDERS.includes(text.split('/')[0] ?? '');
      });
    // Far fewer would mean the extraction broke and the check below passes on nothing.
    expect(named.length).toBeGreaterThan(200);
    expect(texts.flatMap((lines) => linkTargets(lines)).length).toBeGreaterThan(40);
  });

  it('exist in the repository, and every link between the docs resolves', () => {
    const problems = files.flatMap((file) =>
      problemsIn(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('are reported when missing: a planted path, a deleted file, a broken link or anchor', () => {
    const planted = [
      '# Planted',
      '',
      'Real: `server/config.ts`, `src/features/results/`, `package.json`, `e2e/*.spec.ts`,',
      'and [the architecture](architecture.md#the-two-data-walks) and [here](#planted).',
      'Skipped: `src/features/<name>/`, `*.duckdb`, `/index.php/api/service`, `dist/`.',
      'Missing: `server/no-such-module.ts`, `no-such-chart.tsx`, `bench/*.nothing.ts`,',
      'run `npx tsx bench/gone.bench.ts --fast` and read [it](no-such-doc.md) and',
      '[this](testing.md#no-such-heading).',
      '',
      '```sh',
      'npm run import-13f -- --manifest server/only-in-a-code-block.json',
      '```',
    ].join('\n');
    const problems = problemsIn('docs/planted.md', planted);
    expect(problems).toEqual([
      'docs/planted.md:6: `server/no-such-module.ts` does not exist',
      'docs/planted.md:6: `no-such-chart.tsx` no file in the repository has this name',
      'docs/planted.md:6: `bench/*.nothing.ts` matches no file',
      'docs/planted.md:7: `bench/gone.bench.ts` does not exist',
      'docs/planted.md:7: link no-such-doc.md does not resolve',
      'docs/planted.md:8: link testing.md#no-such-heading has no heading #no-such-heading',
    ]);
  });

  it('names anchors as GitHub does', () => {
    expect(anchorOf("The embedded service's semantics")).toBe('the-embedded-services-semantics');
    expect(anchorOf("#4's throughput ratios retired")).toBe('4s-throughput-ratios-retired');
    expect([...anchors('# A\n## A\n```\n# Not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });
});
