/**
 * Limits the embedded service enforces on one query; the builder shows them too. Every size a
 * request controls is bounded here, so no body under the 1 MB cap can make DuckDB plan or sort
 * without bound (20,000 repeated sort keys once took 3.45 GB).
 */
export const QUERY_LIMITS = {
  /** Groups nested deeper than this are refused. */
  maxDepth: 10,
  /** Field conditions counted over the whole tree. */
  maxConditions: 200,
  /** Sort keys in `order_by`: the vendor's form has one, comma-separated keys are ours. */
  maxOrderKeys: 4,
  /** Entries in `filters.fields` (no module has half as many fields). */
  maxFields: 100,
  /** Characters in a module, field or operator name (the longest in the catalog has 32). */
  maxNameLength: 64,
  /** Characters in one value of a condition. */
  maxValueLength: 1000,
  /** Values in one `$in` list: each is a bound parameter, and the list a distinct SQL text. */
  maxInValues: 100,
  /** Characters in a `$contains` pattern, searched for in every row. */
  maxContainsLength: 200,
  /** Rows `offset` may skip: far beyond any module, small enough for DuckDB's top-N. */
  maxOffset: 100_000_000,
} as const;

/** A name as an error message may quote it: whole when it is short, cut when it is not. */
export function quotedName(name: string): string {
  return name.length > QUERY_LIMITS.maxNameLength
    ? `${name.slice(0, QUERY_LIMITS.maxNameLength)}…`
    : name;
}
