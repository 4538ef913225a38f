import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG, findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { fetchAllRows } from './query-api.ts';

/** The rows read to find a field's values: enough for the demo, bounded for a full quarter. */
export const FIELD_VALUE_ROWS = 25_000;
/** A session's lists are fetched once and kept while it lasts. */
const SESSION = 60 * 60_000;
const PAGE = 5000;

/** The distinct text values of `rows`' `field`, sorted. */
function distinctValues(rows: readonly Record<string, unknown>[], field: string): string[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = row[field];
    if (typeof value === 'string' && value.trim() !== '') values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}

/**
 * The values a field takes, for a pick-list: the interface's own list when the catalog fixes one,
 * else those found in the first FIELD_VALUE_ROWS rows of the module, asked for that field alone
 * and sorted by it. `complete` says whether every row was read.
 */
function fieldValuesOptions(module: ModuleId, field: string | null) {
  const definition = field === null ? undefined : findField(module, field);
  return queryOptions({
    queryKey: ['field-values', module, field, definition],
    queryFn: async ({ signal }): Promise<{ values: string[]; complete: boolean }> => {
      if (!definition) return { values: [], complete: true };
      if (definition.values) return { values: [...definition.values], complete: true };
      const body = {
        module,
        filters: { fields: [definition.name], order_by: `${definition.name}:ASC` },
      };
      // Bounded: a full SEC quarter's field is not read whole; the editor says when it is not.
      const rows = await fetchAllRows(body, {
        signal,
        pageSize: PAGE,
        limit: FIELD_VALUE_ROWS,
        total: FIELD_VALUE_ROWS,
      });
      const complete = rows.length < FIELD_VALUE_ROWS;
      return { values: distinctValues(rows, definition.name), complete };
    },
    enabled: definition?.values !== undefined || definition?.picklist === true,
    staleTime: SESSION,
    gcTime: SESSION,
    retry: false,
  });
}

/**
 * A field's pick-list values (undefined until known, or for a field with none). `wanted: false`
 * reads nothing yet (a view that needs the list only in some states).
 */
export function useFieldValues(module: ModuleId, field: string, wanted = true) {
  const known = CATALOG[module].fields.some((entry) => entry.name === field);
  const options = fieldValuesOptions(module, known ? field : null);
  return useQuery({ ...options, enabled: wanted && options.enabled }).data;
}
