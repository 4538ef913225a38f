/**
 * The query in one plain-English sentence, shown above the results so an analyst can check
 * what was asked without reading JSON.
 */
import { CATALOG, findField } from '#contract/catalog';
import type { FieldDefinition, ModuleId } from '#contract/catalog';
import { DATE_RANGES, OPERATOR_LABELS } from '#contract/operators';
import type { Operator } from '#contract/operators';
import { parseOrderBy } from '#contract/query';
import { parseBoolean } from '#contract/values';
import { formatDay } from '../../lib/format/dates.ts';
import type { BuilderState, ConditionNode, FilterNode, ScalarJson } from './model.ts';

const DAY_PREFIX = /^(\d{4}-\d{2}-\d{2})(.*)$/;

/** Wording for comparisons on dates, where "greater than" reads oddly. */
const DATE_COMPARISONS: Partial<Record<Operator, string>> = {
  $gt: 'is after',
  $gte: 'is on or after',
  $lt: 'is before',
  $lte: 'is on or before',
};

/** The raw-node wording, shared with the builder's rows. */
const RAW_NODE_SUMMARY = 'a condition the builder keeps as written';

function isDateKind(field: FieldDefinition | undefined): boolean {
  return field?.kind === 'date' || field?.kind === 'datetime';
}

/**
 * A day as everywhere else (lib/dates: the locale's medium form), any time part kept after it.
 * Only the text is reformatted: going through `Date` would move the day in zones west of UTC.
 */
function formatDate(text: string): string {
  const match = DAY_PREFIX.exec(text);
  if (!match) return text;
  const [, day = '', rest = ''] = match;
  const formatted = formatDay(day);
  return formatted === day ? text : `${formatted}${rest.replace(/^[T ]/, ' ')}`;
}

function formatValue(field: FieldDefinition | undefined, value: ScalarJson): string {
  if (value === '') return '…';
  if (field?.kind === 'boolean') {
    const flag = parseBoolean(value);
    if (flag !== undefined) return flag ? 'yes' : 'no';
  }
  const text = String(value);
  if (isDateKind(field)) return formatDate(text);
  // A percent field holds percentage points: "1" is 1 %, and the summary says so.
  return field?.kind === 'percent' ? `${text} %` : text;
}

/** Values of a list named in a sentence; the rest are counted, so 100 periods stay readable. */
const LISTED_VALUES = 5;

