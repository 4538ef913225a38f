/**
 * The response adapter. The vendor's response bodies are undocumented, so the client accepts
 * every plausible shape and turns it into rows, a count or an error.
 */
import { CATALOG, isServedModuleId } from './catalog.ts';
import type { FieldDefinition, ServedModuleId } from './catalog.ts';
import { parseBoolean } from './values.ts';

/** A record as returned by the service: field name to JSON value. */
export type ServiceRecord = Record<string, unknown>;

/**
 * Where the next page starts: an offset, `'end'` when the service said this is the last page
 * (`next_offset: -1`), or null when it did not say (a bare array, no `next_offset`); then only
 * the count can tell whether more rows exist.
 */
export type NextOffset = number | 'end' | null;

/** What a query answer means, whatever shape it arrived in. */
export type AdaptedResponse =
  | { readonly kind: 'rows'; readonly rows: ServiceRecord[]; readonly nextOffset: NextOffset }
  | { readonly kind: 'count'; readonly count: number }
  | { readonly kind: 'error'; readonly code: string; readonly message: string };

/** Raised when a body fits none of the known shapes; says what was received. */
export class UnexpectedResponseError extends Error {
  constructor(readonly received: string) {
    super(`The service sent a response the dashboard does not understand: ${received}`);
    this.name = 'UnexpectedResponseError';
  }
}

const ROW_CONTAINERS = ['records', 'data', 'rows'] as const;
const COUNT_KEYS = ['record_count', 'count', 'total'] as const;
const MESSAGE_KEYS = ['error_message', 'message', 'error_description', 'error'] as const;

function isRecordArray(value: unknown): value is ServiceRecord[] {
  return (
    Array.isArray(value) &&
    value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
  );
}

function asCount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

function readNextOffset(next: unknown): NextOffset {
  if (typeof next === 'number' && Number.isInteger(next)) return next >= 0 ? next : 'end';
  if (typeof next === 'string' && /^\s*-\d+\s*$/.test(next)) return 'end';
  return asCount(next) ?? null;
}

/** A boolean as an upstream may write it: `"1"`, `"0"`, `"TRUE"`, `" false "`, 1, 0. */
function readBoolean(raw: unknown): boolean | undefined {
  return parseBoolean(typeof raw === 'string' ? raw.trim().toLowerCase() : raw);
}

/**
 * Rows named and typed as the catalog says, so the table, the charts and the CSV see one
 * shape: a key in another case (`NAME`, `COUNTRY__C`) takes the catalog's name, unless the row
 * also has the exact name; a boolean field's `"1"`/`"0"`/`"true"`/`"false"` becomes a boolean.
 * Unknown keys and unreadable values stay as sent. A row needing neither is returned as is.
 */
function toCatalogRows(rows: ServiceRecord[], module: ServedModuleId): ServiceRecord[] {
  const byName = new Map<string, FieldDefinition>();
  for (const field of CATALOG[module].fields) byName.set(field.name.toLowerCase(), field);
  // Rows share their keys, so each key is looked up once.
  const plan = new Map<string, FieldDefinition | undefined>();
  const fieldOf = (key: string) => {
    if (!plan.has(key)) plan.set(key, byName.get(key.toLowerCase()));
    return plan.get(key);
  };
  const changes = (row: ServiceRecord, key: string, field: FieldDefinition | undefined) =>
    field !== undefined &&
    ((field.name !== key && !(field.name in row)) ||
      (field.kind === 'boolean' &&
        typeof row[key] !== 'boolean' &&
        readBoolean(row[key]) !== undefined));
  return rows.map((row) => {
    const keys = Object.keys(row);
    if (!keys.some((key) => changes(row, key, fieldOf(key)))) return row;
    const named: ServiceRecord = {};
    for (const key of keys) {
      const field = fieldOf(key);
      const value = row[key];
      const name = field && (field.name === key || !(field.name in row)) ? field.name : key;
      const boolean =
        field?.kind === 'boolean' && name === field.name ? readBoolean(value) : undefined;
      named[name] = boolean ?? value;
    }
    return named;
  });
}

function summarize(body: unknown): string {
  if (body === null || typeof body !== 'object') {
    const text = body === undefined ? 'nothing' : JSON.stringify(body);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  }
  if (Array.isArray(body)) return `an array of ${body.length} non-record values`;
  const keys = Object.keys(body);
  return keys.length === 0
    ? 'an empty object'
    : `an object with keys ${keys.slice(0, 8).join(', ')}`;
}

/**
 * Turns a parsed JSON body into rows, a count or an error; throws on an unknown shape. Given the
 * query's module, rows carry the catalog's field names and booleans (see toCatalogRows).
 */
export function adaptResponse(body: unknown, module?: string): AdaptedResponse {
  const named = (rows: ServiceRecord[]) =>
    isServedModuleId(module) ? toCatalogRows(rows, module) : rows;
  if (isRecordArray(body)) return { kind: 'rows', rows: named(body), nextOffset: null };
  const count = asCount(body);
  if (count !== undefined) return { kind: 'count', count };
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const object = body as Record<string, unknown>;
    for (const key of ROW_CONTAINERS) {
      const rows = object[key];
      if (isRecordArray(rows)) {
        return { kind: 'rows', rows: named(rows), nextOffset: readNextOffset(object.next_offset) };
      }
    }
    for (const key of COUNT_KEYS) {
      const found = asCount(object[key]);
      if (found !== undefined) return { kind: 'count', count: found };
    }
    const message = MESSAGE_KEYS.map((key) => object[key]).find(
      (value): value is string => typeof value === 'string' && value.length > 0,
    );
    if (message !== undefined) {
      const code = typeof object.error === 'string' ? object.error : 'error';
      return { kind: 'error', code, message };
    }
  }
  throw new UnexpectedResponseError(summarize(body));
}
