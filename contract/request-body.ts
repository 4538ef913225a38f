/**
 * A query body as the dashboard sends it, and the few reads and edits the app makes of it. The
 * builder keeps anything it cannot edit verbatim, and a link's body runs as written, so the body
 * sent is not known to match `queryBodySchema`: the service is the judge. The type therefore
 * names the contract's keys (a typo fails to compile) but holds their values as `unknown`, and
 * every read here checks what it finds instead of trusting a cast.
 */
import { isPlainObject } from './query.ts';
import type { QueryBody, QueryFilters } from './query.ts';

/** The keys of a contract object, each holding whatever was written there. */
type AsWritten<T> = { readonly [K in keyof T]?: unknown };

/** The `filters` object of a body as written: the contract's keys, plus any kept verbatim. */
export type QueryRequestFilters = AsWritten<QueryFilters> & { readonly [key: string]: unknown };

/**
 * A query body as sent: a module, the contract's other keys as written, and any extra keys a
 * pasted body carries (kept verbatim). Every `QueryBody` is one.
 */
export type QueryRequestBody = AsWritten<Omit<QueryBody, 'module'>> & {
  readonly module: string;
  readonly [key: string]: unknown;
};

/** Any JSON object read as a body: a request body, or a link's body before it is one. */
type AnyBody = Readonly<Record<string, unknown>>;

/** A JSON object that names a module (a link's or the builder's body) as a request body. */
export function requestBody(
  module: string,
  body: Readonly<Record<string, unknown>>,
): QueryRequestBody {
  // Spreading keeps the keys' order (an existing `module` keeps its place) and own "__proto__"
  // keys as plain data, so the body sent is the body written.
  return { ...body, module };
}

/** The body's `filters` when it is an object; `{}` when absent or not an object. */
export function filtersOf(body: AnyBody): QueryRequestFilters {
  return isPlainObject(body.filters) ? body.filters : {};
}

/**
 * The body with `parts` written into its `filters` (created when absent). Filters that are
 * present but not an object (a pasted body may hold anything) are left for the service to
 * refuse: writing paging into them, or replacing them, would run the query without its filter.
 */
function withFilterParts(
  body: QueryRequestBody,
  parts: Readonly<Record<string, string | readonly string[]>>,
): QueryRequestBody {
  if (body.filters !== undefined && !isPlainObject(body.filters)) return body;
  return { ...body, filters: { ...filtersOf(body), ...parts } };
}

/** The body asking for at most `maxNum` rows (`max_num` as the service's numeric string). */
export function withMaxNum(body: QueryRequestBody, maxNum: number): QueryRequestBody {
  return withFilterParts(body, { max_num: String(maxNum) });
}

/** The body starting at row `offset`. */
export function withOffset(body: QueryRequestBody, offset: number): QueryRequestBody {
  return withFilterParts(body, { offset: String(offset) });
}

/** One page of the body's rows: `maxNum` rows from row `offset`. */
export function withPage(body: QueryRequestBody, offset: number, maxNum: number): QueryRequestBody {
  return withFilterParts(body, { max_num: String(maxNum), offset: String(offset) });
}

/** The body asking for these fields only (the same rows, in the same order). */
export function withFields(body: QueryRequestBody, fields: readonly string[]): QueryRequestBody {
  return withFilterParts(body, { fields });
}

/** The row the body starts at: its `offset` read as a number, 0 when it names none. */
export function offsetOf(body: AnyBody): number {
  return Number(filtersOf(body).offset ?? 0);
}

/** The fields a body asks for by name, or undefined when it names none (the module's defaults). */
export function fieldsOf(body: AnyBody): string[] | undefined {
  const { fields } = filtersOf(body);
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  return fields.filter((name): name is string => typeof name === 'string');
}

/** The body's `order_by` text, or undefined when it has none (or not as text). */
export function orderByOf(body: AnyBody): string | undefined {
  const orderBy = filtersOf(body).order_by;
  return typeof orderBy === 'string' ? orderBy : undefined;
}

/**
 * The count request for a body: the same module and filter, nothing else. Filters that are not
 * an object go along as written, so the count fails as the rows would instead of counting
 * every record.
 */
export function countBodyFor(body: QueryRequestBody): QueryRequestBody {
  const count = { module: body.module, count_only: true };
  if (body.filters !== undefined && !isPlainObject(body.filters)) {
    return { ...count, filters: body.filters };
  }
  const { filter } = filtersOf(body);
  return filter === undefined ? count : { ...count, filters: { filter } };
}

/** JSON.stringify as it is: undefined for undefined (its type says string). */
const jsonText: (value: unknown) => string | undefined = JSON.stringify;

/** `value` as JSON with every object's keys sorted: the same text for the same query. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    // As JSON.stringify does, a key holding undefined is not written.
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return jsonText(value) ?? 'null';
}

/**
 * True when two bodies ask the same: equal values, whatever the order of their keys (an edit
 * such as `withMaxNum` may add a key at the end, where the builder writes it in the middle).
 */
export function sameQueryBody(a: QueryRequestBody, b: QueryRequestBody): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