function listPhrase(field: FieldDefinition | undefined, values: readonly ScalarJson[]): string {
  if (values.length === 0) return '…';
  const shown = values.slice(0, LISTED_VALUES).map((value) => formatValue(field, value));
  const more = values.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${String(more)} more` : shown.join(', ');
}

function rangePhrase(range: string): string {
  const known = DATE_RANGES.find((candidate) => candidate.name === range);
  if (!known) return `in the range "${range}"`;
  const label = known.label.toLowerCase();
  if (range === 'today' || range === 'yesterday') return `is ${label}`;
  return label.startsWith('last ') && label.endsWith(' days') ? `in the ${label}` : `in ${label}`;
}

function conditionPhrase(module: ModuleId, node: ConditionNode): string {
  const field = findField(module, node.field);
  const label = field?.label ?? node.field;
  const { value } = node;
  switch (value.kind) {
    case 'none':
      return `${label} is present`;
    case 'range':
      return `${label} ${rangePhrase(value.range)}`;
    case 'between':
      return `${label} between ${formatValue(field, value.lower)} and ${formatValue(field, value.upper)}`;
    case 'list':
      return `${label} ${OPERATOR_LABELS.$in} ${listPhrase(field, value.values)}`;
    case 'scalar': {
      const shown = formatValue(field, value.value);
      if (node.operator === '$equals') return `${label} is ${shown}`;
      if (node.operator === '$not_equals') return `${label} is not ${shown}`;
      if (node.operator === '$contains') return `${label} contains "${String(value.value)}"`;
      const verb =
        (isDateKind(field) ? DATE_COMPARISONS[node.operator] : undefined) ??
        OPERATOR_LABELS[node.operator];
      return `${label} ${verb} ${shown}`;
    }
  }
}

function nodePhrase(module: ModuleId, node: FilterNode): string {
  switch (node.type) {
    case 'raw':
      return RAW_NODE_SUMMARY;
    case 'condition':
      return conditionPhrase(module, node);
    case 'group': {
      if (node.children.length === 0) return '(no conditions yet)';
      const joiner = node.combinator === '$and' ? ' and ' : ' or ';
      return `(${node.children.map((child) => nodePhrase(module, child)).join(joiner)})`;
    }
  }
}

/** Fields named in the conditions, so a sort on one of them needs no label ("newest first"). */
function conditionFields(nodes: readonly FilterNode[]): Set<string> {
  const names = new Set<string>();
  for (const node of nodes) {
    if (node.type === 'condition') names.add(node.field);
    if (node.type === 'group') conditionFields(node.children).forEach((name) => names.add(name));
  }
  return names;
}

function orderPhrase(state: BuilderState): string | undefined {
  if (state.orderBy === undefined) return undefined;
  const terms = parseOrderBy(state.orderBy);
  if (!terms) return `sorted by "${state.orderBy}"`;
  const mentioned = conditionFields(state.filter ?? []);
  const phrases = terms.map(({ field: name, direction }) => {
    const field = findField(state.module, name);
    const label = field?.label ?? name;
    if (!isDateKind(field)) return `${label} ${direction === 'DESC' ? 'descending' : 'ascending'}`;
    const order = direction === 'DESC' ? 'newest first' : 'oldest first';
    // A lone sort on a date the conditions already name needs no label; otherwise name it.
    return terms.length === 1 && mentioned.has(name) ? order : `${label} ${order}`;
  });
  return phrases.join(' then ');
}

function rowsPhrase(maxNum: string | number | undefined): string | undefined {
  if (maxNum === undefined) return undefined;
  if (String(maxNum) === '-1') return 'all rows';
  return String(maxNum) === '1' ? '1 row' : `${String(maxNum)} rows`;
}

/**
 * The query in plain English, e.g. "13F holdings where Ticker is AAPL and Filed at between
 * Jan 1, 2024 and Mar 31, 2024, newest first, 100 rows".
 */
export function summarize(state: BuilderState): string {
  const moduleLabel = CATALOG[state.module].label;
  const counting = state.countOnly === true || state.countOnly === '1';
  const filter = state.filter ?? [];
  const where =
    filter.length === 0
      ? ''
      : ` where ${filter.map((node) => nodePhrase(state.module, node)).join(' and ')}`;
  const skip =
    state.offset === undefined || Number(state.offset) === 0
      ? undefined
      : `skipping ${String(state.offset)}`;
  const parts = [
    `${counting ? `Count of ${moduleLabel}` : moduleLabel}${where}`,
    orderPhrase(state),
    rowsPhrase(state.maxNum),
    skip,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

/** One chip of the collapsed query: a top-level condition, or one output option. */
export type QueryChip =
  | {
      readonly kind: 'condition' | 'group' | 'raw';
      /** Where the node stands in the top-level filter. */
      readonly index: number;
      readonly text: string;
    }
  | { readonly kind: 'output'; readonly text: string };

/**
 * The query as chips, in the order the summary reads: each top-level condition (a group as one
 * chip), then the sort, the rows, the offset and "count only".
 */
export function queryChips(state: BuilderState): QueryChip[] {
  const conditions = (state.filter ?? []).map((node, index): QueryChip => ({
    kind: node.type,
    index,
    text:
      node.type === 'group'
        ? `${node.combinator === '$or' ? 'Any' : 'All'} of ${nodePhrase(state.module, node)}`
        : nodePhrase(state.module, node),
  }));
  const order = orderPhrase(state);
  const rows = rowsPhrase(state.maxNum);
  const skip = state.offset === undefined || Number(state.offset) === 0 ? undefined : state.offset;
  const counting = state.countOnly === true || state.countOnly === '1';
  const outputs = [
    counting ? 'Count only' : undefined,
    order === undefined ? undefined : `Sorted by ${order}`,
    counting || rows === undefined ? undefined : rows.replace(/^./, (first) => first.toUpperCase()),
    skip === undefined ? undefined : `Skipping ${String(skip)}`,
  ];
  return [
    ...conditions,
    ...outputs
      .filter((text) => text !== undefined)
      .map((text): QueryChip => ({ kind: 'output', text })),
  ];
}
