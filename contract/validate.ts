/**
 * Semantic validation of a query against the catalog: known module, known fields, operators
 * that suit each field's kind, values of the right type. The server runs it before any SQL and
 * the builder runs it to show inline messages, so both give the same reasons.
 */
import type { z } from 'zod/mini';
import { CATALOG, findField, isServedModuleId } from './catalog.ts';
import type { FieldDefinition, ServedModuleId } from './catalog.ts';
import { isDateRangeName, isOperator, OPERATORS_BY_KIND } from './operators.ts';
import type { DateRangeName, Operator } from './operators.ts';
import { parseOrderBy, QUERY_LIMITS, queryBodySchema, quotedName } from './query.ts';
import type { OrderTerm, QueryBody, WireFilterNode } from './query.ts';
import { boundsInverted, parseScalar } from './values.ts';
import type { ScalarValue } from './values.ts';

/** A validated field condition, its value parsed for the field's kind. */
export type ValidatedCondition = { readonly type: 'condition'; readonly field: FieldDefinition } & (
  | {
      readonly operator: '$equals' | '$not_equals' | '$gt' | '$gte' | '$lt' | '$lte';
      readonly value: ScalarValue;
    }
  | { readonly operator: '$contains'; readonly value: string }
  /** Our extension: equal to any of the values, as `$equals` compares them. */
  | { readonly operator: '$in'; readonly values: readonly ScalarValue[] }
  | { readonly operator: '$between'; readonly lower: ScalarValue; readonly upper: ScalarValue }
  | { readonly operator: '$not_null' }
  | { readonly operator: '$dateRange'; readonly range: DateRangeName }
);

/** A validated `$and`/`$or` group. */
interface ValidatedGroup {
  readonly type: 'group';
  readonly combinator: 'and' | 'or';
  readonly children: readonly ValidatedNode[];
}

/** A node of a validated filter tree. */
export type ValidatedNode = ValidatedCondition | ValidatedGroup;

/** A query ready to run: every name checked against the catalog, every value parsed. */
export interface ValidatedQuery {
  readonly module: ServedModuleId;
  readonly countOnly: boolean;
  /** The fields to return, in order (the module's defaults when none were named). */
  readonly fields: readonly FieldDefinition[];
  /** The top-level conditions, combined with AND. */
  readonly filter: readonly ValidatedNode[];
  readonly orderBy: readonly (OrderTerm & { readonly definition: FieldDefinition })[];
  /** Rows to return; undefined for no limit. */
  readonly maxNum: number | undefined;
  readonly offset: number;
}

/** Why a query was refused: an error code, a sentence, and where in the body. */
export interface QueryProblem {
  readonly error: string;
  readonly message: string;
  /** Dotted path into the body, e.g. `filters.filter.0.$or.1`. */
  readonly path: string;
  readonly field?: string;
  readonly operator?: string;
}

/** The outcome of validating a query. */
export type ValidationResult =
  | { readonly ok: true; readonly query: ValidatedQuery }
  | { readonly ok: false; readonly problem: QueryProblem };

class Refusal extends Error {
  constructor(readonly problem: QueryProblem) {
    super(problem.message);
  }
}

