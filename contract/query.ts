/**
 * The query request body, as sent to `POST /index.php/api/service`: zod schemas for its wire
 * form, shared by the builder, the fetch layer and the server. Written with zod's tree-shakable
 * "mini" API like the rest of the contract, so the browser ships only the parts it uses.
 */
import { z } from 'zod/mini';
import { QUERY_LIMITS, quotedName } from './limits.ts';
import { isOperator, OPERATORS } from './operators.ts';

export { QUERY_LIMITS, quotedName };

/** A field condition: `{ "<field>": { "<operator>": value } }`. */
type WireFieldCondition = Record<string, Record<string, unknown>>;
/** A logical group: `{ "$and": [...] }` or `{ "$or": [...] }`. */
type WireGroup = { $and: WireFilterNode[] } | { $or: WireFilterNode[] };
/** One element of `filters.filter`: a field condition or a group. */
export type WireFilterNode = WireGroup | WireFieldCondition;

/** True for a JSON object (not null, not an array): a body, its `filters`, a filter node. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNode(
  node: unknown,
  ctx: z.core.$RefinementCtx,
  path: (string | number)[],
  depth: number,
  counter: { conditions: number },
): void {
  const fail = (message: string, params: Record<string, string> = {}) => {
    ctx.addIssue({
      code: 'custom',
      message,
      path,
      params: { error: 'invalid_request', ...params },
    });
  };
  if (!isPlainObject(node)) {
    fail('a condition must be an object like {"<field>": {"<operator>": value}}');
    return;
  }
  const keys = Object.keys(node);
  const [key] = keys;
  if (key === undefined || keys.length !== 1) {
    fail(`a condition must have exactly one key, found ${keys.length}: use $and to combine`);
    return;
  }
  const inner = node[key];
  if (key.length > QUERY_LIMITS.maxNameLength) {
    fail(`field names are at most ${QUERY_LIMITS.maxNameLength} characters`, {
      field: quotedName(key),
    });
    return;
  }
  if (key === '$and' || key === '$or') {
    if (depth > QUERY_LIMITS.maxDepth) {
      fail(`groups are nested deeper than ${QUERY_LIMITS.maxDepth} levels`, {
        error: 'too_complex',
      });
      return;
    }
    if (!Array.isArray(inner) || inner.length === 0) {
      fail(`${key} must hold a non-empty array of conditions`);
      return;
    }
    inner.forEach((child, index) => {
      checkNode(child, ctx, [...path, key, index], depth + 1, counter);
    });
    return;
  }
  if (key.startsWith('$')) {
    fail(`unknown group "${key}": use $and or $or`, { error: 'unknown_operator', operator: key });
    return;
  }
  counter.conditions += 1;
  if (counter.conditions === QUERY_LIMITS.maxConditions + 1) {
    fail(`more than ${QUERY_LIMITS.maxConditions} conditions`, { error: 'too_complex' });
  }
  const operators = isPlainObject(inner) ? Object.keys(inner) : [];
  const [operator] = operators;
  if (operator === undefined || operators.length !== 1) {
    fail(`field "${key}" needs exactly one operator object like {"$equals": value}`, {
      field: key,
    });
    return;
  }
  if (operator.length > QUERY_LIMITS.maxNameLength) {
    fail(`the operator on field "${key}" is longer than any operator`, { field: key });
    return;
  }
  if (!isOperator(operator)) {
    fail(`unknown operator "${operator}" on field "${key}"; use one of ${OPERATORS.join(', ')}`, {
      error: 'unknown_operator',
      field: key,
      operator,
    });
  }
}

/** `filters.filter`: conditions and nested groups, checked for shape, depth and size. */
export const filterListSchema = z.pipe(
  z.array(z.unknown()).check(
    z.superRefine((nodes, ctx) => {
      const counter = { conditions: 0 };
      nodes.forEach((node, index) => {
        checkNode(node, ctx, [index], 1, counter);
      });
    }),
  ),
  z.transform((nodes) => nodes as WireFilterNode[]),
);

/** `count_only`: JSON `true` or `"1"` to count; `false` or `"0"` to list. */
export const countOnlySchema = z.union([z.boolean(), z.enum(['1', '0'])], {
  error: 'count_only must be true, false, "1" or "0"',
});

const MAX_NUM_MESSAGE =
  'max_num must be a whole number of rows (as a string or number), or "-1" for no limit';

/** `max_num`: a numeric string or number; `"-1"` means no limit. */
export const maxNumSchema = z.union(
  [
    z.int(MAX_NUM_MESSAGE).check(z.minimum(-1, MAX_NUM_MESSAGE)),
    z.string().check(z.regex(/^(?:-1|\d{1,15})$/, MAX_NUM_MESSAGE)),
  ],
  { error: MAX_NUM_MESSAGE },
);

const OFFSET_MESSAGE = `offset must be a whole number of rows to skip, at most ${QUERY_LIMITS.maxOffset} (as a string or number)`;

/** `offset`: rows to skip, a numeric string or number, at most `QUERY_LIMITS.maxOffset`. */
export const offsetSchema = z.union(
  [
    z
      .int(OFFSET_MESSAGE)
      .check(z.minimum(0, OFFSET_MESSAGE), z.maximum(QUERY_LIMITS.maxOffset, OFFSET_MESSAGE)),
    z.string().check(
      z.regex(/^\d{1,15}$/, OFFSET_MESSAGE),
      z.refine((text) => Number(text) <= QUERY_LIMITS.maxOffset, OFFSET_MESSAGE),
    ),
  ],
  { error: OFFSET_MESSAGE },
);

