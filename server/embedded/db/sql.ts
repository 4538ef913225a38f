import { resolveDateRange } from '#contract/operators';
import type { ValidatedCondition, ValidatedNode, ValidatedQuery } from '#contract/validate';
import type { FieldDefinition } from '#contract/fields';
import type { ScalarValue } from '#contract/values';
import { quoteIdentifier, ROW_ID_COLUMN, SECONDARY_LAYOUTS } from './schema.ts';

/** SQL text with positional parameters (`$1`…) and the values bound to them. */
export interface SqlStatement {
  readonly sql: string;
  readonly params: (string | number | boolean)[];
}

type Bind = (value: string | number | boolean) => string;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A bound, typed SQL literal for a parsed value. */
function literal(value: ScalarValue, bind: Bind): string {
  switch (value.type) {
    case 'day':
      return `CAST(${bind(value.value)} AS DATE)`;
    case 'instant':
      return `CAST(${bind(value.value.replace('T', ' ').replace('Z', ''))} AS TIMESTAMP)`;
    case 'number':
      // Bound as text: a JS number beyond the int64 range would fail DuckDB's type inference.
      return `CAST(${bind(String(value.value))} AS DOUBLE)`;
    default:
      return bind(value.value);
  }
}

/**
 * On a datetime column a bare day stands for the whole UTC day, so comparisons become
 * half-open ranges: `lastmodifieddate $lte "2024-01-31"` includes all of 31 January.
 */
function dayStart(day: string, bind: Bind): string {
  return `CAST(${bind(day)} AS TIMESTAMP)`;
}
function dayEnd(day: string, bind: Bind): string {
  return `CAST(${bind(nextDay(day))} AS TIMESTAMP)`;
}

function lowerBound(column: string, value: ScalarValue, isDatetime: boolean, bind: Bind): string {
  return isDatetime && value.type === 'day'
    ? `${column} >= ${dayStart(value.value, bind)}`
    : `${column} >= ${literal(value, bind)}`;
}

function upperBound(column: string, value: ScalarValue, isDatetime: boolean, bind: Bind): string {
  return isDatetime && value.type === 'day'
    ? `${column} < ${dayEnd(value.value, bind)}`
    : `${column} <= ${literal(value, bind)}`;
}

/**
 * What LIKE reads as more than a character: its wildcards and a backslash. A text value holding
 * none is compared with ILIKE, which DuckDB answers as `lower(a) = lower(b)` (the same rows, a
 * null matching nothing) without writing every row's text again in lower case: on a quarter of
 * 3M rows, a filter on `status` and two on `putcall` cost ~220 ms of CPU with `lower` and ~170
 * with ILIKE. A value holding one is compared by `lower`, never read as a pattern.
 */
const LIKE_SPECIAL = /[%_\\]/;

/**
 * The stored value a condition's text means, for a field whose `values` the embedded service
 * stores as given (13F status, derived; put/call and amendment type, upper-cased at import:
 * `load-data.test.ts` holds the demo's data to it): compared exactly, DuckDB matches its
 * dictionary instead of folding every row's text (a quarter's largest new positions, ~125 ms of
 * CPU against ~170 with ILIKE at 3M rows). Undefined for another field, or a value that is none
 * of them ignoring case (ASCII only, so JavaScript's case folds as DuckDB's does).
 */
function storedValue(field: FieldDefinition, value: ScalarValue): string | undefined {
  if (field.values === undefined || value.type !== 'text' || !/^[\x20-\x7e]*$/.test(value.value))
    return undefined;
  const typed = value.value.toLowerCase();
  return field.values.find((stored) => stored.toLowerCase() === typed);
}

/** Text compares ignoring case, as analysts type tickers and labels in any case. */
function folded(isText: boolean, sql: string): string {
  return isText ? `lower(${sql})` : sql;
}