function refuse(problem: QueryProblem): never {
  throw new Refusal(problem);
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Turns the first zod issue into a problem, keeping the code and names the schema attached. */
function problemFromZod(error: z.core.$ZodError): QueryProblem {
  const issue = error.issues[0];
  const params = (issue && 'params' in issue ? issue.params : undefined) as
    Record<string, string> | undefined;
  const path = pathText(issue?.path ?? []);
  const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const message = unknownKey
    ? `unknown key "${quotedName(unknownKey)}"${path ? ` in ${path}` : ''}`
    : `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid request'}`;
  return {
    error: params?.error ?? 'invalid_request',
    message,
    path,
    ...(params?.field === undefined ? {} : { field: params.field }),
    ...(params?.operator === undefined ? {} : { operator: params.operator }),
  };
}

function wholeNumber(raw: string | number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return value === -1 ? undefined : value;
}

function resolveField(module: ServedModuleId, name: string, path: string): FieldDefinition {
  return (
    findField(module, name) ??
    refuse({
      error: 'unknown_field',
      message: `unknown field "${name}" in module ${module}; known fields: ${CATALOG[module].fields
        .map((field) => field.name)
        .join(', ')}`,
      path,
      field: name,
    })
  );
}

/** How a condition parses one value; `which` names it within a list ("value 2: "). */
type ParseOne = (value: unknown, which?: string) => ScalarValue;

/** The values of an `$in` list, each parsed as `$equals` parses its one value. */
function inList(raw: unknown, scalar: ParseOne, badValue: (reason: string) => never) {
  if (!Array.isArray(raw)) return badValue('send an array of values, like ["a", "b"]');
  if (raw.length === 0) return badValue('send at least one value in the array');
  // Each value is a bound parameter and each length its own SQL text: the list is bounded.
  if (raw.length > QUERY_LIMITS.maxInValues) {
    badValue(`send at most ${QUERY_LIMITS.maxInValues} values, found ${raw.length}`);
  }
  // Counted from 1, as people count, so a long list says which value is wrong.
  return raw.map((value: unknown, index) => scalar(value, `value ${index + 1}: `));
}

function validateCondition(
  module: ServedModuleId,
  name: string,
  operator: Operator,
  raw: unknown,
  path: string,
): ValidatedCondition {
  const field = resolveField(module, name, path);
  const named = { path, field: name, operator };
  if (!OPERATORS_BY_KIND[field.kind].includes(operator)) {
    refuse({
      ...named,
      error: 'unsupported_operator',
      message: `operator ${operator} does not apply to field "${name}" (${field.kind}); use one of ${OPERATORS_BY_KIND[field.kind].join(', ')}`,
    });
  }
  const badValue = (reason: string): never =>
    refuse({ ...named, error: 'invalid_value', message: `${name} ${operator}: ${reason}` });
  const scalar: ParseOne = (value, which = '') => {
    if (typeof value === 'string' && value.length > QUERY_LIMITS.maxValueLength) {
      badValue(`${which}values are at most ${QUERY_LIMITS.maxValueLength} characters`);
    }
    const parsed = parseScalar(field.kind, value);
    return parsed.ok ? parsed.value : badValue(`${which}${parsed.reason}`);
  };
  switch (operator) {
    case '$not_null':
      if (raw !== '') badValue('send an empty string "" as the value');
      return { type: 'condition', field, operator };
    case '$dateRange':
      if (!isDateRangeName(raw)) badValue(`${JSON.stringify(raw)} is not a named date range`);
      return { type: 'condition', field, operator, range: raw as DateRangeName };
    case '$contains':
      if (typeof raw !== 'string') badValue('send the text to look for as a string');
      // Every row is searched for the pattern, so its length bounds the work per row.
      if ((raw as string).length > QUERY_LIMITS.maxContainsLength) {
        badValue(
          `the text to look for may be at most ${QUERY_LIMITS.maxContainsLength} characters`,
        );
      }
      return { type: 'condition', field, operator, value: raw as string };
    case '$in':
      return { type: 'condition', field, operator, values: inList(raw, scalar, badValue) };
    case '$between': {
      if (!Array.isArray(raw) || raw.length !== 2) {
        return badValue('send an array of two values, [lower, upper]');
      }
      const lower = scalar(raw[0]);
      const upper = scalar(raw[1]);
      if (boundsInverted(lower, upper)) badValue('the lower bound is after the upper bound');
      return { type: 'condition', field, operator, lower, upper };
    }
    default:
      return { type: 'condition', field, operator, value: scalar(raw) };
  }
}

function validateNode(module: ServedModuleId, node: WireFilterNode, path: string): ValidatedNode {
  const [key, inner] = Object.entries(node)[0] ?? [];
  if (key === '$and' || key === '$or') {
    const children = (inner as WireFilterNode[]).map((child, index) =>
      validateNode(module, child, `${path}.${key}.${index}`),
    );
    return { type: 'group', combinator: key === '$and' ? 'and' : 'or', children };
  }
  const [operator, value] = Object.entries(inner as Record<string, unknown>)[0] ?? [];
  return validateCondition(module, key ?? '', operator as Operator, value, path);
}

/** Validates a parsed body against the catalog. */
function validateQueryBody(body: QueryBody): ValidationResult {
  try {
    if (!isServedModuleId(body.module)) {
      refuse({
        error: 'unknown_module',
        message: `unknown module "${body.module}"; valid modules: ${Object.keys(CATALOG).join(', ')}`,
        path: 'module',
      });
    }
    const module = body.module;
    const filters = body.filters ?? {};
    const requested = filters.fields ?? [];
    const names = requested.length > 0 ? [...new Set(requested)] : CATALOG[module].defaultFields;
    const fields = names.map((name) => resolveField(module, name, 'filters.fields'));
    const filter = (filters.filter ?? []).map((node, index) =>
      validateNode(module, node, `filters.filter.${index}`),
    );
    const orderBy = (
      filters.order_by === undefined ? [] : (parseOrderBy(filters.order_by) ?? [])
    ).map((term) => ({
      ...term,
      definition: resolveField(module, term.field, 'filters.order_by'),
    }));
    const countOnly = body.count_only === true || body.count_only === '1';
    const maxNum = wholeNumber(filters.max_num);
    const offset = Number(filters.offset ?? 0);
    return { ok: true, query: { module, countOnly, fields, filter, orderBy, maxNum, offset } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

/**
 * Why the service would refuse one field condition `{ [field]: { [operator]: value } }`, or
 * undefined when it accepts it: the builder's inline message per row, worded as the server's.
 */
export function conditionProblem(
  module: ServedModuleId,
  field: string,
  operator: string,
  value: unknown,
  path = '',
): QueryProblem | undefined {
  if (!isOperator(operator)) {
    return {
      error: 'unknown_operator',
      message: `unknown operator "${operator}"`,
      path,
      field,
      operator,
    };
  }
  try {
    validateCondition(module, field, operator, value, path);
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.problem;
    throw error;
  }
}

/** Parses and validates an untrusted body in one step. */
export function validateQuery(input: unknown): ValidationResult {
  const parsed = queryBodySchema.safeParse(input);
  return parsed.success
    ? validateQueryBody(parsed.data)
    : { ok: false, problem: problemFromZod(parsed.error) };
}
