/**
 * The builder's inline messages: the contract's rules applied to builder state, each problem
 * placed at the state path of the control that can fix it.
 */
import { CATALOG, findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import {
  countOnlySchema,
  filterListSchema,
  maxNumSchema,
  offsetSchema,
  orderByProblem,
  parseOrderBy,
  QUERY_LIMITS,
} from '#contract/query';
import { conditionProblem } from '#contract/validate';
import type { Path } from './filter-tree.ts';
import type { BuilderState, ConditionNode, FilterNode } from './model.ts';
import { nodeToWire, valueToWire } from './wire.ts';

/**
 * One thing to tell the user. `path` names the control that can fix it: a filter node's key
 * (`filter.0.children.1`, see `problemKey`) or a part of it (`filter.0.value`), or an option
 * (`fields`, `orderBy`, `maxNum`, `offset`, `countOnly`); `blocking` problems keep the query
 * from running, the others are notes.
 */
export interface BuilderProblem {
  readonly path: string;
  readonly message: string;
  readonly blocking: boolean;
}

/** The messages for a value not entered yet; the row shows them once the analyst moves on. */
export const ENTER_A_VALUE = 'Enter a value';
export const ENTER_BOTH_BOUNDS = 'Enter both bounds';
export const ENTER_SOME_VALUES = 'Enter one or more values';

/** The note on a filter element the builder keeps verbatim. */
export const RAW_NODE_NOTE = 'Kept as written; the builder cannot edit it';

/**
 * The key of the problems of the node at `path` (`[]`: the filter list as a whole): `filter`,
 * `filter.2`, `filter.2.children.0`, … A string, so problems read as plain data in messages.
 */
export function problemKey(path: Path): string {
  return path.reduce(
    (key, index, depth) => `${key}${depth === 0 ? '' : '.children'}.${String(index)}`,
    'filter',
  );
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function conditionProblems(module: ModuleId, node: ConditionNode, path: string): BuilderProblem[] {
  const { value } = node;
  // Blank editors get a prompt rather than the contract's wording about the value's type.
  if (value.kind === 'scalar' && isBlank(value.value)) {
    return [{ path: `${path}.value`, message: ENTER_A_VALUE, blocking: true }];
  }
  if (value.kind === 'between' && (isBlank(value.lower) || isBlank(value.upper))) {
    return [{ path: `${path}.value`, message: ENTER_BOTH_BOUNDS, blocking: true }];
  }
  if (value.kind === 'list' && value.values.length === 0) {
    return [{ path: `${path}.value`, message: ENTER_SOME_VALUES, blocking: true }];
  }
  const problem = conditionProblem(module, node.field, node.operator, valueToWire(value), path);
  if (!problem) return [];
  const at =
    problem.error === 'invalid_value'
      ? `${path}.value`
      : problem.error === 'unsupported_operator'
        ? `${path}.operator`
        : problem.error === 'unknown_field'
          ? `${path}.field`
          : path;
  // The row already shows the field and operator, so the server's "field $op: " lead-in goes.
  const lead = `${node.field} ${node.operator}: `;
  const message = problem.message.startsWith(lead)
    ? problem.message.slice(lead.length)
    : problem.message;
  return [{ path: at, message: sentence(message), blocking: true }];
}

function nodeProblems(module: ModuleId, nodes: readonly FilterNode[], parent: Path) {
  const problems: BuilderProblem[] = [];
  nodes.forEach((node, index) => {
    const path = problemKey([...parent, index]);
    if (node.type === 'raw') {
      problems.push({ path, message: RAW_NODE_NOTE, blocking: false });
    } else if (node.type === 'condition') {
      problems.push(...conditionProblems(module, node, path));
    } else if (node.children.length === 0) {
      problems.push({
        path,
        message: 'This group is empty: add a condition or remove it',
        blocking: true,
      });
    } else {
      problems.push(...nodeProblems(module, node.children, [...parent, index]));
    }
  });
  return problems;
}

/** The key of the node a wire path (`[0, "$or", 1]`) points into. */
function statePath(filter: readonly FilterNode[], wirePath: readonly PropertyKey[]): string {
  let nodes = filter;
  const path: number[] = [];
  for (let i = 0; i < wirePath.length; i += 2) {
    const index = wirePath[i];
    if (typeof index !== 'number') break;
    const node = nodes[index];
    if (node === undefined) break;
    path.push(index);
    // Inside a raw node the wire goes on, but the builder can only point at the raw node.
    if (node.type !== 'group') break;
    nodes = node.children;
  }
  return problemKey(path);
}

/**
 * The service's size limits, checked by the contract's own schema so raw nodes count exactly
 * as the server counts them.
 */
function limitProblems(filter: readonly FilterNode[]): BuilderProblem[] {
  const parsed = filterListSchema.safeParse(filter.map(nodeToWire));
  if (parsed.success) return [];
  const problems: BuilderProblem[] = [];
  for (const issue of parsed.error.issues) {
    const params: Readonly<Record<string, unknown>> | undefined =
      'params' in issue ? issue.params : undefined;
    if (params?.error !== 'too_complex') continue;
    if (issue.message.startsWith('groups')) {
      problems.push({
        path: statePath(filter, issue.path),
        message: `Groups can be nested at most ${QUERY_LIMITS.maxDepth} levels deep`,
        blocking: true,
      });
    } else {
      problems.push({
        path: 'filter',
        message: `A query can have at most ${QUERY_LIMITS.maxConditions} conditions`,
        blocking: true,
      });
    }
  }
  return problems;
}

/**
 * The schemas decide; the words are ours, because zod reports a string that fails the union's
 * regex with the bare pattern rather than the union's message.
 */
const SETTING_MESSAGES = {
  countOnly: 'Count only must be true, false, "1" or "0"',
  maxNum: 'Enter a whole number of rows, or -1 for all rows',
  offset: `Enter a whole number of rows to skip, at most ${QUERY_LIMITS.maxOffset.toLocaleString('en-US')}`,
} as const;

function settingProblems(state: BuilderState): BuilderProblem[] {
  const problems: BuilderProblem[] = [];
  const label = CATALOG[state.module].label;
  const blocking = (path: string, message: string) => {
    problems.push({ path, message, blocking: true });
  };
  if (state.countOnly !== undefined && !countOnlySchema.safeParse(state.countOnly).success) {
    blocking('countOnly', SETTING_MESSAGES.countOnly);
  }
  const fields = state.fields ?? [];
  const unknown = fields.filter((name) => !findField(state.module, name));
  if (fields.length > QUERY_LIMITS.maxFields) {
    blocking('fields', `A query can return at most ${QUERY_LIMITS.maxFields} fields`);
  } else if (unknown.length > 0) {
    const names = unknown.map((name) => `"${name}"`).join(', ');
    blocking('fields', `${label} has no field ${names}`);
  }
  if (state.orderBy !== undefined) {
    const terms = parseOrderBy(state.orderBy);
    const strangers = (terms ?? []).filter((term) => !findField(state.module, term.field));
    // Sizes and repeats in the service's own words; syntax and unknown names in the builder's.
    const problem = orderByProblem(state.orderBy);
    if (problem && problem.kind !== 'syntax') {
      blocking('orderBy', sentence(problem.message));
    } else if (!terms) {
      blocking(
        'orderBy',
        'Write the sort as "field:ASC", "field:DESC", "field asc", "field desc" or "field"',
      );
    } else if (strangers.length > 0) {
      const names = strangers.map((term) => `"${term.field}"`).join(', ');
      blocking('orderBy', `${label} cannot be sorted by ${names}: no such field`);
    }
  }
  if (state.maxNum !== undefined && !maxNumSchema.safeParse(state.maxNum).success) {
    blocking('maxNum', SETTING_MESSAGES.maxNum);
  }
  if (state.offset !== undefined && !offsetSchema.safeParse(state.offset).success) {
    blocking('offset', SETTING_MESSAGES.offset);
  }
  return problems;
}

function extraNotes(state: BuilderState): BuilderProblem[] {
  const note = (path: string, keys: string[], where: string): BuilderProblem[] =>
    keys.length === 0
      ? []
      : [
          {
            path,
            message: `Kept as written; the builder does not edit ${keys
              .map((key) => `"${key}"`)
              .join(', ')} ${where}`,
            blocking: false,
          },
        ];
  return [
    ...note('extraBody', Object.keys(state.extraBody), 'in the body'),
    ...note('extraFilters', Object.keys(state.extraFilters), 'in filters'),
  ];
}

/**
 * Every problem with the state, at most one per path (a blocking one before a note), in the
 * order the builder shows its controls. An empty list, or only non-blocking notes, means the
 * service will accept the query as far as the builder can tell.
 */
export function builderProblems(state: BuilderState): BuilderProblem[] {
  const filter = state.filter ?? [];
  const all = [
    ...settingProblems(state),
    ...limitProblems(filter),
    ...nodeProblems(state.module, filter, []),
    ...extraNotes(state),
  ];
  const byPath = new Map<string, BuilderProblem>();
  for (const problem of all) {
    const seen = byPath.get(problem.path);
    if (!seen || (problem.blocking && !seen.blocking)) byPath.set(problem.path, problem);
  }
  return [...byPath.values()];
}
