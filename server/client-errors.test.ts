import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/api-server.ts';
import { startFixtureServer } from '../testing/fixture-server.ts';
import { parseAnswer, rawRequest } from '../testing/raw-http.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  ({ server, port } = await startFixtureServer());
});
afterAll(() => server.close());

/** Sends raw bytes (no client library would send these) and parses the answer. */
async function send(bytes: string) {
  return parseAnswer(await rawRequest(port, bytes));
}

/** The API's error shape: a stable code and a sentence, nothing of Node's or Fastify's. */
function expectApiError(answer: ReturnType<typeof parseAnswer>, status: number) {
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'error_message']);
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(body.error).toBe('invalid_request');
  expect(typeof body.error_message).toBe('string');
  return body.error_message as string;
}

describe('errors found before a route runs', () => {
  it('answers request headers too large with 431 in the API shape', async () => {
    const answer = await send(
      `POST /index.php/api/service HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(expectApiError(answer, 431)).toMatch(/headers/);
  });

  it('answers a path that is not valid percent-encoding with 400 in the API shape', async () => {
    for (const path of ['/%E0%A4%A', '/index.php/api/%E0%A4%A', '/index.php/api/service/%zz']) {
      const answer = await send(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(expectApiError(answer, 400)).toContain(path);
    }
  });

  it('answers a request that is not HTTP with 400 in the API shape', async () => {
    const answer = await send('GARBAGE\r\n\r\n');
    expect(expectApiError(answer, 400)).toMatch(/not a valid HTTP request/);
  });
});
