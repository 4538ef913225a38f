/** The table's column and row-note types, shared by the table, its hooks, toolbar and export. */
import type { FieldDefinition } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';

/** One column of the results: a returned field, described by the catalog when it knows it. */
export interface ResultColumn {
  readonly id: string;
  readonly label: string;
  readonly field: FieldDefinition | undefined;
}

/** Notes on rows (data-quality flags), by row identity: each a sentence an analyst reads. */
export type RowNotes = ReadonlyMap<ServiceRecord, readonly string[]>;

/** Computes the notes of any rows of a result (the page or every matching row) for an export. */
export type RowNotesLoader = (rows: readonly ServiceRecord[]) => Promise<RowNotes>;
