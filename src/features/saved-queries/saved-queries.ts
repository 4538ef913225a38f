/**
 * Saved queries: workspace states kept under a name in the browser's `localStorage`, per user
 * (their export file: saved-queries-file.ts). Only query state is kept (a `WorkspaceLink`, whose schema refuses
 * credential-named keys), never a token or a password. The model functions are pure and never
 * throw; `SavedQueriesStore` is the one place that touches storage.
 */
import { z } from 'zod/mini';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { savedAnalysisSchema } from '../../lib/url-state/analysis-links.ts';
import type { SavedAnalysis } from '../../lib/url-state/analysis-links.ts';
import { workspaceLinkSchema } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';

/** The longest name a saved query may have. */
const MAX_NAME_CHARACTERS = 120;
const nameSchema = z.string({ error: 'the name must be text' }).check(
  z.trim(),
  z.minLength(1, { error: 'a name is needed' }),
  z.maxLength(MAX_NAME_CHARACTERS, {
    error: `a name is at most ${MAX_NAME_CHARACTERS} characters`,
  }),
);

/** One saved query. */
export const savedQuerySchema = z.object({
  id: z.string().check(z.minLength(1, { error: 'an id is needed' })),
  name: nameSchema,
  savedAt: z.iso.datetime({
    error: 'savedAt must be an ISO date-time such as 2025-01-31T09:00:00Z',
  }),
  // A workspace query, or a view across managers, which has no body.
  state: z.union([workspaceLinkSchema, savedAnalysisSchema]),
});

/** One saved query: a name, when it was saved, and the workspace state to open. */
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** What a saved query keeps: a workspace state or a view across managers. */
export type SavedState = WorkspaceLink | SavedAnalysis;

/** Whether a saved state is a view across managers. */
export function isSavedAnalysis(state: SavedState): state is SavedAnalysis {
  return 'analysis' in state;
}

/** The outcome of a change: the new list, or a sentence for the analyst saying why not. */
export type Change =
  | { readonly ok: true; readonly next: readonly SavedQuery[]; readonly saved?: SavedQuery }
  | {
      readonly ok: false;
      readonly message: string;
      /** Set when the name is at fault (missing, too long, or taken: then `clash`). */
      readonly field?: 'name';
      readonly clash?: SavedQuery;
    };

/** zod/mini carries no English messages ("Invalid input"), so the common cases are worded here. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    // A state is a workspace query (with a body) or a view (with `analysis`): say what is wrong
    // with the kind it is, not that it is neither.
    const kind =
      issue.errors.find(
        (branch) =>
          !branch.some(
            (inner) =>
              inner.code === 'invalid_type' &&
              inner.path.length === 1 &&
              (inner.path[0] === 'body' || inner.path[0] === 'analysis'),
          ),
      ) ?? issue.errors[0];
    const [first] = kind ?? [];
    if (first) return describeIssue({ ...first, path: [...issue.path, ...first.path] });
  }
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'entry';
  let what = issue.message;
  if (what === 'Invalid input') {
    if (issue.code === 'invalid_type') what = `expected ${issue.expected}`;
    else if (issue.code === 'invalid_value') what = `expected ${issue.values.join(' or ')}`;
    else if (issue.code === 'unrecognized_keys') what = `unexpected ${issue.keys.join(', ')}`;
    else what = 'not valid';
  }
  return `${where}: ${what}`;
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** The saved query of `module` called `name` (case and outer spaces aside), if any. */
function findNameClash(
  list: readonly SavedQuery[],
  module: ModuleId,
  name: string,
  exceptId?: string,
): SavedQuery | undefined {
  return list.find(
    (query) => query.state.module === module && query.id !== exceptId && sameName(query.name, name),
  );
}

