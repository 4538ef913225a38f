import { CATALOG, findField } from '#contract/catalog';
import type { FieldDefinition, FieldKind, ModuleId } from '#contract/catalog';
import { OPERATORS_BY_KIND } from '#contract/operators';
import type { Operator } from '#contract/operators';
import { parseScalar } from '#contract/values';

/** A JSON scalar as a condition value may carry it on the wire. */
export type ScalarJson = string | number | boolean;

/**
 * The value of a condition, shaped by its operator. Values keep the JSON type they arrived with
 * (a body's `"1000000"` stays a string, `true` stays a boolean) so an untouched value round-trips
 * exactly; editors write numbers as numeric strings and booleans as JSON booleans.
 */
export type ConditionValue =
  /** `$equals`, `$not_equals`, `$gt`, `$gte`, `$lt`, `$lte`, `$contains`. */
  | { readonly kind: 'scalar'; readonly value: ScalarJson }
  /** `$between`: `[lower, upper]`. */
  | { readonly kind: 'between'; readonly lower: ScalarJson; readonly upper: ScalarJson }
  /** `$in` (our extension): the values, in the order given; empty until one is entered. */
  | { readonly kind: 'list'; readonly values: readonly ScalarJson[] }
  /** `$dateRange`: a named range. */
  | { readonly kind: 'range'; readonly range: string }
  /** `$not_null`: no editor; the value as sent (normally `""`). */
  | { readonly kind: 'none'; readonly value: ScalarJson };

/**
 * Every node's `id` names it for as long as the builder shows it, whatever is edited or moved
 * around it: React keeps each row's own state (a half-typed date, a message shown once the
 * analyst moved on) with the row it belongs to. It is never sent.
 */
interface NodeIdentity {
  readonly id: string;
}

/** A field condition the builder understands: a catalog field, an operator for its kind. */
export interface ConditionNode extends NodeIdentity {
  readonly type: 'condition';
  readonly field: string;
  readonly operator: Operator;
  readonly value: ConditionValue;
}

/** `{ "$and": [...] }` or `{ "$or": [...] }`. */
export interface GroupNode extends NodeIdentity {
  readonly type: 'group';
  readonly combinator: '$and' | '$or';
  readonly children: readonly FilterNode[];
}

/**
 * A filter element the builder cannot represent exactly (a field outside the catalog, an
 * unknown operator, extra keys, a value of an unexpected shape): kept verbatim and sent as it
 * was, never dropped. `reason` says why it is not editable as a row.
 */
export interface RawNode extends NodeIdentity {
  readonly type: 'raw';
  readonly json: unknown;
  readonly reason: string;
}

/** One element of a filter tree. */
export type FilterNode = ConditionNode | GroupNode | RawNode;

/**
 * Everything a query body says, in a form the builder edits. Anything it does not model is kept
 * in `extraFilters` / `extraBody` and written back unchanged, so body → state → body is lossless.
 */
export interface BuilderState {
  readonly module: ModuleId;
  /** `count_only` as sent (`true`, `false`, `"1"`, `"0"`), or undefined when absent. */
  readonly countOnly: unknown;
  /** Whether the body has a `filters` object at all (`{}` included). */
  readonly hasFilters: boolean;
  /** `filters.fields`, or undefined when absent (the module's defaults apply). */
  readonly fields: readonly string[] | undefined;
  /** `filters.filter` (its elements are an implicit AND), or undefined when absent. */
  readonly filter: readonly FilterNode[] | undefined;
  /** `filters.order_by` as written (`f:DESC`, `f desc`, …), or undefined. */
  readonly orderBy: string | undefined;
  /** `filters.max_num` as sent (string or number), or undefined. */
  readonly maxNum: string | number | undefined;
  /** `filters.offset` as sent, or undefined. */
  readonly offset: string | number | undefined;
  /** Keys of `filters` the builder does not model, kept verbatim. */
  readonly extraFilters: Readonly<Record<string, unknown>>;
  /** Top-level keys the builder does not model, kept verbatim. */
  readonly extraBody: Readonly<Record<string, unknown>>;
}

let lastId = 0;

/** An id no other node of this page has. */
export function nodeId(): string {
  lastId += 1;
  return `node-${String(lastId)}`;
}

/** The shape of value an operator takes on the wire. */
export function valueKindOf(operator: Operator): ConditionValue['kind'] {
  switch (operator) {
    case '$between':
      return 'between';
    case '$dateRange':
      return 'range';
    case '$in':
      return 'list';
    case '$not_null':
      return 'none';
    default:
      return 'scalar';
  }
}

/** The value a fresh condition starts with: empty, except that a boolean starts as `true`. */
function defaultValue(kind: FieldKind, operator: Operator): ConditionValue {
  switch (valueKindOf(operator)) {
    case 'between':
      return { kind: 'between', lower: '', upper: '' };
    case 'list':
      return { kind: 'list', values: [] };
    case 'range':
      return { kind: 'range', range: 'last_30_days' };
    case 'none':
      return { kind: 'none', value: '' };
    case 'scalar':
      return { kind: 'scalar', value: kind === 'boolean' ? true : '' };
  }
}

