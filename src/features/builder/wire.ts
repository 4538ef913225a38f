/**
 * Conversion between a query body as JSON and the builder's state. The conversion is lossless
 * in both directions: whatever the builder cannot model is carried verbatim (raw nodes, extra
 * keys), so opening a saved or pasted body and sending it unedited sends the same body.
 */
import { CATALOG, findField, isModuleId, MODULE_IDS } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { isOperator, OPERATORS_BY_KIND } from '#contract/operators';
import type { Operator } from '#contract/operators';
import { isPlainObject } from '#contract/query';
import { requestBody } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import type { BuilderState, ConditionValue, FilterNode, ScalarJson } from './model.ts';
import { nodeId, valueKindOf } from './model.ts';

/** The outcome of reading a body into builder state. */
export type StateFromBodyResult =
  | { readonly ok: true; readonly state: BuilderState }
  | { readonly ok: false; readonly message: string };

type Entry = [string, unknown];
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** True for the JSON scalars a condition value may be: string, number, boolean. */
function isScalarJson(value: unknown): value is ScalarJson {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function shortJson(value: unknown): string {
  // JSON has no text for undefined, functions and symbols.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return String(value);
  }
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The value in state form, or why the wire value does not have the operator's shape. */
function valueFromWire(operator: Operator, raw: unknown): ConditionValue | string {
  switch (valueKindOf(operator)) {
    case 'between': {
      if (!Array.isArray(raw) || raw.length !== 2) return '$between needs [lower, upper]';
      const lower: unknown = raw[0];
      const upper: unknown = raw[1];
      return isScalarJson(lower) && isScalarJson(upper)
        ? { kind: 'between', lower, upper }
        : '$between needs [lower, upper] with a single value on each side';
    }
    case 'list':
      // An empty list is still a list: the row shows it and asks for values.
      return Array.isArray(raw) && raw.every(isScalarJson)
        ? { kind: 'list', values: [...raw] }
        : `${operator} needs an array of single values, like ["a", "b"]`;
    case 'range':
      return typeof raw === 'string'
        ? { kind: 'range', range: raw }
        : '$dateRange needs the name of a range, like "last_30_days"';
    case 'none':
      return isScalarJson(raw) ? { kind: 'none', value: raw } : '$not_null needs "" as its value';
    case 'scalar':
      return isScalarJson(raw)
        ? { kind: 'scalar', value: raw }
        : `${operator} needs a single value (text, a number or true/false)`;
  }
}

/**
 * Reads one element of `filters.filter`. Groups and conditions the builder can edit become
 * group and condition nodes; anything else becomes a raw node holding the element unchanged,
 * with the reason in plain English.
 */
export function nodeFromWire(module: ModuleId, json: unknown): FilterNode {
  const raw = (reason: string): FilterNode => ({ type: 'raw', id: nodeId(), json, reason });
  if (!isPlainObject(json)) {
    return raw('a condition must be an object like {"<field>": {"<operator>": value}}');
  }
  const entries = Object.entries(json);
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1) {
    return raw(`a condition must have exactly one key, found ${entries.length}`);
  }
  const [key, inner] = entry;
  if (key === '$and' || key === '$or') {
    // An empty array is still a group: the builder shows it so the user can fill or remove it.
    if (!Array.isArray(inner)) return raw(`${key} needs an array of conditions`);
    return {
      type: 'group',
      id: nodeId(),
      combinator: key,
      children: inner.map((child: unknown) => nodeFromWire(module, child)),
    };
  }
  if (key.startsWith('$')) return raw(`unknown group "${key}": use $and or $or`);
  const field = findField(module, key);
  if (!field) return raw(`field "${key}" is not in the catalog of ${CATALOG[module].label}`);
  if (!isPlainObject(inner)) {
    return raw(`field "${key}" needs an operator object like {"$equals": value}`);
  }
  const operators = Object.entries(inner);
  const [operatorEntry] = operators;
  if (operatorEntry === undefined || operators.length !== 1) {
    return raw(`field "${key}" needs exactly one operator, found ${operators.length}`);
  }
  const [operator, value] = operatorEntry;
  if (!isOperator(operator)) return raw(`unknown operator "${operator}"`);
  if (!OPERATORS_BY_KIND[field.kind].includes(operator)) {
    return raw(`${operator} does not apply to ${field.label} (${field.kind})`);
  }
  const parsed = valueFromWire(operator, value);
  if (typeof parsed === 'string') return raw(parsed);
  return { type: 'condition', id: nodeId(), field: key, operator, value: parsed };
}

/** A condition's value as the wire writes it: the exact inverse of `valueFromWire`. */
export function valueToWire(value: ConditionValue): unknown {
  switch (value.kind) {
    case 'between':
      return [value.lower, value.upper];
    case 'list':
      return [...value.values];
    case 'range':
      return value.range;
    case 'scalar':
    case 'none':
      return value.value;
  }
}

