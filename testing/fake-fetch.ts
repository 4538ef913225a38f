/** One call the fake saw. */
interface FetchCall {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Whether the call lets the browser send and keep cookies ('omit' unless it said). */
  readonly credentials: RequestCredentials | undefined;
  /** The request's abort signal, to check that a stale request was cancelled. */
  readonly signal: AbortSignal | undefined;
}

/** How the fake answers a call: a Response, or an error to throw (a lost connection). */
export type FakeAnswer = (call: FetchCall) => Response | Error | Promise<Response | Error>;

/** A JSON Response. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * `fetch` at the edge of a unit test: records calls and answers per path. Honours the abort
 * signal, so cancellation and timeouts behave as with the real one.
 */
export function fakeFetch(routes: Record<string, FakeAnswer>) {
  const calls: FetchCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call = {
      url,
      headers,
      body: typeof init.body === 'string' ? init.body : '',
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const path = new URL(url, 'http://dashboard.test').pathname;
    const route = routes[path];
    if (!route) return jsonResponse(404, { error: 'not_found', error_message: `no route ${path}` });
    const signal = init.signal;
    // Like the real fetch, an already-cancelled request fails at once.
    if (signal?.aborted) throw signal.reason;
    const aborted = new Promise<Error>((resolve) => {
      signal?.addEventListener('abort', () => {
        resolve(signal.reason as Error);
      });
    });
    const answer = await Promise.race([Promise.resolve(route(call)), aborted]);
    if (signal?.aborted) throw signal.reason;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, calls };
}

/**
 * A query endpoint answering from `records` as the service would, for views that count before
 * they read: `count_only` gets the count, a page its slice (`offset`, `max_num`) and the next
 * offset. No filtering: a test gives the rows its query would match.
 */
export function pagedService(records: readonly Record<string, unknown>[]): FakeAnswer {
  return (call) => {
    const body = JSON.parse(call.body || '{}') as {
      count_only?: unknown;
      filters?: { offset?: unknown; max_num?: unknown };
    };
    if (body.count_only === true) return jsonResponse(200, { record_count: records.length });
    const offset = Number(body.filters?.offset ?? 0);
    const size = Number(body.filters?.max_num ?? 20);
    const page = records.slice(offset, offset + size);
    const next = offset + page.length < records.length ? offset + page.length : -1;
    return jsonResponse(200, { records: page, next_offset: next });
  };
}

type Filter = readonly Record<string, unknown>[];

/** Whether a record's value meets one condition, as the service compares (text ignoring case). */
function meets(value: unknown, condition: Record<string, unknown>): boolean {
  const same = (wanted: unknown) =>
    typeof value === 'string' && typeof wanted === 'string'
      ? value.toLowerCase() === wanted.toLowerCase()
      : value === wanted || (typeof value === 'number' && Number(wanted) === value);
  const [operator, wanted] = Object.entries(condition)[0] ?? [];
  switch (operator) {
    case '$equals':
      return same(wanted);
    case '$not_equals':
      return !same(wanted);
    case '$in':
      return (wanted as unknown[]).some(same);
    case '$gt':
      return typeof value === 'number' && value > Number(wanted);
    case '$contains':
      return (
        typeof value === 'string' &&
        typeof wanted === 'string' &&
        value.toLowerCase().includes(wanted.toLowerCase())
      );
    default:
      throw new Error(`the fake service does not know ${String(operator)}`);
  }
}

function matches(record: Record<string, unknown>, filter: Filter): boolean {
  return filter.every((node) =>
    Object.entries(node).every(([key, condition]) => {
      if (key === '$or') return (condition as Filter).some((child) => matches(record, [child]));
      return meets(record[key] ?? null, condition as Record<string, unknown>);
    }),
  );
}

/** `a` before `b` by `order_by`'s keys (`field:ASC|DESC`, comma-separated), nulls last. */
function compareBy(orderBy: string) {
  const keys = orderBy
    .split(',')
    .filter(Boolean)
    .map((key) => key.split(':') as [string, string | undefined]);
  return (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const [field, direction] of keys) {
      const x = a[field] as string | number | null | undefined;
      const y = b[field] as string | number | null | undefined;
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const sign = direction === 'DESC' ? -1 : 1;
      return x < y ? -sign : sign;
    }
    return 0;
  };
}

/**
 * `pagedService` over the records a body's filter matches: top-level conditions (`$equals`,
 * `$not_equals`, `$in`, `$gt`, `$contains`) and `$or`s of them (what the views across managers send),
 * ordered by `order_by`'s keys, the records' own order after them (the service's `_row`).
 */
export function filteringService(records: readonly Record<string, unknown>[]): FakeAnswer {
  return (call) => {
    const body = JSON.parse(call.body || '{}') as {
      filters?: { filter?: Filter; order_by?: string };
    };
    const matched = records.filter((record) => matches(record, body.filters?.filter ?? []));
    matched.sort(compareBy(body.filters?.order_by ?? ''));
    return pagedService(matched)(call);
  };
}

/** `filteringService` per module: each body is answered from its module's records. */
export function modulesService(
  records: Readonly<Record<string, readonly Record<string, unknown>[]>>,
): FakeAnswer {
  return (call) => {
    const { module } = JSON.parse(call.body || '{}') as { module?: string };
    return filteringService(records[module ?? ''] ?? [])(call);
  };
}
