/**
 * The response adapter. The vendor's response bodies are undocumented, so the client accepts
 * every plausible shape and turns it into rows, a count or an error.
 */

/** A record as returned by the service: field name to JSON value. */
export type ServiceRecord = Record<string, unknown>;

/** What a query answer means, whatever shape it arrived in. */
export type AdaptedResponse =
  | { readonly kind: 'rows'; readonly rows: ServiceRecord[]; readonly nextOffset: number | null }
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

/** Turns a parsed JSON body into rows, a count or an error; throws on an unknown shape. */
export function adaptResponse(body: unknown): AdaptedResponse {
  if (isRecordArray(body)) return { kind: 'rows', rows: body, nextOffset: null };
  const count = asCount(body);
  if (count !== undefined) return { kind: 'count', count };
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const object = body as Record<string, unknown>;
    for (const key of ROW_CONTAINERS) {
      const rows = object[key];
      if (isRecordArray(rows)) {
        const next = object.next_offset;
        const nextOffset = typeof next === 'number' && next >= 0 ? next : (asCount(next) ?? null);
        return { kind: 'rows', rows, nextOffset };
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
