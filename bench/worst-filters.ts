/**
 * The heaviest query body the validator accepts on 13F holdings (bench/worst-query.bench.ts times
 * it alone; bench/fairness.bench.ts runs it as the load one login puts on the server).
 */
import { CATALOG } from '#contract/catalog';
import { QUERY_LIMITS } from '#contract/query';
import { loadConfig } from '../server/config.ts';

export const MODULE = '13f_holdings';
const rowCap = String(loadConfig({}).ROW_CAP);

const fields = CATALOG[MODULE].fields;
const text = fields.filter((field) => field.kind === 'text').map((field) => field.name);

/** `length` characters that occur in no row, different for each condition. */
function filler(length: number, seed: number): string {
  return `~${String(seed)}~`.padEnd(length, 'qzx');
}

/**
 * The heaviest filter: groups nested to the limit, holding an $or whose conditions match no row
 * until the last, so every row is tested against all of them.
 */
function worstFilter(): unknown[] {
  const conditions: unknown[] = Array.from({ length: QUERY_LIMITS.maxConditions - 1 }, (_, i) => {
    const field = text[i % text.length] ?? 'name';
    return i % 2 === 0
      ? { [field]: { $contains: filler(QUERY_LIMITS.maxContainsLength, i) } }
      : { [field]: { $equals: filler(QUERY_LIMITS.maxValueLength, i) } };
  });
  let node: unknown = { $or: [...conditions, { name: { $not_null: '' } }] };
  for (let depth = 1; depth < QUERY_LIMITS.maxDepth; depth += 1) node = { $and: [node] };
  return [node];
}

export function worstFilters(offset: number) {
  return {
    fields: Array.from(
      { length: QUERY_LIMITS.maxFields },
      (_, i) => fields[i % fields.length]?.name,
    ),
    filter: worstFilter(),
    order_by: text
      .slice(-QUERY_LIMITS.maxOrderKeys)
      .map((name) => `${name}:DESC`)
      .join(','),
    max_num: rowCap,
    offset: String(offset),
  };
}