/** Writes one node back as a `filters.filter` element: the exact inverse of `nodeFromWire`. */
export function nodeToWire(node: FilterNode): unknown {
  switch (node.type) {
    case 'raw':
      return node.json;
    case 'group':
      return { [node.combinator]: node.children.map(nodeToWire) };
    case 'condition':
      return { [node.field]: { [node.operator]: valueToWire(node.value) } };
  }
}

/**
 * Builds an object from modeled entries, then the kept extras whose keys the modeled entries
 * did not write: a key the user has since set in the builder wins over the stale verbatim copy.
 * `Object.fromEntries` defines own properties, so a key like "__proto__" stays plain data.
 */
function withExtras(entries: Entry[], extras: Readonly<Record<string, unknown>>) {
  const written = new Set(entries.map(([key]) => key));
  const kept = Object.entries(extras).filter(([key]) => !written.has(key));
  return Object.fromEntries([...entries, ...kept]);
}

function unknownModuleMessage(module: unknown): string {
  const valid = MODULE_IDS.join(', ');
  return module === undefined
    ? `The body has no "module": name one of ${valid}.`
    : `"module" is ${shortJson(module)}, which is not a module; use one of ${valid}.`;
}

/** A body of just `{ module }`: the module's default fields, no conditions, default limit. */
export function emptyState(module: ModuleId): BuilderState {
  return {
    module,
    countOnly: undefined,
    hasFilters: false,
    fields: undefined,
    filter: undefined,
    orderBy: undefined,
    maxNum: undefined,
    offset: undefined,
    extraFilters: {},
    extraBody: {},
  };
}

/**
 * Reads a query body into builder state. Fails only when the body is not a JSON object or its
 * `module` is not one of the six modules; everything else is kept, modeled or verbatim.
 */
export function stateFromBody(body: unknown): StateFromBodyResult {
  if (!isPlainObject(body)) {
    return { ok: false, message: 'The body must be a JSON object like {"module": "updates"}.' };
  }
  const module = Object.hasOwn(body, 'module') ? body.module : undefined;
  if (!isModuleId(module)) return { ok: false, message: unknownModuleMessage(module) };
  const state: Mutable<BuilderState> = emptyState(module);
  const extraBody: Entry[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'module') continue;
    if (key === 'count_only') state.countOnly = value;
    else if (key === 'filters' && isPlainObject(value)) readFilters(module, value, state);
    else extraBody.push([key, value]);
  }
  state.extraBody = Object.fromEntries(extraBody);
  return { ok: true, state };
}

function readFilters(
  module: ModuleId,
  filters: Record<string, unknown>,
  state: Mutable<BuilderState>,
): void {
  state.hasFilters = true;
  const extra: Entry[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (
      key === 'fields' &&
      Array.isArray(value) &&
      value.every((v: unknown): v is string => typeof v === 'string')
    ) {
      state.fields = [...value];
    } else if (key === 'filter' && Array.isArray(value)) {
      state.filter = value.map((node: unknown) => nodeFromWire(module, node));
    } else if (key === 'order_by' && typeof value === 'string') {
      state.orderBy = value;
    } else if (key === 'max_num' && (typeof value === 'string' || typeof value === 'number')) {
      state.maxNum = value;
    } else if (key === 'offset' && (typeof value === 'string' || typeof value === 'number')) {
      state.offset = value;
    } else {
      extra.push([key, value]);
    }
  }
  state.extraFilters = Object.fromEntries(extra);
}

/**
 * Writes builder state back as a query body: the exact inverse of `stateFromBody`. Keys come
 * in the order module, count_only, filters (fields, filter, order_by, max_num, offset, then the
 * kept extras), then the kept top-level extras. `filters` is written when `hasFilters` is set
 * or when any of its parts is, so an edit never disappears because the flag was left unset.
 */
export function bodyFromState(state: BuilderState): QueryRequestBody {
  const filters: Entry[] = [];
  if (state.fields !== undefined) filters.push(['fields', [...state.fields]]);
  if (state.filter !== undefined) filters.push(['filter', state.filter.map(nodeToWire)]);
  if (state.orderBy !== undefined) filters.push(['order_by', state.orderBy]);
  if (state.maxNum !== undefined) filters.push(['max_num', state.maxNum]);
  if (state.offset !== undefined) filters.push(['offset', state.offset]);
  const body: Entry[] = [['module', state.module]];
  if (state.countOnly !== undefined) body.push(['count_only', state.countOnly]);
  if (state.hasFilters || filters.length > 0 || Object.keys(state.extraFilters).length > 0) {
    body.push(['filters', withExtras(filters, state.extraFilters)]);
  }
  return requestBody(state.module, withExtras(body, state.extraBody));
}