// Applied to a trimmed key: no two blank runs can compete for the same text, so matching stays
// linear (the former pattern backtracked quadratically on blanks followed by junk).
const ORDER_TERM = /^([A-Za-z0-9_]+)(?:\s*:\s*(ASC|DESC)|\s+(asc|desc))?$/i;

/** Longest sort key read: a longest name, a colon or blanks, and a direction, with some slack. */
const MAX_ORDER_TERM_CHARS = QUERY_LIMITS.maxNameLength + 16;

/** One sort key of `order_by`. */
export interface OrderTerm {
  readonly field: string;
  readonly direction: 'ASC' | 'DESC';
}

/**
 * Parses `order_by` written `f:ASC`, `f:DESC`, `f asc`, `f desc` or `f`. Several keys may be
 * separated by commas (our extension). Returns undefined when the text is not of that form.
 */
export function parseOrderBy(text: string): OrderTerm[] | undefined {
  const terms: OrderTerm[] = [];
  for (const part of text.split(',')) {
    const match = ORDER_TERM.exec(part.trim());
    const field = match?.[1];
    if (!match || field === undefined) return undefined;
    const direction = (match[2] ?? match[3] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
    terms.push({ field, direction });
  }
  return terms;
}

/** Why `order_by` is refused: the schema's issue and the builder's message come from it. */
export interface OrderByProblem {
  /** What is wrong: too many keys, a key too long, unreadable text, or a field sorted on twice. */
  readonly kind: 'keys' | 'length' | 'syntax' | 'repeat';
  readonly error: 'invalid_request' | 'too_complex';
  readonly message: string;
  readonly field?: string;
}

const ORDER_BY_SYNTAX =
  'order_by must be written "field:ASC", "field:DESC", "field asc", "field desc" or "field"';

/**
 * Why `order_by` text would be refused, or undefined: sizes first (cheap, and they bound the
 * parse), then the syntax, then each field at most once (a repeated key only costs DuckDB).
 */
export function orderByProblem(text: string): OrderByProblem | undefined {
  const parts = text.split(',');
  if (parts.length > QUERY_LIMITS.maxOrderKeys) {
    return {
      kind: 'keys',
      error: 'too_complex',
      message: `order_by may have at most ${QUERY_LIMITS.maxOrderKeys} sort keys, found ${parts.length}`,
    };
  }
  if (parts.some((part) => part.length > MAX_ORDER_TERM_CHARS)) {
    return {
      kind: 'length',
      error: 'invalid_request',
      message: `a sort key in order_by is too long (at most ${MAX_ORDER_TERM_CHARS} characters)`,
    };
  }
  const terms = parseOrderBy(text);
  if (!terms) return { kind: 'syntax', error: 'invalid_request', message: ORDER_BY_SYNTAX };
  const seen = new Set<string>();
  for (const { field } of terms) {
    if (seen.has(field)) {
      return {
        kind: 'repeat',
        error: 'invalid_request',
        message: `order_by sorts on "${field}" more than once; sort on each field once`,
        field,
      };
    }
    seen.add(field);
  }
  return undefined;
}

/** `order_by`: `f:ASC`, `f:DESC`, `f asc`, `f desc` or `f`, comma-separated, bounded. */
const orderBySchema = z.string().check(
  z.superRefine((text, ctx) => {
    const problem = orderByProblem(text);
    if (!problem) return;
    const { message, error, field } = problem;
    ctx.addIssue({
      code: 'custom',
      message,
      params: field === undefined ? { error } : { error, field },
    });
  }),
);

const FIELDS_MESSAGE = 'fields must be an array of field names';

/** `filters.fields`: names to return, bounded in number and length. */
const fieldsSchema = z
  .array(
    z
      .string({ error: FIELDS_MESSAGE })
      .check(
        z.maxLength(
          QUERY_LIMITS.maxNameLength,
          `field names are at most ${QUERY_LIMITS.maxNameLength} characters`,
        ),
      ),
    { error: FIELDS_MESSAGE },
  )
  .check(
    z.refine((names) => names.length <= QUERY_LIMITS.maxFields, {
      error: `fields may name at most ${QUERY_LIMITS.maxFields} fields`,
      params: { error: 'too_complex' },
    }),
  );

/** The `filters` object of a query. */
const queryFiltersSchema = z.strictObject({
  fields: z.optional(fieldsSchema),
  filter: z.optional(filterListSchema),
  order_by: z.optional(orderBySchema),
  max_num: z.optional(maxNumSchema),
  offset: z.optional(offsetSchema),
});

/** The body of a query request. */
export const queryBodySchema = z.strictObject({
  module: z
    .string({ error: 'module is required: name one of the six modules' })
    .check(z.maxLength(QUERY_LIMITS.maxNameLength, 'no module has so long a name')),
  count_only: z.optional(countOnlySchema),
  filters: z.optional(queryFiltersSchema),
});

/** A query request body as sent on the wire. */
export type QueryBody = z.infer<typeof queryBodySchema>;
/** The `filters` object of a query request body. */
export type QueryFilters = z.infer<typeof queryFiltersSchema>;
