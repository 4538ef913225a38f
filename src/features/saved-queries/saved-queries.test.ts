import { describe, expect, it } from 'vitest';
import type { ModuleId } from '#contract/catalog';
import { addQuery, renameQuery, restoreQuery, removeQuery, uniqueName } from './saved-queries.ts';
import {
  exportFileName,
  exportQueries,
  importQueries,
  savedQueriesFileSchema,
} from './saved-queries-file.ts';
import { summarizeQuery } from './summary.ts';
import { savedAnalysisOf } from '../../lib/url-state/analysis-links.ts';
import type { SavedQuery } from './saved-queries.ts';
import type { Follow } from '../../lib/follows/follows-store.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';

const NOW = new Date('2025-03-04T10:00:00.000Z');

/** A valid workspace state of `module` asking for `maxNum` rows. */
function linkState(module: ModuleId = 'updates', maxNum = '10'): WorkspaceLink {
  return { v: 1, module, body: { module, filters: { max_num: maxNum } } };
}

/** A saved query, any part overridden. */
function savedQuery(overrides: Partial<SavedQuery> = {}): SavedQuery {
  return {
    id: 'q1',
    name: 'Recent updates',
    savedAt: NOW.toISOString(),
    state: linkState(),
    ...overrides,
  };
}

/** The text of an export file holding `queries` as given (valid or not). */
function fileOf(queries: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'marketplace-saved-queries',
    version: 1,
    exportedAt: NOW.toISOString(),
    queries,
    ...extra,
  });
}

function names(list: readonly SavedQuery[]): string[] {
  return list.map((query) => query.name);
}

