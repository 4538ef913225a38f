/** The columns that say whose and when a row is: added to the table when needed, to every export. */
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { ResultColumn } from './result-column.ts';

/** A returned field as a column, labelled as the catalog knows it. */
export function resultColumn(module: ModuleId, id: string): ResultColumn {
  const field = findField(module, id);
  return { id, label: field?.label ?? id, field };
}

/**
 * `columns` led by the scope's `fields` they lack (the query did not ask for them, or the table
 * hides them), so whose and when come first, as a reader looks for them.
 */
export function withScopeColumns(
  module: ModuleId,
  columns: readonly ResultColumn[],
  fields: readonly string[],
): ResultColumn[] {
  const missing = fields.filter((id) => !columns.some((column) => column.id === id));
  return [...missing.map((id) => resultColumn(module, id)), ...columns];
}

/**
 * `rows` (some of `basis`) as the same rows of `scoped`, which is `basis` with the scope filled
 * in, row for row: the rows ticked or shown by the chart filter, each with its filer and period.
 */
export function sameRowsIn(
  rows: readonly ServiceRecord[],
  basis: readonly ServiceRecord[],
  scoped: readonly ServiceRecord[],
): readonly ServiceRecord[] {
  if (scoped === basis) return rows;
  const filled = new Map(basis.map((row, index) => [row, scoped[index] ?? row]));
  return rows.map((row) => filled.get(row) ?? row);
}
