import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { createApiClient } from './api-client.ts';
import {
  HttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  WebPageError,
} from './api-errors.ts';
import { TokenSession } from '../session/token-session.ts';

const QUERY = '/index.php/api/service';
const TOKEN = '/index.php/api/oauth2';
const LOGOUT = '/index.php/api/oauth2/logout';
const rows = { records: [{ name: 'London' }], next_offset: -1 };
const tokens = (access: string) => ({
  access_token: access,
  expires_in: 3600,
  refresh_token: `r-${access}`,
  refresh_expires_in: 18000,
});

function setup(
  routes: Record<string, FakeAnswer>,
  options: { expired?: boolean; reauthenticate?: () => Promise<boolean> } = {},
) {
  const clock = { now: 1_000_000 };
  const fake = fakeFetch(routes);
  const sleeps: number[] = [];
  // eslint-disable-next-line prefer-const -- the session and the client refer to each other
  let client: ReturnType<typeof createApiClient>;
  const session = new TokenSession((refreshToken) => client.refresh(refreshToken), {
    storage: window.sessionStorage,
    now: () => clock.now,
  });
  session.signIn(tokens('first'), 'analyst');
  if (options.expired) clock.now += 3_600_000;
  const reauthenticate = vi.fn(options.reauthenticate ?? (() => Promise.resolve(false)));
  const onForbidden = vi.fn();
  client = createApiClient({
    baseUrl: '',
    session,
    reauthenticate,
    onForbidden,
    fetch: fake.fetch,
    timeoutMs: 200,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  const queryCalls = () => fake.calls.filter((call) => call.url === QUERY);
  const refreshCalls = () => fake.calls.filter((call) => call.url === TOKEN);
  return { client, session, fake, sleeps, reauthenticate, onForbidden, queryCalls, refreshCalls };
}

const body = { module: 'metro_area__c' } as const;

describe('api client', () => {
  it('sends the query as text/plain JSON with the Oauth-Token header, and adapts the answer', async () => {
    const { client, queryCalls } = setup({ [QUERY]: () => jsonResponse(200, rows) });
    await expect(client.query(body)).resolves.toEqual({
      kind: 'rows',
      rows: rows.records,
      nextOffset: 'end',
    });
    expect(queryCalls()[0]).toMatchObject({
      headers: { 'content-type': 'text/plain', 'oauth-token': 'first' },
      body: JSON.stringify(body),
    });
  });

  it.each([
    ['text/html', '<!doctype html><title>Sign in</title>'],
    ['application/json', '\n<html>Proxy error</html>'],
  ])('names a 200 web page (%s) as one, without retrying', async (type, page) => {
    const { client, queryCalls } = setup({
      [QUERY]: () => new Response(page, { status: 200, headers: { 'Content-Type': type } }),
    });
    const failure = client.query(body);
    await expect(failure).rejects.toBeInstanceOf(WebPageError);
    await expect(failure).rejects.toThrow('The service answered with a web page instead of data.');
    expect(queryCalls()).toHaveLength(1);
  });

  it('refreshes once for five parallel requests that meet an expired token', async () => {
    const { client, queryCalls, refreshCalls } = setup(
      {
        [QUERY]: () => jsonResponse(200, rows),
        [TOKEN]: () => jsonResponse(200, tokens('second')),
      },
      { expired: true },
    );
    await Promise.all(Array.from({ length: 5 }, () => client.query(body)));
    expect(refreshCalls()).toHaveLength(1);
    expect(queryCalls().map((call) => call.headers['oauth-token'])).toEqual(
      Array(5).fill('second'),
    );
  });

  it('on a 401 renews the token and re-runs the request once', async () => {
    let first = true;
    const { client, queryCalls } = setup({
      [QUERY]: () => {
        const answer = first
          ? jsonResponse(401, { error: 'invalid_token', error_message: 'expired' })
          : jsonResponse(200, rows);
        first = false;
        return answer;
      },
      [TOKEN]: () => jsonResponse(200, tokens('second')),
    });
    await expect(client.query(body)).resolves.toMatchObject({ kind: 'rows' });
    expect(queryCalls().map((call) => call.headers['oauth-token'])).toEqual(['first', 'second']);
  });

  it('asks the analyst to sign in again when refresh is refused, then re-runs the request', async () => {
    let signedInAgain = false;
    const state = setup(
      {
        [QUERY]: (call) =>
          call.headers['oauth-token'] === 'third'
            ? jsonResponse(200, rows)
            : jsonResponse(401, { error: 'invalid_token', error_message: 'expired' }),
        [TOKEN]: () =>
          jsonResponse(400, { error: 'invalid_grant', error_message: 'no refresh here' }),
      },
      {
        reauthenticate: () => {
          signedInAgain = true;
          state.session.signIn(tokens('third'), 'analyst');
          return Promise.resolve(true);
        },
      },
    );
    await expect(state.client.query(body)).resolves.toMatchObject({ kind: 'rows' });
    expect(signedInAgain).toBe(true);
    expect(state.reauthenticate).toHaveBeenCalledTimes(1);
  });

  it('opens one sign-in prompt for five requests that all meet a 401, then re-runs each once', async () => {
    let release: (signedIn: boolean) => void = () => undefined;
    const state = setup(
      {
        [QUERY]: (call) =>
          call.headers['oauth-token'] === 'again'
            ? jsonResponse(200, rows)
            : jsonResponse(401, { error: 'invalid_token', error_message: 'expired' }),
        [TOKEN]: () =>
          jsonResponse(400, { error: 'invalid_grant', error_message: 'no refresh here' }),
      },
      {
        reauthenticate: () =>
          new Promise<boolean>((resolve) => {
            release = resolve;
          }),
      },
    );
    const running = Promise.all(Array.from({ length: 5 }, () => state.client.query(body)));
    await vi.waitFor(() => {
      expect(state.reauthenticate).toHaveBeenCalledTimes(1);
    });
    state.session.signIn(tokens('again'), 'analyst');
    release(true);
    await expect(running).resolves.toHaveLength(5);
    expect(state.reauthenticate).toHaveBeenCalledTimes(1);
    expect(
      state.queryCalls().filter((call) => call.headers['oauth-token'] === 'again'),
    ).toHaveLength(5);
  });

  it('fails with the 401 when the analyst declines to sign in again', async () => {
    const { client, queryCalls } = setup({
      [QUERY]: () => jsonResponse(401, { error: 'invalid_token', error_message: 'expired' }),
      [TOKEN]: () => jsonResponse(400, { error: 'invalid_grant', error_message: 'refused' }),
    });
    await expect(client.query(body)).rejects.toMatchObject({ status: 401 });
    expect(queryCalls()).toHaveLength(1);
  });

  it('reports the module of a 403, so the navigation can mark it unavailable', async () => {
    const { client, onForbidden } = setup({
      [QUERY]: () => jsonResponse(403, { error: 'forbidden', error_message: 'not subscribed' }),
    });
    await expect(client.query(body)).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledWith('metro_area__c');
  });

  it('never retries a 4xx, and names the server message', async () => {
    const { client, queryCalls } = setup({
      [QUERY]: () =>
        jsonResponse(400, {
          error: 'unknown_field',
          error_message: 'unknown field "x"',
          field: 'x',
        }),
    });
    const error = await client.query(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'unknown_field',
      message: 'unknown field "x"',
      field: 'x',
    });
    expect(queryCalls()).toHaveLength(1);
  });

  it('retries a 5xx at most twice, with growing waits', async () => {
    const { client, queryCalls, sleeps } = setup({
      [QUERY]: () => jsonResponse(503, { error: 'down', error_message: 'down' }),
    });
    await expect(client.query(body)).rejects.toMatchObject({ status: 503 });
    expect(queryCalls()).toHaveLength(3);
    expect(sleeps).toEqual([500, 1500]);
  });

  it.each([
    [504, 'query_timeout'],
    [503, 'query_too_large'],
    [502, 'upstream_html'],
    [502, 'upstream_too_large'],
  ])('never retries a %i %s: the same request would fail the same way', async (status, code) => {
    const { client, queryCalls, sleeps } = setup({
      [QUERY]: () => jsonResponse(status, { error: code, error_message: 'no' }),
    });
    await expect(client.query(body)).rejects.toMatchObject({ status, code });
    expect(queryCalls()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a lost connection, then succeeds', async () => {
    let calls = 0;
    const { client } = setup({
      [QUERY]: () => (++calls === 1 ? new TypeError('fetch failed') : jsonResponse(200, rows)),
    });
    await expect(client.query(body)).resolves.toMatchObject({ kind: 'rows' });
  });

  it('reports a lost connection as a NetworkError after the retries', async () => {
    const { client } = setup({ [QUERY]: () => new TypeError('fetch failed') });
    await expect(client.query(body)).rejects.toBeInstanceOf(NetworkError);
  });

  it('honours Retry-After on 429, and gives a clear error beyond 30 s', async () => {
    let calls = 0;
    const short = setup({
      [QUERY]: () =>
        ++calls === 1
          ? jsonResponse(429, { error: 'busy', error_message: 'busy' }, { 'Retry-After': '3' })
          : jsonResponse(200, rows),
    });
    await expect(short.client.query(body)).resolves.toMatchObject({ kind: 'rows' });
    expect(short.sleeps).toEqual([3000]);

    const long = setup({
      [QUERY]: () =>
        jsonResponse(429, { error: 'busy', error_message: 'busy' }, { 'Retry-After': '120' }),
    });
    await expect(long.client.query(body)).rejects.toThrow(/wait 2 minute/);
    expect(long.sleeps).toEqual([]);
  });

  it('gives up after its deadline with a TimeoutError', async () => {
    const { client } = setup({ [QUERY]: () => new Promise<Response>(() => undefined) });
    await expect(client.query(body)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('stops at once when the caller cancels', async () => {
    const controller = new AbortController();
    const { client, queryCalls } = setup({
      [QUERY]: () => {
        // Cancelled while the request is in flight, as when the analyst changes the filters.
        controller.abort();
        return new Promise<Response>(() => undefined);
      },
    });
    const running = client.query(body, controller.signal);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(queryCalls()).toHaveLength(1);
  });

  it('raises a ResponseShapeError for an answer it cannot read', async () => {
    const { client } = setup({ [QUERY]: () => jsonResponse(200, { surprise: true }) });
    await expect(client.query(body)).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('never retries a login, even on a server failure', async () => {
    const { client, refreshCalls } = setup({
      [TOKEN]: () => jsonResponse(502, { error: 'upstream_unreachable', error_message: 'down' }),
    });
    await expect(client.login('analyst', 'pw')).rejects.toMatchObject({
      status: 502,
      message: 'down',
    });
    expect(refreshCalls()).toHaveLength(1);
  });

  it('sends cookies with the token requests only: the device cookie, never with a query or sign-out', async () => {
    const { client, fake } = setup({
      [TOKEN]: () => jsonResponse(200, tokens('next')),
      [QUERY]: () => jsonResponse(200, rows),
      [LOGOUT]: () => jsonResponse(200, { success: true }),
    });
    await client.login('analyst', 'pw');
    await client.refresh('r-first');
    await client.query(body);
    await client.logout('next', 'r-next');
    expect(fake.calls.map(({ url, credentials }) => [url, credentials])).toEqual([
      [TOKEN, 'same-origin'],
      [TOKEN, 'same-origin'],
      [QUERY, 'omit'],
      [LOGOUT, 'omit'],
    ]);
  });
});
