/** The table's column and row-note types, shared by the table, its hooks, toolbar and export. */
import type { FieldDefinition } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';

/** One column of the results: a returned field, described by the catalog when it knows it. */
export interface ResultColumn {
  readonly id: string;
  readonly label: string;
  readonly field: FieldDefinition | undefined;
  /** One of the module's columns read first (column-priority.ts): they are fitted to the frame. */
  readonly readFirst?: boolean | undefined;
}

/** Notes on rows (data-quality flags), by row identity: each a sentence an analyst reads. */
export type RowNotes = ReadonlyMap<ServiceRecord, readonly string[]>;

/** Computes the notes of any rows of a result (the page or every matching row) for an export. */
export type RowNotesLoader = (rows: readonly ServiceRecord[]) => Promise<RowNotes>;

/**
 * The fields that say whose and when a row is (13F: filer and period), for a module whose rows
 * mean little without them: the table adds them when `inTable`, and every export carries them.
 */
export interface ScopeColumns {
  /** The fields, in the order they lead an export whose columns lack them. */
  readonly fields: readonly string[];
  /** Whether the table shows them even when the query does not ask for them. */
  readonly inTable: boolean;
  /**
   * `rows` of the query `body` with the fields filled in, in the same order, and the parts of a
   * file name that say what they hold (undefined: the module-and-time name).
   */
  readonly load: (
    rows: readonly ServiceRecord[],
    body: QueryRequestBody,
  ) => Promise<{
    readonly rows: readonly ServiceRecord[];
    readonly nameParts: readonly string[] | undefined;
  }>;
}