describe('addQuery', () => {
  it('saves a trimmed name with the state as JSON carries it', () => {
    const result = addQuery([], { name: '  Big holders ', state: linkState() }, { now: NOW });
    if (!result.ok) throw new Error(result.message);
    expect(result.next).toEqual([
      { id: result.saved?.id, name: 'Big holders', savedAt: NOW.toISOString(), state: linkState() },
    ]);
    expect(result.saved?.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an empty name, and a name longer than 120 characters', () => {
    expect(addQuery([], { name: '   ', state: linkState() })).toEqual({
      ok: false,
      message: 'A name is needed.',
      field: 'name',
    });
    expect(addQuery([], { name: 'x'.repeat(121), state: linkState() })).toEqual({
      ok: false,
      message: 'A name is at most 120 characters.',
      field: 'name',
    });
  });

  it('reports a same-name query of the same module, and replaces it or keeps both on request', () => {
    const list = [savedQuery({ name: 'Recent updates', state: linkState('updates', '5') })];
    const draft = { name: 'recent updates ', state: linkState('updates', '99') };
    const refused = addQuery(list, draft);
    expect(refused).toMatchObject({
      ok: false,
      message: 'A saved Contact updates query is already called "Recent updates".',
      clash: { id: 'q1' },
    });
    const replaced = addQuery(list, draft, { onClash: 'replace' });
    expect(
      replaced.ok &&
        replaced.next.map((query) => ('body' in query.state ? query.state.body : null)),
    ).toEqual([linkState('updates', '99').body]);
    const both = addQuery(list, draft, { onClash: 'keep-both' });
    expect(both.ok && names(both.next)).toEqual(['Recent updates', 'recent updates (2)']);
  });

  it('lets another module use the same name', () => {
    const result = addQuery([savedQuery()], {
      name: 'Recent updates',
      state: linkState('accounthistory'),
    });
    expect(result.ok && names(result.next)).toEqual(['Recent updates', 'Recent updates']);
  });

  it('refuses a state holding a credential-named key, and says where', () => {
    const state = { ...linkState(), body: { module: 'updates', access_token: 'secret-token' } };
    const result = addQuery([], { name: 'Leaky', state });
    expect(result).toEqual({
      ok: false,
      message: 'This query cannot be saved: state: a link must never carry a credential.',
    });
  });
});

describe('uniqueName', () => {
  it('counts up past the copies already there, within 120 characters', () => {
    const list = [savedQuery({ name: 'A' }), savedQuery({ id: 'q2', name: 'A (2)' })];
    expect(uniqueName(list, 'updates', 'A')).toBe('A (3)');
    expect(uniqueName(list, 'updates', 'B')).toBe('B');
    const long = 'y'.repeat(120);
    const named = uniqueName([savedQuery({ name: long })], 'updates', long);
    expect(named).toHaveLength(120);
    expect(named.endsWith('y (2)')).toBe(true);
  });
});

describe('renameQuery, removeQuery and restoreQuery', () => {
  const list = [
    savedQuery(),
    savedQuery({ id: 'q2', name: 'Other', state: linkState('updates', '3') }),
  ];

  it('renames, refusing an empty name or one another query of the module has', () => {
    const renamed = renameQuery(list, 'q2', ' Fresh ');
    expect(renamed.ok && names(renamed.next)).toEqual(['Recent updates', 'Fresh']);
    expect(renameQuery(list, 'q2', '')).toEqual({
      ok: false,
      message: 'A name is needed.',
      field: 'name',
    });
    expect(renameQuery(list, 'q2', 'RECENT UPDATES')).toMatchObject({
      ok: false,
      message: 'A saved Contact updates query is already called "Recent updates".',
    });
    // Its own name in another case is no clash.
    expect(renameQuery(list, 'q2', 'OTHER').ok).toBe(true);
  });

  it('removes a query and puts it back where it was', () => {
    const [first] = list;
    const removed = removeQuery(list, 'q1');
    expect(names(removed)).toEqual(['Other']);
    if (!first) throw new Error('the list has a first query');
    expect(names(restoreQuery(removed, first, 0))).toEqual(['Recent updates', 'Other']);
    expect(restoreQuery(list, first, 0)).toBe(list);
  });
});

describe('exportQueries', () => {
  it('writes a file the schema accepts, named by the local date', () => {
    const text = exportQueries([savedQuery()], NOW);
    expect(savedQueriesFileSchema.parse(JSON.parse(text))).toEqual({
      format: 'marketplace-saved-queries',
      version: 1,
      exportedAt: NOW.toISOString(),
      queries: [savedQuery()],
      follows: [],
    });
    expect(exportFileName(new Date(2025, 0, 5, 23, 30))).toBe(
      'saved-queries-and-follows-2025-01-05.json',
    );
  });
});

describe('importQueries', () => {
  const apple: Follow = {
    kind: 'security',
    key: '037833100',
    label: 'APPLE INC',
    since: '2025-03-01T09:00:00.000Z',
  };

  it('carries the follows: exported with the queries, read back for the store to merge', () => {
    const text = exportQueries([savedQuery()], NOW, [apple]);
    expect(savedQueriesFileSchema.parse(JSON.parse(text)).follows).toEqual([apple]);
    expect(importQueries([], text)).toMatchObject({ added: 1, follows: [apple], problems: [] });
  });

  it('imports a file from before follows travelled (none), and reports a damaged follow', () => {
    const old = JSON.stringify({
      format: 'marketplace-saved-queries',
      version: 1,
      exportedAt: NOW.toISOString(),
      queries: [savedQuery()],
    });
    expect(importQueries([], old)).toMatchObject({ added: 1, follows: [], problems: [] });
    const damaged = exportQueries([], NOW, [apple, { ...apple, key: '' }]);
    expect(importQueries([], damaged)).toMatchObject({
      follows: [apple],
      problems: ['1 follow in the file was not valid and not imported.'],
    });
  });

  it('imports an export into an empty list, then skips every entry as a duplicate', () => {
    const text = exportQueries([
      savedQuery(),
      savedQuery({ id: 'q2', name: 'Two', state: linkState('updates', '2') }),
    ]);
    const first = importQueries([], text);
    expect(first).toMatchObject({ added: 2, skippedDuplicates: 0, renamed: [], problems: [] });
    expect(names(first.next)).toEqual(['Recent updates', 'Two']);
    const again = importQueries(first.next, text);
    expect(again).toMatchObject({ added: 0, skippedDuplicates: 2, problems: [] });
    expect(again.next).toEqual(first.next);
  });

  it('treats the same module, body and view as a duplicate whatever the name or key order', () => {
    const existing = [savedQuery()];
    const reordered = { ...linkState(), body: { filters: { max_num: '10' }, module: 'updates' } };
    const report = importQueries(
      existing,
      fileOf([savedQuery({ id: 'x', name: 'Other name', state: reordered })]),
    );
    expect(report).toMatchObject({ added: 0, skippedDuplicates: 1 });
    // A different view is a different saved query.
    const viewed = { ...linkState(), view: { mode: 'chart' as const } };
    expect(importQueries(existing, fileOf([savedQuery({ state: viewed })])).added).toBe(1);
  });

  it('imports a same-name query with other content under a unique name, with a fresh id', () => {
    const existing = [savedQuery()];
    const report = importQueries(
      existing,
      fileOf([savedQuery({ state: linkState('updates', '77') })]),
    );
    expect(report.renamed).toEqual([{ from: 'Recent updates', to: 'Recent updates (2)' }]);
    expect(names(report.next)).toEqual(['Recent updates', 'Recent updates (2)']);
    expect(new Set(report.next.map((query) => query.id)).size).toBe(2);
  });

  it('reports each invalid entry by its number and field, and imports the rest', () => {
    const report = importQueries(
      [],
      fileOf([
        savedQuery({ id: 'a', name: '' }),
        savedQuery({ id: 'b', name: 'Good', state: linkState('updates', '4') }),
        { ...savedQuery({ id: 'c' }), state: { ...linkState(), module: 'nowhere' } },
        {
          ...savedQuery({ id: 'd', name: 'Leaky' }),
          state: { ...linkState(), body: { module: 'updates', password: 'pw' } },
        },
      ]),
    );
    expect(names(report.next)).toEqual(['Good']);
    expect(report.added).toBe(1);
    expect(report.problems).toEqual([
      'Query 1 in the file was not imported: name: a name is needed.',
      expect.stringMatching(
        /^Query 3 in the file was not imported: state\.module: expected 13f_holdings or /,
      ),
      'Query 4 in the file was not imported: state: a link must never carry a credential.',
    ]);
  });

  it('imports nothing from a file that is not JSON, not an export, or from a newer version', () => {
    const existing = [savedQuery()];
    const cases: [string, string][] = [
      [
        '{"format": "marketplace-saved-queries", ',
        'This file is not JSON, so nothing was imported.',
      ],
      [JSON.stringify([savedQuery()]), 'This file is not a saved-queries export'],
      [fileOf([], { format: 'something-else' }), 'This file is not a saved-queries export'],
      [fileOf([savedQuery()], { version: 2 }), 'This export is version 2'],
    ];
    for (const [text, problem] of cases) {
      const report = importQueries(existing, text);
      expect(report.next).toBe(existing);
      expect(report.added).toBe(0);
      expect(report.problems).toEqual([expect.stringContaining(problem)]);
    }
  });

  it('never throws, even on a pathologically nested file', () => {
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const report = importQueries(
      [],
      fileOf([
        {
          ...savedQuery(),
          state: { ...linkState(), body: { module: 'updates', x: 'PLACEHOLDER' } },
        },
      ]).replace('"PLACEHOLDER"', nested),
    );
    expect(report.added).toBe(0);
    expect(report.problems).toEqual(['This file could not be read, so nothing was imported.']);
  });
});

describe('a view across managers as a saved query', () => {
  const quarter = savedAnalysisOf({
    view: 'quarter',
    search: { v: 1, period: '2025-12-31', managers: ['LONE PINE CAPITAL LLC'] },
  });

  it('is saved, exported and imported back, then skipped as a duplicate', () => {
    const saved = addQuery([], { name: 'Lone Pine, Q4', state: quarter }, { now: NOW });
    expect(saved.ok && saved.saved?.state).toEqual(quarter);
    const file = exportQueries(saved.ok ? saved.next : [], NOW);
    const imported = importQueries([], file);
    expect(imported.added).toBe(1);
    expect(imported.next[0]?.state).toEqual(quarter);
    expect(importQueries(imported.next, file).skippedDuplicates).toBe(1);
  });

  it('is refused with the field named when its search is not valid', () => {
    const bad = savedAnalysisOf({ view: 'security', search: { cusip: 'AAPL' } });
    const refused = addQuery([], { name: 'Apple', state: bad });
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.message).toMatch(/CUSIP is nine letters or digits/);
  });

  it('is summed up in words', () => {
    expect(summarizeQuery(quarter)).toBe('The quarter across managers · 1 manager · Dec 31, 2025');
  });
});
