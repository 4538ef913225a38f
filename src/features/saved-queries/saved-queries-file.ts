/**
 * The saved queries' export file: the queries and the analyst's follows, written as JSON and read
 * back entry by entry (one bad entry spoils none). Pure; never throws.
 */
import { z } from 'zod/mini';
import { localFileStamp } from '../../lib/format/download.ts';
import { followSchema, readFollows } from '../../lib/follows/follows-store.ts';
import type { Follow } from '../../lib/follows/follows-store.ts';
import { contentKey, describeIssue, newId, savedQuerySchema, uniqueName } from './saved-queries.ts';
import type { SavedQuery } from './saved-queries.ts';

/** The largest import file read (characters): far beyond any real export, short of a stall. */
export const MAX_IMPORT_CHARACTERS = 5_000_000;
/** The export file's `format`, so a stray JSON file is told apart from an export. */
const EXPORT_FORMAT = 'marketplace-saved-queries';

/** The export file, entries unchecked: each is judged on its own so one bad entry spoils none. */
const exportEnvelopeSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number(),
  queries: z.array(z.unknown()),
  // Optional, so files from before follows travelled still read as version 1 (and an older
  // dashboard, whose object schema drops unknown keys, still reads a newer file's queries).
  follows: z.optional(z.array(z.unknown())),
});

/** The export file as written by `exportQueries`: the envelope, with every entry checked. */
export const savedQueriesFileSchema = z.extend(exportEnvelopeSchema, {
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  queries: z.array(savedQuerySchema),
  follows: z.optional(z.array(followSchema)),
});

/** What an import did. `problems` name the entry (1-based, as people count) and the field. */
export interface ImportReport {
  readonly next: readonly SavedQuery[];
  readonly added: number;
  readonly skippedDuplicates: number;
  readonly renamed: readonly { readonly from: string; readonly to: string }[];
  readonly problems: readonly string[];
  /** The file's well-formed follows, for the follows store to merge (not yet merged). */
  readonly follows: readonly Follow[];
}

/** The export file's text for `list` and the analyst's `follows` (the stars travel with it). */
export function exportQueries(
  list: readonly SavedQuery[],
  now = new Date(),
  follows: readonly Follow[] = [],
): string {
  const file = {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    queries: list,
    follows,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** `saved-queries-and-follows-YYYY-MM-DD.json`, dated in the analyst's time zone. */
export function exportFileName(now = new Date()): string {
  return `saved-queries-and-follows-${localFileStamp(now).date}.json`;
}

function refused(existing: readonly SavedQuery[], problem: string): ImportReport {
  return {
    next: existing,
    added: 0,
    skippedDuplicates: 0,
    renamed: [],
    problems: [problem],
    follows: [],
  };
}

/** The file's follows that are well formed, and a sentence for those that are not. */
function importedFollows(entries: readonly unknown[]): { follows: Follow[]; problem?: string } {
  // All of the file's: the store says how many did not fit its list.
  const follows = readFollows(entries, Infinity);
  const dropped = entries.filter((entry) => !followSchema.safeParse(entry).success).length;
  if (dropped === 0) return { follows };
  const what =
    dropped === 1 ? '1 follow in the file was' : `${String(dropped)} follows in the file were`;
  return { follows, problem: `${what} not valid and not imported.` };
}

function readImportFile(
  text: string,
): { queries: unknown[]; follows: unknown[] } | { problem: string } {
  if (text.length > MAX_IMPORT_CHARACTERS) {
    return { problem: 'This file is too large to be a saved-queries export.' };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'This file is not JSON, so nothing was imported.' };
  }
  const envelope = exportEnvelopeSchema.safeParse(data);
  if (!envelope.success) {
    return {
      problem: `This file is not a saved-queries export (no "format": "${EXPORT_FORMAT}" with a list of queries), so nothing was imported.`,
    };
  }
  if (envelope.data.version !== 1) {
    return {
      problem: `This export is version ${envelope.data.version}, which this dashboard cannot read; nothing was imported. Reload the page to get the latest version.`,
    };
  }
  return { queries: envelope.data.queries, follows: envelope.data.follows ?? [] };
}

/**
 * Adds an export file's queries to `existing`. An entry whose module, body and view match a
 * query already there (or earlier in the file) is skipped; one whose name is taken in its
 * module is imported as "name (2)"; an invalid entry is reported with its number and field
 * and the rest still imported. A file that is not an export imports nothing. Never throws.
 */
export function importQueries(existing: readonly SavedQuery[], fileText: string): ImportReport {
  try {
    const read = readImportFile(fileText);
    if ('problem' in read) return refused(existing, read.problem);
    const next = [...existing];
    const seen = new Set(existing.map((query) => contentKey(query.state)));
    const ids = new Set(existing.map((query) => query.id));
    const renamed: { from: string; to: string }[] = [];
    const problems: string[] = [];
    const follows = importedFollows(read.follows);
    if (follows.problem !== undefined) problems.push(follows.problem);
    let added = 0;
    let skippedDuplicates = 0;
    read.queries.forEach((entry, index) => {
      const checked = savedQuerySchema.safeParse(entry);
      if (!checked.success) {
        const details = checked.error.issues.map(describeIssue).join('; ');
        problems.push(`Query ${index + 1} in the file was not imported: ${details}.`);
        return;
      }
      const query = checked.data;
      const key = contentKey(query.state);
      if (seen.has(key)) {
        skippedDuplicates += 1;
        return;
      }
      const name = uniqueName(next, query.state.module, query.name);
      if (name !== query.name) renamed.push({ from: query.name, to: name });
      const id = ids.has(query.id) ? newId() : query.id;
      next.push({ ...query, id, name });
      seen.add(key);
      ids.add(id);
      added += 1;
    });
    return { next, added, skippedDuplicates, renamed, problems, follows: follows.follows };
  } catch {
    // Only a pathological file gets here (nesting deep enough to exhaust the stack).
    return refused(existing, 'This file could not be read, so nothing was imported.');
  }
}