function comparison(condition: ValidatedCondition, column: string, bind: Bind, today: Date) {
  const isDatetime = condition.field.kind === 'datetime';
  const isText = condition.field.kind === 'text';
  switch (condition.operator) {
    case '$not_null':
      return `${column} IS NOT NULL`;
    case '$contains':
      return `contains(lower(${column}), lower(${bind(condition.value)}))`;
    case '$in': {
      // Equal to one of the values as `$equals` compares; a null matches none, as there.
      const stored = condition.values.map((value) => storedValue(condition.field, value));
      if (stored.every((value) => value !== undefined))
        return `${column} IN (${stored.map((value) => bind(value)).join(', ')})`;
      const items = condition.values.map((value) => folded(isText, literal(value, bind)));
      return `${folded(isText, column)} IN (${items.join(', ')})`;
    }
    case '$between':
      return `(${lowerBound(column, condition.lower, isDatetime, bind)} AND ${upperBound(column, condition.upper, isDatetime, bind)})`;
    case '$dateRange': {
      const span = resolveDateRange(condition.range, today);
      const first = { type: 'day', value: span.first } as const;
      const last = { type: 'day', value: span.last } as const;
      return `(${lowerBound(column, first, isDatetime, bind)} AND ${upperBound(column, last, isDatetime, bind)})`;
    }
    default:
      break;
  }
  const { value } = condition;
  if (isDatetime && value.type === 'day') {
    const within = () =>
      `(${column} >= ${dayStart(value.value, bind)} AND ${column} < ${dayEnd(value.value, bind)})`;
    switch (condition.operator) {
      case '$equals':
        return within();
      case '$not_equals':
        return `(${column} IS NULL OR NOT ${within()})`;
      case '$gt':
        return `${column} >= ${dayEnd(value.value, bind)}`;
      case '$gte':
        return `${column} >= ${dayStart(value.value, bind)}`;
      case '$lt':
        return `${column} < ${dayStart(value.value, bind)}`;
      case '$lte':
        return `${column} < ${dayEnd(value.value, bind)}`;
    }
  }
  const stored = storedValue(condition.field, value);
  if (stored !== undefined) {
    const same = `${column} = ${bind(stored)}`;
    if (condition.operator === '$equals') return same;
    if (condition.operator === '$not_equals') return `(${column} IS NULL OR NOT ${same})`;
  }
  if (isText && value.type === 'text' && !LIKE_SPECIAL.test(value.value)) {
    const same = `${column} ILIKE ${bind(value.value)}`;
    if (condition.operator === '$equals') return same;
    if (condition.operator === '$not_equals') return `(${column} IS NULL OR NOT ${same})`;
  }
  const left = folded(isText, column);
  const right = folded(isText, literal(value, bind));
  const sqlOperator = {
    $equals: '=',
    $not_equals: 'IS DISTINCT FROM',
    $gt: '>',
    $gte: '>=',
    $lt: '<',
    $lte: '<=',
  }[condition.operator];
  return `${left} ${sqlOperator} ${right}`;
}

function nodeSql(node: ValidatedNode, bind: Bind, today: Date): string {
  if (node.type === 'group') {
    const joiner = node.combinator === 'and' ? ' AND ' : ' OR ';
    return `(${node.children.map((child) => nodeSql(child, bind, today)).join(joiner)})`;
  }
  return comparison(node, quoteIdentifier(node.field.name), bind, today);
}

function selectExpression(query: ValidatedQuery): string {
  return query.fields
    .map((field) => {
      const column = quoteIdentifier(field.name);
      if (field.kind === 'date') return `strftime(${column}, '%Y-%m-%d') AS ${column}`;
      if (field.kind === 'datetime')
        return `strftime(${column}, '%Y-%m-%dT%H:%M:%SZ') AS ${column}`;
      return column;
    })
    .join(', ');
}

function whereClause(query: ValidatedQuery, bind: Bind, today: Date): string {
  if (query.filter.length === 0) return '';
  return ` WHERE ${query.filter.map((node) => nodeSql(node, bind, today)).join(' AND ')}`;
}

function namesField(node: ValidatedNode, field: string): boolean {
  return node.type === 'group'
    ? node.children.some((child) => namesField(child, field))
    : node.field.name === field;
}