/** `name`, or the first of "name (2)", "name (3)"… no saved query of `module` has yet. */
export function uniqueName(list: readonly SavedQuery[], module: ModuleId, name: string): string {
  const base = name.trim();
  if (!findNameClash(list, module, base)) return base;
  for (let copy = 2; ; copy += 1) {
    const suffix = ` (${copy})`;
    const candidate = base.slice(0, MAX_NAME_CHARACTERS - suffix.length).trimEnd() + suffix;
    if (!findNameClash(list, module, candidate)) return candidate;
  }
}

/** A fresh id; `getRandomValues`, unlike `randomUUID`, works on plain-http deployments too. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function nameProblem(name: string): string | undefined {
  const checked = nameSchema.safeParse(name);
  if (checked.success) return undefined;
  const message = checked.error.issues[0]?.message ?? 'the name is not valid';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

function clashMessage(clash: SavedQuery): string {
  return `A saved ${CATALOG[clash.state.module].label} query is already called "${clash.name}".`;
}

/**
 * Saves `state` as `name`. When the module already has a query of that name, `onClash` decides:
 * `refuse` (the default) answers with the clash for the caller to ask about, `replace` overwrites
 * it in place, `keep-both` saves this one as "name (2)".
 */
export function addQuery(
  list: readonly SavedQuery[],
  draft: { readonly name: string; readonly state: SavedState },
  options: { readonly onClash?: 'refuse' | 'replace' | 'keep-both'; readonly now?: Date } = {},
): Change {
  const problem = nameProblem(draft.name);
  if (problem) return { ok: false, message: problem, field: 'name' };
  const clash = findNameClash(list, draft.state.module, draft.name);
  const onClash = options.onClash ?? 'refuse';
  if (clash && onClash === 'refuse')
    return { ok: false, message: clashMessage(clash), field: 'name', clash };
  const name =
    clash && onClash === 'keep-both'
      ? uniqueName(list, draft.state.module, draft.name)
      : draft.name.trim();
  const checked = savedQuerySchema.safeParse({
    id: newId(),
    name,
    savedAt: (options.now ?? new Date()).toISOString(),
    // Through JSON, as storage will hold it: what is saved is what will be read back.
    state: JSON.parse(JSON.stringify(draft.state)) as unknown,
  });
  if (!checked.success) {
    const [issue] = checked.error.issues;
    return {
      ok: false,
      message: `This query cannot be saved: ${issue ? describeIssue(issue) : 'not valid'}.`,
    };
  }
  const saved = checked.data;
  if (clash && onClash === 'replace') {
    return { ok: true, saved, next: list.map((query) => (query.id === clash.id ? saved : query)) };
  }
  return { ok: true, saved, next: [...list, saved] };
}

/** Renames a saved query; an empty name or another query's of the same module is refused. */
export function renameQuery(list: readonly SavedQuery[], id: string, name: string): Change {
  const query = list.find((candidate) => candidate.id === id);
  if (!query) return { ok: false, message: 'This saved query no longer exists.' };
  const problem = nameProblem(name);
  if (problem) return { ok: false, message: problem, field: 'name' };
  const clash = findNameClash(list, query.state.module, name, id);
  if (clash) return { ok: false, message: clashMessage(clash), field: 'name', clash };
  const renamed = { ...query, name: name.trim() };
  return { ok: true, saved: renamed, next: list.map((item) => (item.id === id ? renamed : item)) };
}

/** The list without the query `id`. */
export function removeQuery(list: readonly SavedQuery[], id: string): readonly SavedQuery[] {
  return list.filter((query) => query.id !== id);
}

/** Puts a removed query back at `index` (for Undo); a query still there is left alone. */
export function restoreQuery(
  list: readonly SavedQuery[],
  query: SavedQuery,
  index: number,
): readonly SavedQuery[] {
  if (list.some((item) => item.id === query.id)) return list;
  return [...list.slice(0, index), query, ...list.slice(index)];
}

function sortKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** The query's identity for duplicates: module, body and view, whatever the key order. */
export function contentKey(state: SavedState): string {
  if (isSavedAnalysis(state)) return JSON.stringify([state.module, state.analysis], sortKeys);
  return JSON.stringify([state.module, state.body, state.view ?? null], sortKeys);
}