function fieldOrFirst(module: ModuleId, fieldName: string | undefined): FieldDefinition {
  const field =
    (fieldName === undefined ? undefined : findField(module, fieldName)) ??
    CATALOG[module].fields[0];
  if (!field) throw new Error(`module ${module} has no fields`);
  return field;
}

/**
 * A new condition on `fieldName` (the module's first field when omitted or unknown), with the
 * first operator its kind allows and an empty value.
 */
export function newCondition(module: ModuleId, fieldName?: string): ConditionNode {
  const field = fieldOrFirst(module, fieldName);
  const operator = OPERATORS_BY_KIND[field.kind][0] ?? '$equals';
  return {
    type: 'condition',
    id: nodeId(),
    field: field.name,
    operator,
    value: defaultValue(field.kind, operator),
  };
}

/** A new group; empty unless children are given (validation asks to fill or remove it). */
export function newGroup(
  combinator: GroupNode['combinator'],
  children: readonly FilterNode[] = [],
): GroupNode {
  return { type: 'group', id: nodeId(), combinator, children };
}

/** A copy of `node` and all it holds under new ids, to stand beside the original. */
export function withFreshIds(node: FilterNode): FilterNode {
  return node.type === 'group'
    ? { ...node, id: nodeId(), children: node.children.map(withFreshIds) }
    : { ...node, id: nodeId() };
}

/** True when a bound or value is blank or reads as a value of `kind`. */
function fitsKind(kind: FieldKind, value: ScalarJson): boolean {
  // A blank is "not filled in yet" and fits any kind but boolean, whose editor has no blank.
  if (value === '' && kind !== 'boolean') return true;
  return parseScalar(kind, value).ok;
}

function valueFits(kind: FieldKind, value: ConditionValue): boolean {
  switch (value.kind) {
    case 'scalar':
      return fitsKind(kind, value.value);
    case 'between':
      return fitsKind(kind, value.lower) && fitsKind(kind, value.upper);
    case 'list':
      return value.values.every((item) => fitsKind(kind, item));
    case 'range':
    case 'none':
      return true;
  }
}

/**
 * The condition moved to another field. The operator is kept when the new field's kind allows
 * it and the value when it still reads as that kind; otherwise they start afresh. Groups, raw
 * nodes and unknown field names are returned unchanged.
 */
export function withField(node: FilterNode, module: ModuleId, fieldName: string): FilterNode {
  const field = findField(module, fieldName);
  if (node.type !== 'condition' || !field) return node;
  if (!OPERATORS_BY_KIND[field.kind].includes(node.operator)) {
    return { ...newCondition(module, fieldName), id: node.id };
  }
  const value = valueFits(field.kind, node.value)
    ? node.value
    : defaultValue(field.kind, node.operator);
  return { ...node, field: fieldName, value };
}

/** The one value a condition's value starts with, to carry over to another operator. */
function firstOf(value: ConditionValue): ScalarJson | undefined {
  switch (value.kind) {
    case 'scalar':
      return value.value;
    case 'between':
      return value.lower;
    case 'list':
      return value.values[0];
    default:
      return undefined;
  }
}

/**
 * The condition with another operator, its value carried over where it makes sense: a single
 * value becomes the lower bound of `$between` or the first of an `$in` list, and back;
 * `$dateRange` starts at the last 30 days; `$not_null` sends `""`. Groups and raw nodes are
 * returned unchanged.
 */
export function withOperator(node: FilterNode, module: ModuleId, operator: Operator): FilterNode {
  if (node.type !== 'condition' || node.operator === operator) return node;
  const kind = findField(module, node.field)?.kind ?? 'text';
  const from = node.value;
  const fresh = defaultValue(kind, operator);
  const first = firstOf(from);
  let value: ConditionValue;
  switch (fresh.kind) {
    case 'scalar':
      // $contains looks for text, so a carried-over number is sent as its digits.
      value =
        first === undefined
          ? fresh
          : { kind: 'scalar', value: operator === '$contains' ? String(first) : first };
      break;
    case 'between':
      value =
        from.kind === 'between'
          ? from
          : first === undefined
            ? fresh
            : { kind: 'between', lower: first, upper: '' };
      break;
    case 'list':
      value = first === undefined || first === '' ? fresh : { kind: 'list', values: [first] };
      break;
    case 'range':
      value = from.kind === 'range' ? from : fresh;
      break;
    case 'none':
      value = fresh;
      break;
  }
  return { ...node, operator, value };
}

/** The group with another combinator; conditions and raw nodes are returned unchanged. */
export function withCombinator(node: FilterNode, combinator: GroupNode['combinator']): FilterNode {
  return node.type === 'group' ? { ...node, combinator } : node;
}

/** The condition with another value; groups and raw nodes are returned unchanged. */
export function withValue(node: FilterNode, value: ConditionValue): FilterNode {
  return node.type === 'condition' ? { ...node, value } : node;
}