/**
 * Where a query reads its module's rows: the module's secondary layout when a condition names
 * its field (any condition: the rows are the same either way, only found sooner), else the
 * module's own table. Both are names the schema made, never a request's text.
 */
function sourceOf(query: ValidatedQuery): string {
  const layout = SECONDARY_LAYOUTS[query.module];
  const pinned = layout && query.filter.some((node) => namesField(node, layout.field));
  return quoteIdentifier(pinned ? layout.source : query.module);
}

function binder(params: SqlStatement['params']): Bind {
  return (value) => {
    params.push(value);
    return `$${params.length}`;
  };
}

/**
 * `SELECT count(*)` for a query's filter; with `atMost`, a count that stops there (the rows past
 * it are never looked for), enough to tell whether a query is over a cap.
 */
export function buildCountSql(query: ValidatedQuery, today: Date, atMost?: number): SqlStatement {
  const params: SqlStatement['params'] = [];
  const where = whereClause(query, binder(params), today);
  const source = `${sourceOf(query)}${where}`;
  if (atMost !== undefined && !Number.isSafeInteger(atMost)) throw new RangeError('atMost');
  return {
    sql:
      atMost === undefined
        ? `SELECT CAST(count(*) AS DOUBLE) AS record_count FROM ${source}`
        : `SELECT CAST(count(*) AS DOUBLE) AS record_count
           FROM (SELECT 1 FROM ${source} LIMIT ${String(atMost)})`,
    params,
  };
}

/** How a selected field becomes a JSON value: doubles that are not finite become null. */
function jsonValue(field: ValidatedQuery['fields'][number]): string {
  const column = `page.${quoteIdentifier(field.name)}`;
  return field.kind === 'number' || field.kind === 'percent'
    ? `CASE WHEN isfinite(${column}) THEN ${column} END`
    : column;
}

/**
 * One page of a query as JSON, made by DuckDB: `fetched` (rows read, at most `pageSize + 1`, so
 * the caller can tell whether a next page exists) and `records`, the UTF-8 bytes of the page's
 * records joined by commas, in order. Why DuckDB writes the JSON: turning each value into a
 * JavaScript one costs ~5× finding the rows (32,858 rows of one filer: 170 ms against 36 ms),
 * while one BLOB crosses into Node as a single copy. The row id ends every ordering so pages
 * never overlap; the same ordering, over the page's rows only, numbers them for the join.
 */
export function buildPageSql(query: ValidatedQuery, today: Date, pageSize: number): SqlStatement {
  const params: SqlStatement['params'] = [];
  const bind = binder(params);
  const where = whereClause(query, bind, today);
  const terms = [
    ...query.orderBy.map((term) => ({ column: term.definition.name, direction: term.direction })),
    { column: ROW_ID_COLUMN, direction: 'ASC' },
  ];
  const keys = terms.map((term, index) => `${quoteIdentifier(term.column)} AS __key_${index}`);
  const order = (name: (column: string, index: number) => string) =>
    terms
      .map((term, index) => `${name(term.column, index)} ${term.direction} NULLS LAST`)
      .join(', ');
  const page = `SELECT ${selectExpression(query)}, ${keys.join(', ')} FROM ${sourceOf(query)}${where} ORDER BY ${order(quoteIdentifier)} LIMIT ${bind(pageSize + 1)} OFFSET ${bind(query.offset)}`;
  const record = `to_json(struct_pack(${query.fields
    .map((field) => `${quoteIdentifier(field.name)} := ${jsonValue(field)}`)
    .join(', ')}))::VARCHAR`;
  const numbered = `SELECT ${record} AS record, row_number() OVER (ORDER BY ${order((_, index) => `__key_${index}`)}) AS position FROM (${page}) page`;
  return {
    sql: `SELECT CAST(count(*) AS DOUBLE) AS fetched, encode(coalesce(string_agg(record, ',' ORDER BY position) FILTER (WHERE position <= ${bind(pageSize)}), '')) AS records FROM (${numbered}) numbered`,
    params,
  };
}
